// /dashboard/compare/:id: a stored comparison read back. Answers can still be rated (which reveals a
// blind one) and continued in chat; the comparison can be deleted. Someone else's id is not found.
// Answers still coming (the dialog was closed while they streamed) are followed as the server stores
// them, and can be stopped here. A failed or stopped answer can be run again, and is followed the same way.
import { ArrowLeft, EyeOff, Square } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useParams } from "react-router";
import { FeatureErrorBoundary } from "@/components/error-boundary";
import { NotFoundPanel } from "@/components/not-found-panel";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { PageSpinner } from "@/components/ui/spinner";
import { isNotFound } from "@/lib/api-client";
import { useDocumentTitle } from "@/lib/use-document-title";
import { formatWhen } from "@/lib/utils";
import { isRunning, useComparison } from "../api/get-comparison";
import { useRateResponse } from "../api/rate-response";
import { stopComparison } from "../api/stop-comparison";
import { startComparisonResponse } from "../api/stream-comparison-response";
import { useCompareSettings } from "../hooks/use-compare-settings";
import { blindRange, isHidden } from "../utils/blind";
import { showComparisonError } from "../utils/compare-toasts";
import { DeleteComparisonButton } from "./delete-comparison-button";
import { ResponseGrid } from "./response-grid";

const BACK = "/dashboard/compare";

function BackLink() {
  const { t } = useTranslation("compare");
  return (
    <Link
      to={BACK}
      className="flex w-fit items-center gap-1.5 text-sm text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {t("detail.all")}
    </Link>
  );
}

export function ComparisonDetailPage() {
  const { t } = useTranslation("compare");
  useDocumentTitle(t("detail.title"));
  const { id = "" } = useParams();
  const navigate = useNavigate();
  const { data: comparison, error, isPending, refetch } = useComparison(id);
  const rating = useRateResponse();
  const { showMetrics } = useCompareSettings();

  const running = isRunning(comparison);
  const [stopping, setStopping] = useState(false);
  const stop = async () => {
    setStopping(true);
    try {
      await stopComparison(id);
      await refetch();
    } catch (e) {
      showComparisonError(e, "stopFailed");
    } finally {
      setStopping(false);
    }
  };

  const [starting, setStarting] = useState(false);
  const runAgain = async (responseId: string) => {
    setStarting(true);
    try {
      await startComparisonResponse({ comparisonId: id, responseId });
    } catch (e) {
      showComparisonError(e, "retryFailed");
    }
    await refetch();
    setStarting(false);
  };

  const rate = (responseId: string, value: number) =>
    rating.mutate(
      { comparisonId: id, responseId, rating: value },
      { onError: (e) => showComparisonError(e, "ratingFailed") },
    );

  let body;
  if (isPending) body = <PageSpinner label={t("detail.loading")} />;
  else if (isNotFound(error))
    body = <NotFoundPanel what={t("detail.title")} back={{ to: BACK, label: t("detail.back") }} />;
  else if (!comparison)
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-sm text-destructive">{t("detail.loadFailed")}</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          {t("tryAgain")}
        </Button>
      </div>
    );
  else
    body = (
      <>
        <header className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex min-w-0 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-semibold tracking-tight">{t("detail.title")}</h1>
              {comparison.blind ? (
                <Badge variant={isHidden(comparison) ? "secondary" : "default"}>
                  {isHidden(comparison) ? <EyeOff aria-hidden="true" /> : null}
                  {isHidden(comparison) ? t("blind.blind") : t("blind.revealed")}
                </Badge>
              ) : null}
            </div>
            <time dateTime={comparison.createdAt} className="text-sm text-muted-foreground">
              {formatWhen(comparison.createdAt)}
            </time>
          </div>
          <div className="flex items-center gap-2">
            {running ? (
              <Button variant="outline" size="sm" onClick={() => void stop()} disabled={stopping}>
                <Square aria-hidden="true" />
                {t("stop")}
              </Button>
            ) : null}
            <DeleteComparisonButton comparisonId={comparison.id} onDeleted={() => void navigate(BACK)} />
          </div>
        </header>
        <section aria-label={t("prompt")} className="rounded-xl border bg-muted/40 px-4 py-3">
          <p className="mb-1 text-xs font-medium text-muted-foreground">{t("prompt")}</p>
          <p className="text-sm break-words whitespace-pre-wrap">{comparison.prompt}</p>
        </section>
        {isHidden(comparison) ? (
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <EyeOff className="size-4" aria-hidden="true" />
            {t("blind.rateToRevealWhich", { range: blindRange(comparison.responses.length) })}
          </p>
        ) : null}
        <ResponseGrid
          comparison={comparison}
          streaming={running}
          showMetrics={showMetrics}
          onRate={rate}
          onRetry={starting ? undefined : (responseId) => void runAgain(responseId)}
        />
      </>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:px-8">
      <BackLink />
      <FeatureErrorBoundary feature="compare">{body}</FeatureErrorBoundary>
    </div>
  );
}
