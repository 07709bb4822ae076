// POST /api/chat-stream in comparison mode: streams one answer of a stored comparison and yields its
// events (start, chunk, then one complete or error). Lines that are not valid events are skipped.
import {
  comparisonStreamEventSchema,
  type ComparisonStreamEvent,
  type ComparisonStreamRequest,
} from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseEvents } from "@/lib/sse-reader";

export async function* streamComparisonResponse(
  target: { comparisonId: string; responseId: string },
  signal: AbortSignal,
): AsyncGenerator<ComparisonStreamEvent> {
  const body: ComparisonStreamRequest = { comparison: true, ...target };
  const stream = await apiStream("/api/chat-stream", { body, signal });
  yield* readSseEvents(stream, comparisonStreamEventSchema, signal);
}

/**
 * Starts one answer and lets go once the server has begun it: the answer outlives the page that
 * asked for it, and the saved comparison's page reads it as it is stored.
 */
export async function startComparisonResponse(target: {
  comparisonId: string;
  responseId: string;
}): Promise<void> {
  const controller = new AbortController();
  try {
    for await (const event of streamComparisonResponse(target, controller.signal)) {
      if (event.type === "start") return;
      if (event.type === "error") throw new Error(event.message || event.error);
    }
    throw new Error("The answer did not start. Please try again.");
  } finally {
    controller.abort();
  }
}
