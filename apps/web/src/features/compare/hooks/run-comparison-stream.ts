// One answer of a comparison (spec §4 "Comparison, per model"): open its stream, follow the events,
// and report how it ended. Plain async code with callbacks, so the hook holding the cards stays small.
import { streamComparisonResponse } from "../api/stream-comparison-response";
import { errorMessage } from "@/lib/api-client";

export interface StreamMetrics {
  tokens: number;
  timeToFirstTokenMs: number | null;
  responseTimeMs: number;
  tokensPerSecond: number | null;
  cost: number | null;
}

export type StreamResult =
  | { kind: "complete"; text: string; metrics: StreamMetrics }
  /** Stop was pressed: the server keeps `text` as the answer so far. */
  | { kind: "stopped"; text: string }
  | { kind: "failed"; text: string; message: string };

export interface StreamCallbacks {
  /** The server began this answer. */
  onStart(): void;
  /** The answer so far, after every chunk. */
  onText(text: string): void;
}

const ENDED_EARLY = "The answer ended before it was complete. Please try again.";

export async function runComparisonStream(
  target: { comparisonId: string; responseId: string },
  signal: AbortSignal,
  callbacks: StreamCallbacks,
): Promise<StreamResult> {
  let text = "";
  try {
    for await (const event of streamComparisonResponse(target, signal)) {
      if (event.type === "start") callbacks.onStart();
      else if (event.type === "chunk") callbacks.onText((text += event.content));
      else if (event.type === "error") return { kind: "failed", text, message: event.message || event.error };
      else {
        const { type: _type, done: _done, ...metrics } = event;
        return { kind: "complete", text, metrics };
      }
    }
    if (signal.aborted) return { kind: "stopped", text };
    return { kind: "failed", text, message: ENDED_EARLY };
  } catch (error) {
    if (signal.aborted) return { kind: "stopped", text };
    return { kind: "failed", text, message: errorMessage(error) };
  }
}
