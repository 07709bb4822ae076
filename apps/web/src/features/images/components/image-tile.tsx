// One image in the history grid: the picture (or 'Generating...' while it has none), its status, the
// prompt, and Download and Delete. Selecting the picture opens the details overlay.
import type { GeneratedImage } from "@tessera/contracts";
import { AlertTriangle, Download, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { formatWhen } from "@/lib/utils";
import { ImageStatusBadge } from "./image-status-badge";
import { useJobFailureText } from "@/lib/job-failure-text";

export function ImageTile({
  image,
  downloading,
  onOpen,
  onDownload,
  onDelete,
}: {
  image: GeneratedImage;
  downloading: boolean;
  onOpen: () => void;
  onDownload: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation("images");
  const failureText = useJobFailureText();
  const failed = image.status === "failed";
  return (
    <li
      aria-label={image.prompt}
      className="group flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm shadow-black/[0.03]"
    >
      <button
        type="button"
        onClick={onOpen}
        aria-label={t("tile.details", { prompt: image.prompt })}
        className="relative block aspect-square w-full overflow-hidden bg-muted focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none focus-visible:ring-inset"
      >
        {image.image_url ? (
          <img
            src={image.image_url}
            alt={image.prompt}
            loading="lazy"
            className="size-full object-cover transition duration-300 group-hover:scale-[1.03]"
          />
        ) : (
          <span className="flex size-full flex-col items-center justify-center gap-2 p-4 text-center text-sm text-muted-foreground">
            {failed ? (
              <>
                <AlertTriangle aria-hidden="true" className="size-5 text-destructive" />
                <span className="line-clamp-3">
                  {image.error ? failureText(image.error) : t("notGenerated")}
                </span>
              </>
            ) : (
              <>
                <Spinner className="size-5 text-primary" />
                {t("generating")}
              </>
            )}
          </span>
        )}
        {/* A card-coloured backing keeps the badge readable over any picture; the badge keeps its colour. */}
        <span className="absolute top-2 left-2 rounded-full bg-card/90 shadow-sm backdrop-blur-sm">
          <ImageStatusBadge status={image.status} />
        </span>
      </button>
      <div className="flex items-start gap-2 p-3">
        <div className="min-w-0 flex-1">
          <p className="line-clamp-2 text-sm font-medium" title={image.prompt}>
            {image.prompt}
          </p>
          <p className="mt-0.5 text-xs text-muted-foreground">{formatWhen(image.created_at)}</p>
        </div>
        {image.image_url ? (
          <Button
            variant="ghost"
            size="icon"
            aria-label={t("tile.download", { prompt: image.prompt })}
            onClick={onDownload}
            disabled={downloading}
            className="size-8 text-muted-foreground"
          >
            {downloading ? <Spinner /> : <Download aria-hidden="true" />}
          </Button>
        ) : null}
        <Button
          variant="ghost"
          size="icon"
          aria-label={t("tile.delete", { prompt: image.prompt })}
          onClick={onDelete}
          className="size-8 text-muted-foreground hover:text-destructive"
        >
          <Trash2 aria-hidden="true" />
        </Button>
      </div>
    </li>
  );
}
