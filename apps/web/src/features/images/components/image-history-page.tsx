// /dashboard/image-history (spec 001 §2, §7, §8): up to 50 of one's images, newest first, with status
// badges, a details overlay, download and delete (after a confirmation). Empty: 'No images yet'.
import { IMAGE_HISTORY_LIMIT, type GeneratedImage } from "@tessera/contracts";
import { Images, Plus, RotateCw } from "lucide-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation("images");
  useDocumentTitle(t("history.title"));
  const { data, error, isPending, refetch, isRefetching } = useImages(IMAGE_HISTORY_LIMIT);
  const models = useImageModels();
  const remove = useDeleteImage();
  const { download, busyId } = useDownloadImage("historyDownloadFailed");
  const [openId, setOpenId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<GeneratedImage | null>(null);
  // The overlay follows the list, so a job that finishes while it is open shows its image.
  const open = data?.find((image) => image.id === openId) ?? null;
  const modelName = (id: string | null) => modelNameOf(models.data?.models ?? [], id, t);

  const confirmDelete = (image: GeneratedImage) => {
    setDeleting(null);
    setOpenId(null);
    remove.mutate(image.id, {
      onSuccess: () => toast.success(t("messages.successTitle"), { description: t("messages.deleted") }),
      onError: (err) => toast.error(t("messages.deleteFailed"), { description: err.message }),
    });
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-10">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">{t("history.title")}</h1>
          <p className="text-muted-foreground">{t("history.intro", { count: IMAGE_HISTORY_LIMIT })}</p>
        </div>
        <Button asChild>
          <Link to="/dashboard/images">
            <Plus aria-hidden="true" />
            {t("newImage")}
          </Link>
        </Button>
      </header>

      {isPending ? (
        <PageSpinner label={t("history.loading")} />
      ) : error ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription className="flex flex-wrap items-center justify-between gap-3">
            <span>{t("history.loadFailed", { reason: error.message })}</span>
            <Button variant="outline" size="sm" onClick={() => void refetch()} disabled={isRefetching}>
              <RotateCw aria-hidden="true" />
              {t("history.tryAgain")}
            </Button>
          </AlertDescription>
        </Alert>
      ) : data.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Images aria-hidden="true" className="size-6" />
          </span>
          <p className="text-lg font-medium">{t("history.emptyTitle")}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t("history.emptyText")}</p>
          <Button asChild className="mt-2">
            <Link to="/dashboard/images">{t("history.createFirst")}</Link>
          </Button>
        </div>
      ) : (
        <ul
          aria-label={t("history.label")}
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
        title={t("history.deleteTitle")}
        description={(image) => (
          <Trans
            t={t}
            i18nKey="history.deleteDescription"
            values={{ prompt: image.prompt.length > 80 ? `${image.prompt.slice(0, 80)}…` : image.prompt }}
            components={{ strong: <strong /> }}
          />
        )}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
