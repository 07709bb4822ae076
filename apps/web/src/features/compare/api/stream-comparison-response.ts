// POST /api/chat-stream in comparison mode: streams one answer of a stored comparison and yields its
// events (start, chunk, then one complete or error). Lines that are not valid events are skipped.
import {
  comparisonStreamEventSchema,
  STREAM_IDLE_TIMEOUT_MS,
  type ComparisonStreamEvent,
  type ComparisonStreamRequest,
} from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseData } from "@/lib/sse-reader";

export async function* streamComparisonResponse(
  target: { comparisonId: string; responseId: string },
  signal: AbortSignal,
): AsyncGenerator<ComparisonStreamEvent> {
  const body: ComparisonStreamRequest = { comparison: true, ...target };
  const stream = await apiStream("/api/chat-stream", { body, signal });
  for await (const data of readSseData(stream, { idleMs: STREAM_IDLE_TIMEOUT_MS, signal })) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      continue;
    }
    const parsed = comparisonStreamEventSchema.safeParse(json);
    if (parsed.success) yield parsed.data;
  }
}
