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
