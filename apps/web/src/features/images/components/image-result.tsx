// The image just made (or picked from Recent Images): shown whole, with its facts, a link to the full
// size in a new tab and Download.
import type { GeneratedImage } from "@tessera/contracts";
import { Download, ExternalLink, ImageIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { useDownloadImage } from "../hooks/use-download-image";
import { aspectOf, secondsText } from "../utils/format-image";

export function ImageResult({
  image,
  modelName,
}: {
  image: GeneratedImage | null;
  modelName: (id: string | null) => string;
}) {
  const { t } = useTranslation("images");
  const { download, busyId } = useDownloadImage();
  if (!image?.image_url)
    return (
      <Card className="border-dashed">
        <CardContent className="flex flex-col items-center gap-2 px-6 py-14 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-primary/10 text-primary">
            <ImageIcon aria-hidden="true" className="size-6" />
          </span>
          <p className="font-medium">{t("result.emptyTitle")}</p>
          <p className="max-w-sm text-sm text-muted-foreground">{t("result.emptyText")}</p>
        </CardContent>
      </Card>
    );
  return (
    <Card className="overflow-hidden" role="region" aria-label={t("result.label")}>
      <div className="flex justify-center bg-muted/40">
        <img
          src={image.image_url}
          alt={image.prompt}
          style={{ aspectRatio: aspectOf(image) }}
          className="max-h-[32rem] w-auto max-w-full object-contain"
        />
      </div>
      <CardContent className="flex flex-col gap-3 pt-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <p className="line-clamp-2 text-sm font-medium">{image.prompt}</p>
          <p className="mt-1 text-xs text-muted-foreground">
            {modelName(image.model)} · {image.aspect_ratio ?? "—"}
            {image.width && image.height ? ` · ${image.width}×${image.height}` : ""} ·{" "}
            {secondsText(image.generation_time, t)}
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" size="sm" asChild>
            <a href={image.image_url} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {t("viewFullSize")}
            </a>
          </Button>
          <Button size="sm" onClick={() => void download(image)} disabled={busyId === image.id}>
            {busyId === image.id ? <Spinner /> : <Download aria-hidden="true" />}
            {t("download")}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
