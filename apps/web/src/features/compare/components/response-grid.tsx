import type { Comparison, ComparisonResponse } from "@tessera/contracts";
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

/** The answers of one comparison side by side, in the server's order (shuffled when blind). */
export function ResponseGrid({
  comparison,
  stopped = new Set(),
  streaming = false,
  showMetrics,
  onRate,
}: {
  comparison: Comparison;
  stopped?: ReadonlySet<string>;
  /** True while answers are still coming: streamed by the dialog, or followed on the saved comparison's page. */
  streaming?: boolean;
  showMetrics: boolean;
  onRate: (responseId: string, rating: number) => void;
}) {
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
            title={hidden || !response.modelId ? `Model ${response.label}` : nameOf(response.modelId)}
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
          />
        );
      })}
    </div>
  );
}
