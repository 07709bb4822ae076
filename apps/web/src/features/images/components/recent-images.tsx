// Recent Images (spec 001 §2, §7): the last ten, newest first; one that is still running says so, a
// finished one opens in the result area.
import { RECENT_IMAGES_LIMIT, type GeneratedImage } from "@tessera/contracts";
import { AlertTriangle, ChevronRight } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/api-client";
import { useImages } from "../api/get-images";
import { useJobFailureText } from "@/lib/job-failure-text";

export function RecentImages({ onOpen }: { onOpen: (image: GeneratedImage) => void }) {
  const { t } = useTranslation("images");
  const { data, error, isPending } = useImages(RECENT_IMAGES_LIMIT);
  return (
    <Card role="region" aria-labelledby="recent-images-heading">
      <CardHeader className="flex-row items-center justify-between gap-2 pb-3">
        <CardTitle id="recent-images-heading" className="text-base">
          {t("recent.title")}
        </CardTitle>
        <Link
          to="/dashboard/image-history"
          className="inline-flex items-center gap-0.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          {t("recent.viewAll")}
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
      </CardHeader>
      <CardContent>
        {isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label={t("recent.loading")} className="size-5 text-primary" />
          </div>
        ) : error ? (
          <p role="alert" className="text-sm text-destructive">
            {t("recent.loadFailed", { reason: errorMessage(error) })}
          </p>
        ) : data.length === 0 ? (
          <p className="py-4 text-center text-sm text-muted-foreground">{t("recent.empty")}</p>
        ) : (
          <ul aria-label={t("recent.label")} className="grid grid-cols-3 gap-2 lg:grid-cols-2">
            {data.map((image) => (
              <li key={image.id}>
                <RecentTile image={image} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function RecentTile({ image, onOpen }: { image: GeneratedImage; onOpen: (image: GeneratedImage) => void }) {
  const { t } = useTranslation("images");
  const failureText = useJobFailureText();
  const frame = "flex aspect-square w-full overflow-hidden rounded-lg border bg-muted";
  if (image.image_url)
    return (
      <button
        type="button"
        onClick={() => onOpen(image)}
        title={image.prompt}
        className={`${frame} transition hover:opacity-90 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none`}
      >
        <img src={image.image_url} alt={image.prompt} loading="lazy" className="size-full object-cover" />
      </button>
    );
  const failed = image.status === "failed";
  return (
    <div
      title={failed ? (image.error ? failureText(image.error) : t("status.failed")) : image.prompt}
      className={`${frame} flex-col items-center justify-center gap-1 p-1 text-center text-[0.7rem] text-muted-foreground`}
    >
      {failed ? <AlertTriangle aria-hidden="true" className="size-4 text-destructive" /> : <Spinner />}
      <span>{failed ? t("status.failed") : t("generating")}</span>
    </div>
  );
}
