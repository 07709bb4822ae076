// History's details overlay: the image large, its prompt (copyable, or taken back to the creator),
// model, ratio, time and date, with download and delete.
import type { GeneratedImage } from "@tessera/contracts";
import { Copy, Download, ExternalLink, Trash2, Wand2 } from "lucide-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { formatWhen } from "@/lib/utils";
import { aspectOf, secondsText } from "../utils/format-image";
import { storeSelectedImage } from "../utils/image-prefill";
import { ImageStatusBadge } from "./image-status-badge";
import { useJobFailureText } from "@/lib/job-failure-text";

async function copyPrompt(prompt: string, t: TFunction<"images">) {
  try {
    await navigator.clipboard.writeText(prompt);
    toast.success(t("messages.copiedTitle"), { description: t("messages.copied") });
  } catch (error) {
    toast.error(t("details.copyFailed"), {
      description: error instanceof Error ? error.message : t("details.notAllowed"),
    });
  }
}

export function ImageDetailsDialog({
  image,
  modelName,
  downloading,
  onClose,
  onDownload,
  onDelete,
}: {
  image: GeneratedImage | null;
  modelName: (id: string | null) => string;
  downloading: boolean;
  onClose: () => void;
  onDownload: (image: GeneratedImage) => void;
  onDelete: (image: GeneratedImage) => void;
}) {
  const { t } = useTranslation("images");
  const failureText = useJobFailureText();
  const navigate = useNavigate();
  return (
    <Dialog open={image !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] scroll-area max-w-3xl overflow-y-auto">
        {image ? (
          <>
            <DialogHeader>
              <DialogTitle>{t("details.title")}</DialogTitle>
              <DialogDescription className="sr-only">{t("details.description")}</DialogDescription>
            </DialogHeader>
            {image.image_url ? (
              <a
                href={image.image_url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex justify-center overflow-hidden rounded-lg bg-muted/50"
              >
                <img
                  src={image.image_url}
                  alt={image.prompt}
                  style={{ aspectRatio: aspectOf(image) }}
                  className="max-h-[55dvh] w-auto max-w-full object-contain"
                />
              </a>
            ) : (
              <p className="rounded-lg bg-muted/50 px-4 py-8 text-center text-sm text-muted-foreground">
                {image.status === "failed"
                  ? image.error
                    ? failureText(image.error)
                    : t("notGenerated")
                  : t("generating")}
              </p>
            )}
            <section aria-label={t("form.prompt")} className="flex flex-col gap-2">
              <p className="text-sm leading-relaxed whitespace-pre-wrap">{image.prompt}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => void copyPrompt(image.prompt, t)}>
                  <Copy aria-hidden="true" />
                  {t("details.copyPrompt")}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => {
                    storeSelectedImage({
                      prompt: image.prompt,
                      model: image.model,
                      aspectRatio: image.aspect_ratio,
                    });
                    void navigate("/dashboard/images");
                  }}
                >
                  <Wand2 aria-hidden="true" />
                  {t("details.usePrompt")}
                </Button>
              </div>
            </section>
            <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
              <Fact label={t("form.model")}>{modelName(image.model)}</Fact>
              <Fact label={t("details.aspectRatio")}>
                {image.aspect_ratio ?? "—"}
                {image.width && image.height ? ` (${image.width}×${image.height})` : ""}
              </Fact>
              <Fact label={t("details.generationTime")}>{secondsText(image.generation_time, t)}</Fact>
              <Fact label={t("details.created")}>{formatWhen(image.created_at)}</Fact>
              <Fact label={t("details.status")}>
                <ImageStatusBadge status={image.status} />
              </Fact>
            </dl>
            <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:justify-end">
              <Button
                variant="ghost"
                className="text-destructive hover:text-destructive"
                onClick={() => onDelete(image)}
              >
                <Trash2 aria-hidden="true" />
                {t("details.delete")}
              </Button>
              {image.image_url ? (
                <>
                  <Button variant="outline" asChild>
                    <a href={image.image_url} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden="true" />
                      {t("viewFullSize")}
                    </a>
                  </Button>
                  <Button onClick={() => onDownload(image)} disabled={downloading}>
                    {downloading ? <Spinner /> : <Download aria-hidden="true" />}
                    {t("download")}
                  </Button>
                </>
              ) : null}
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  );
}
