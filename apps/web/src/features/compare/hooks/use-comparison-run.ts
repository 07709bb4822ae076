// The comparison being run in the dialog: create it, stream every answer at once (one
// AbortController per card), stop them all, run a failed or stopped one again, rate answers and take in
// the reveal of a blind one.
// The answers outlive the dialog: closing it (or losing the connection) leaves them to the server,
// and the saved comparison's page reads them back. Stop asks the server to end them.
import {
  ANSWER_STARTED_OVER,
  comparisonInputError,
  type Comparison,
  type ComparisonResponse,
  type CreateComparisonInput,
} from "@tessera/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { createComparison } from "../api/create-comparison";
import { comparisonQuery } from "../api/get-comparison";
import { comparisonsQuery } from "../api/get-comparisons";
import { useRateResponse } from "../api/rate-response";
import { stopComparison } from "../api/stop-comparison";
import { showComparisonError } from "../utils/compare-toasts";
import { runComparisonStream, type StreamResult } from "./run-comparison-stream";

export type RunPhase = "idle" | "creating" | "streaming";

/** Auto-rate (a setting): once all answers are in, the fastest complete one gets this rating. */
export const AUTO_RATING = 5;

export function useComparisonRun() {
  const queryClient = useQueryClient();
  const rating = useRateResponse();
  const [comparison, setComparison] = useState<Comparison | null>(null);
  const [stopped, setStopped] = useState<ReadonlySet<string>>(() => new Set());
  const [phase, setPhase] = useState<RunPhase>("idle");
  // The latest comparison, for stream callbacks that outlive the render that started them.
  const latestRef = useRef<Comparison | null>(null);
  /** The streams open in this page, by answer. */
  const controllersRef = useRef(new Map<string, AbortController>());

  useEffect(() => () => controllersRef.current.forEach((c) => c.abort()), []);

  const commit = (next: Comparison | null) => {
    latestRef.current = next;
    setComparison(next);
  };

  const patch = (comparisonId: string, responseId: string, update: Partial<ComparisonResponse>) => {
    const current = latestRef.current;
    if (current?.id !== comparisonId) return;
    commit({
      ...current,
      responses: current.responses.map((r) => (r.id === responseId ? { ...r, ...update } : r)),
    });
  };

  /** Takes the server's ratings, reveal and model ids; the text and status on screen stay as streamed. */
  const merge = (server: Comparison) => {
    const current = latestRef.current;
    if (current?.id !== server.id) return;
    commit({
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
    patch(current.id, responseId, { rating: value });
    rating.mutate(
      { comparisonId: current.id, responseId, rating: value },
      {
        onSuccess: merge,
        onError: (error) => {
          patch(current.id, responseId, { rating: previous });
          showComparisonError(error, "Rating not saved");
        },
      },
    );
  };

  const streamOne = async (comparisonId: string, responseId: string) => {
    const controller = new AbortController();
    controllersRef.current.set(responseId, controller);
    const result = await runComparisonStream({ comparisonId, responseId }, controller.signal, {
      onStart: () => patch(comparisonId, responseId, { status: "streaming" }),
      onText: (content) => patch(comparisonId, responseId, { status: "streaming", content }),
    });
    if (result.kind === "complete") {
      const m = result.metrics;
      patch(comparisonId, responseId, {
        status: "complete",
        content: result.text,
        tokensUsed: m.tokens,
        timeToFirstTokenMs: m.timeToFirstTokenMs,
        responseTimeMs: m.responseTimeMs,
        tokensPerSecond: m.tokensPerSecond,
        cost: m.cost,
      });
    } else if (result.kind === "failed") {
      patch(comparisonId, responseId, { status: "error", content: result.text, error: result.message });
    }
    // Stopped: spec §4, an abort changes no status; the card keeps its text and says it was stopped.
    if (controllersRef.current.get(responseId) === controller) controllersRef.current.delete(responseId);
    return { responseId, result };
  };

  /** Once no stream is open here, the run is over and the list is read again. */
  const settle = () => {
    if (controllersRef.current.size > 0) return;
    setPhase("idle");
    void queryClient.invalidateQueries({ queryKey: comparisonsQuery.queryKey, exact: true });
  };

  const autoRateFastest = (results: { responseId: string; result: StreamResult }[]) => {
    const fastest = results
      .flatMap(({ responseId, result }) =>
        result.kind === "complete" ? [{ responseId, ms: result.metrics.responseTimeMs }] : [],
      )
      .sort((a, b) => a.ms - b.ms)[0];
    const current = latestRef.current?.responses.find((r) => r.id === fastest?.responseId);
    // A rating the person already gave is never overwritten.
    if (current && current.rating === null) rate(current.id, AUTO_RATING);
  };

  const start = async (input: CreateComparisonInput, options: { autoRate: boolean }) => {
    const problem = comparisonInputError(input.prompt, input.models);
    if (problem) return showComparisonError(problem);
    setPhase("creating");
    let created: Comparison;
    try {
      created = await createComparison(input);
    } catch (error) {
      setPhase("idle");
      return showComparisonError(error, "Could not start the comparison");
    }
    commit(created);
    setStopped(new Set());
    setPhase("streaming");
    void queryClient.invalidateQueries({ queryKey: comparisonsQuery.queryKey, exact: true });

    const results = await Promise.all(created.responses.map((r) => streamOne(created.id, r.id)));
    settle();
    if (options.autoRate && results.every(({ result }) => result.kind !== "stopped"))
      autoRateFastest(results);
  };

  /** Runs one failed or stopped answer again in its card: its text, metrics and rating start over. */
  const retry = async (responseId: string) => {
    const current = latestRef.current;
    if (!current || controllersRef.current.has(responseId)) return;
    setStopped((before) => new Set([...before].filter((id) => id !== responseId)));
    patch(current.id, responseId, { ...ANSWER_STARTED_OVER, status: "pending", tokensPerSecond: null });
    setPhase("streaming");
    await streamOne(current.id, responseId);
    settle();
  };

  /**
   * The server ends the answers where they stand; each card then shows the text it kept, which may
   * run a little past what had reached this page.
   */
  const stopOnServer = async (comparisonId: string, responseIds: string[]) => {
    try {
      await stopComparison(comparisonId);
    } catch (error) {
      return showComparisonError(error, "Answers not stopped");
    }
    const stored = await queryClient.fetchQuery(comparisonQuery(comparisonId)).catch(() => null);
    // A card never loses words it showed (a draft stored elsewhere can lag behind them).
    const shown = new Map(latestRef.current?.responses.map((r) => [r.id, r.content.length]));
    for (const r of stored?.responses ?? [])
      if (responseIds.includes(r.id) && r.content.length > (shown.get(r.id) ?? 0))
        patch(comparisonId, r.id, { content: r.content });
  };

  /** Stops every answer still coming, here at once and on the server; what arrived stays on its card. */
  const stop = () => {
    const current = latestRef.current;
    const live = (current?.responses ?? []).filter((r) => r.status === "pending" || r.status === "streaming");
    // Cards stopped before (and not run again) are among them: an abort left their status as it was.
    setStopped(new Set(live.map((r) => r.id)));
    controllersRef.current.forEach((c) => c.abort());
    if (current && live.length)
      void stopOnServer(
        current.id,
        live.map((r) => r.id),
      );
  };

  return { comparison, stopped, phase, start, stop, retry, rate };
}
