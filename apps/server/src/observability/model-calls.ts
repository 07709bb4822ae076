// Where a model call's end is heard: the metrics of each app and the tracer subscribe here, and
// providers/llm/stream-model.ts reports every call once, as it returns its outcome. A plain list of
// listeners, so the chat's hot path pays one loop over (usually) one function.

export interface ModelCallReport {
  /** The provider as the model names itself ("openrouter.chat", "tessera-local"). */
  provider: string;
  model: string;
  outcome: "ok" | "interrupted" | "rateLimited" | "unavailable" | "failed" | "timeout";
  inputTokens: number | null;
  outputTokens: number | null;
  timeToFirstTokenMs: number | null;
  totalMs: number;
  /** US dollars, when the provider reported it. */
  cost: number | null;
}

type Listener = (report: ModelCallReport) => void;
const listeners = new Set<Listener>();

/** Hears every model call that ends in this process; answers the function that stops hearing. */
export function onModelCall(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A listener's failure never reaches the answer it describes. */
export function reportModelCall(
  model: { provider: string; modelId: string },
  outcome: {
    failure: Exclude<ModelCallReport["outcome"], "ok" | "interrupted"> | null;
    interrupted: boolean;
    inputTokens: number | null;
    outputTokens: number | null;
    timeToFirstTokenMs: number | null;
    totalMs: number;
    cost: number | null;
  },
): void {
  if (listeners.size === 0) return;
  const report: ModelCallReport = {
    provider: model.provider,
    model: model.modelId,
    outcome: outcome.failure ?? (outcome.interrupted ? "interrupted" : "ok"),
    inputTokens: outcome.inputTokens,
    outputTokens: outcome.outputTokens,
    timeToFirstTokenMs: outcome.timeToFirstTokenMs,
    totalMs: outcome.totalMs,
    cost: outcome.cost,
  };
  for (const listener of listeners) {
    try {
      listener(report);
    } catch {
      // Observing is best effort: a broken listener must not fail or slow the call it observes.
    }
  }
}
