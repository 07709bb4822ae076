// The comparison shown in the dialog and its cards: each card changes as its answer streams, and is
// rated (a rating shows at once and is taken back if the server refuses it); the server's answer to a
// rating brings the reveal of a blind comparison and the model names.
import type { Comparison, ComparisonResponse } from "@tessera/contracts";
import { useRef, useState } from "react";
import { useRateResponse } from "../api/rate-response";
import { showComparisonError } from "../utils/compare-toasts";

export function useComparisonCards() {
  const rating = useRateResponse();
  const [comparison, setComparison] = useState<Comparison | null>(null);
  // The latest comparison, for stream callbacks that outlive the render that started them.
  const latestRef = useRef<Comparison | null>(null);

  const show = (next: Comparison | null) => {
    latestRef.current = next;
    setComparison(next);
  };

  const patch = (responseId: string, update: Partial<ComparisonResponse>) => {
    const current = latestRef.current;
    if (!current?.responses.some((r) => r.id === responseId)) return;
    show({
      ...current,
      responses: current.responses.map((r) => (r.id === responseId ? { ...r, ...update } : r)),
    });
  };

  /** Takes the server's ratings, reveal and model ids; the text and status on screen stay as streamed. */
  const merge = (server: Comparison) => {
    const current = latestRef.current;
    if (current?.id !== server.id) return;
    show({
      ...current,
      revealed: server.revealed,
      responses: current.responses.map((r) => {
        const stored = server.responses.find((s) => s.id === r.id);
        // A blind answer's cost would hint at its model: the stream leaves it out until the reveal.
        return stored
          ? { ...r, rating: stored.rating, modelId: stored.modelId, cost: r.cost ?? stored.cost }
          : r;
      }),
    });
  };

  const rate = (responseId: string, value: number) => {
    const current = latestRef.current;
    if (!current) return;
    const previous = current.responses.find((r) => r.id === responseId)?.rating ?? null;
    patch(responseId, { rating: value });
    rating.mutate(
      { comparisonId: current.id, responseId, rating: value },
      {
        onSuccess: merge,
        onError: (error) => {
          patch(responseId, { rating: previous });
          showComparisonError(error, "ratingFailed");
        },
      },
    );
  };

  return { comparison, latestRef, show, patch, rate };
}
