// /dashboard/image-history (spec 001 §2, §7, §8): up to 50 of one's images, newest first, with status
// badges, a details overlay, download and delete (after a confirmation). Empty: 'No images yet'.
import { IMAGE_HISTORY_LIMIT, IMAGE_MESSAGES, type GeneratedImage } from "@tessera/contracts";
import { Images, Plus, RotateCw } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { toast } from "@/lib/toast";
import { ConfirmDeleteDialog } from "@/components/confirm-delete-dialog";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useDeleteImage } from "../api/delete-image";
import { useImageModels } from "../api/get-image-models";
import { useImages } from "../api/get-images";
import { useDownloadImage } from "../hooks/use-download-image";
import { modelNameOf } from "../utils/format-image";
import { ImageDetailsDialog } from "./image-details-dialog";
import { ImageTile } from "./image-tile";

export function ImageHistoryPage() {
  useDocumentTitle("Image History");
  const { data, error, isPending, refetch, isRefetching } = useImages(IMAGE_HISTORY_LIMIT);
  const models = useImageModels();
  const remove = useDeleteImage();
  const { download, busyId } = useDownloadImage(IMAGE_MESSAGES.historyDownloadFailed);
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<GeneratedImage | null>(null);
  // The overlay follows the list, so a job that finishes while it is open shows its image.
  const open = data?.find((image) => image.id === openId) ?? null;
  const modelName = (id: string | null) => modelNameOf(models.data?.models ?? [], id);

  const confirmDelete = (image: GeneratedImage) => {
    setDeleting(null);
    setOpenId(null);
    remove.mutate(image.id, {
      onSuccess: () => toast.success(IMAGE_MESSAGES.successTitle, { description: IMAGE_MESSAGES.deleted }),
      onError: (err) => toast.error(IMAGE_MESSAGES.deleteFailed, { description: err.message }),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">Image History</h1>
          <p className="text-muted-foreground">
            Your last {IMAGE_HISTORY_LIMIT} images with their prompts, ready to download or delete.
          </p>
        </div>
        <Button asChild>
          <Link to="/dashboard/images">
            <Plus aria-hidden="true" />
            New Image
          </Link>
        </Button>
      </header>

      {isPending ? (
        <PageSpinner label="Loading images" />
      ) : error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>
              {IMAGE_MESSAGES.historyLoadFailed}: {error.message}
            </span>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </AlertDescription>
        </Alert>
      ) : data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Images aria-hidden="true" className="size-6" />
          </span>
          <p className="text-lg font-medium">No images yet</p>
          <p className="max-w-sm text-sm text-muted-foreground">
            Images you generate are kept here with their prompts.
          </p>
          <Button asChild className="mt-2">
            <Link to="/dashboard/images">Create Your First Image</Link>
          </Button>
        </div>
      ) : (
        <ul
          aria-label="Images"
          className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 md:grid-cols-3 xl:grid-cols-4"
        >
          {data.map((image) => (
            <ImageTile
              key={image.id}
              image={image}
              downloading={busyId === image.id}
              onOpen={() => setOpenId(image.id)}
              onDownload={() => void download(image)}
              onDelete={() => setDeleting(image)}
            />
          ))}
        </ul>
      )}

      <ImageDetailsDialog
        image={open}
        modelName={modelName}
        downloading={open !== null && busyId === open.id}
        onClose={() => setOpenId(null)}
        onDownload={(image) => void download(image)}
        onDelete={(image) => setDeleting(image)}
      />
      <ConfirmDeleteDialog
        item={deleting}
        title="Delete this image?"
        description={(image) => (
          <>
            The image for{" "}
            <strong>“{image.prompt.length > 80 ? `${image.prompt.slice(0, 80)}…` : image.prompt}”</strong>{" "}
            will be removed from your history. This cannot be undone.
          </>
        )}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
