import type { ComparisonResponse } from "@tessera/contracts";
import { Eye, MessageSquare, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Markdown } from "@/components/markdown";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { streamErrorText } from "@/lib/stream-error-text";
import { cn } from "@/lib/utils";
import { ResponseMetrics } from "./response-metrics";
import { StarRating } from "./star-rating";
import { StatusBadge } from "./status-badge";

export interface ResponseCardProps {
  response: ComparisonResponse;
  /** The model's name, or "Model A" while a blind comparison is hidden. */
  title: string;
  /** Shown beside a revealed name, so "A" can still be matched with what was read before. */
  revealedLabel: string | null;
  stopped: boolean;
  /** Its answer is still coming and this page follows it; otherwise a pending or streaming answer is shown as saved. */
  streaming: boolean;
  showMetrics: boolean;
  /** Absent when the answer cannot be rated (not complete). */
  onRate?: (rating: number) => void;
  /** Absent when the answer cannot be continued (hidden, or nothing to continue from). */
  onContinue?: () => void;
  continuing?: boolean;
  /** Absent when the answer cannot be run again (only a failed or stopped one can). */
  onRetry?: () => void;
}

/** One model's answer (spec §2): name, status, streamed text, metrics and, once complete, a rating. */
export function ResponseCard({
  response,
  title,
  revealedLabel,
  stopped,
  streaming,
  showMetrics,
  onRate,
  onContinue,
  continuing = false,
  onRetry,
}: ResponseCardProps) {
  const { t } = useTranslation("compare");
  const { status, content } = response;
  const live = streaming && !stopped && (status === "pending" || status === "streaming");
  const hasMetrics = status === "complete" || response.responseTimeMs !== null;
  return (
    <article
      aria-label={title}
      aria-busy={live}
      data-status={status}
      className="@container flex min-w-0 animate-rise-in flex-col gap-3 rounded-xl border bg-card p-4 shadow-xs"
    >
      <header className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <h3 className="w-full truncate text-sm leading-6 font-semibold" data-testid="card-title">
            {title}
          </h3>
          {revealedLabel ? (
            <Badge variant="default" className="animate-rise-in">
              <Eye aria-hidden="true" />
              {t("card.revealed", { label: revealedLabel })}
            </Badge>
          ) : null}
        </div>
        <StatusBadge status={status} stopped={stopped} live={live} />
      </header>

      <div className={cn("min-h-12 flex-1 text-[0.94rem] md:min-h-24", !content && "flex items-start")}>
        {content ? (
          <Markdown caret={live && status === "streaming"}>{content}</Markdown>
        ) : live ? (
          <span className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-3.5" />
            {status === "pending" ? t("card.waiting") : t("card.thinking")}
          </span>
        ) : status !== "error" ? (
          <span className="text-sm text-muted-foreground">
            {status === "complete" || stopped ? t("card.noText") : t("card.notAnswered")}
          </span>
        ) : null}
      </div>

      {status === "error" ? (
        <p role="alert" className="rounded-lg bg-destructive/8 px-3 py-2 text-sm text-destructive">
          {t("card.error", { reason: response.error ? streamErrorText(response.error) : t("card.failed") })}
        </p>
      ) : null}
      {stopped ? <p className="text-xs text-muted-foreground">{t("card.stopped")}</p> : null}
      {showMetrics && hasMetrics ? <ResponseMetrics response={response} /> : null}

      {onRate || onContinue || onRetry ? (
        <footer className="flex flex-wrap items-center gap-x-3 gap-y-2 border-t pt-3">
          {onRate ? (
            <StarRating value={response.rating} onRate={onRate} label={t("card.ratingFor", { title })} />
          ) : null}
          {onRetry ? (
            <Button variant="ghost" size="sm" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              {t("tryAgain")}
            </Button>
          ) : null}
          {onContinue ? (
            <Button variant="ghost" size="sm" className="ml-auto" onClick={onContinue} disabled={continuing}>
              {continuing ? <Spinner className="size-3.5" /> : <MessageSquare aria-hidden="true" />}
              {t("card.continue")}
            </Button>
          ) : null}
        </footer>
      ) : null}
    </article>
  );
}
