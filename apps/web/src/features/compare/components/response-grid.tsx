import type { Comparison, ComparisonResponse } from "@tessera/contracts";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import { useModelNames } from "../api/get-models";
import { useContinueInChatAction } from "../hooks/use-continue-in-chat";
import { isHidden } from "../utils/blind";
import { ResponseCard } from "./response-card";

/** Columns by number of answers: four sit two by two, so each keeps room for its text. */
const COLUMNS: Record<number, string> = {
  2: "md:grid-cols-2",
  3: "md:grid-cols-2 xl:grid-cols-3",
  4: "md:grid-cols-2",
};

function canContinue(comparison: Comparison, response: ComparisonResponse, stopped: boolean): boolean {
  if (isHidden(comparison) || !response.modelId || !response.content.trim() || stopped) return false;
  return response.status === "complete" || response.status === "stopped";
}

/**
 * A failed or stopped answer can be run again, unless its blind comparison is revealed: a new answer
 * waiting for its rating would hide the names once more.
 */
function canRetry(comparison: Comparison, response: ComparisonResponse, stopped: boolean): boolean {
  if (comparison.blind && comparison.revealed) return false;
  return stopped || response.status === "error" || response.status === "stopped";
}

/** The answers of one comparison side by side, in the server's order (shuffled when blind). */
export function ResponseGrid({
  comparison,
  stopped = new Set(),
  streaming = false,
  showMetrics,
  onRate,
  onRetry,
}: {
  comparison: Comparison;
  stopped?: ReadonlySet<string>;
  /** True while answers are still coming: streamed by the dialog, or followed on the saved comparison's page. */
  streaming?: boolean;
  showMetrics: boolean;
  onRate: (responseId: string, rating: number) => void;
  /** Runs a failed or stopped answer again; absent where answers cannot be run from this page. */
  onRetry?: (responseId: string) => void;
}) {
  const { t } = useTranslation("compare");
  const nameOf = useModelNames();
  const { continueWith, pendingId } = useContinueInChatAction();
  const responses = [...comparison.responses].sort((a, b) => a.position - b.position);
  return (
    <div className={cn("grid gap-4", COLUMNS[responses.length])}>
      {responses.map((response) => {
        const hidden = isHidden(comparison) || !response.modelId;
        const isStopped = stopped.has(response.id);
        return (
          <ResponseCard
            key={response.id}
            response={response}
            title={
              hidden || !response.modelId
                ? t("card.blindTitle", { label: response.label })
                : nameOf(response.modelId)
            }
            revealedLabel={comparison.blind && !hidden ? response.label : null}
            stopped={isStopped}
            streaming={streaming}
            showMetrics={showMetrics}
            onRate={response.status === "complete" ? (rating) => onRate(response.id, rating) : undefined}
            onContinue={
              canContinue(comparison, response, isStopped)
                ? () => continueWith(comparison.id, response.id)
                : undefined
            }
            continuing={pendingId === response.id}
            onRetry={
              onRetry && canRetry(comparison, response, isStopped) ? () => onRetry(response.id) : undefined
            }
          />
        );
      })}
    </div>
  );
}
