import { useTranslation } from "react-i18next";
import { Card, CardContent } from "@/components/ui/card";

/** The progress card: the spec's status text over a bar that follows the job. */
export function GenerationProgress({ progress, statusText }: { progress: number; statusText: string }) {
  const { t } = useTranslation("images");
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-6">
        <div className="flex items-center justify-between gap-3 text-sm">
          <span aria-live="polite" className="font-medium">
            {statusText}
          </span>
          <span className="text-muted-foreground tabular-nums">
            {t("percent", { value: progress / 100 })}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label={t("progressLabel")}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] duration-500 ease-out"
            style={{ width: `${progress}%` }}
          />
        </div>
      </CardContent>
    </Card>
  );
}
