// POST /api/ai-search (the simple search page): the answer arrives as `chunk` events, then one
// `complete`, or an `error` whose `error` field is the message to show.
import { aiSearchEventSchema, type AiSearchEvent, type AiSearchRequest } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseEvents } from "@/lib/sse-reader";

export type { AiSearchEvent };

export async function* streamAiSearch(
  request: AiSearchRequest,
  signal: AbortSignal,
): AsyncGenerator<AiSearchEvent> {
  const stream = await apiStream("/api/ai-search", { body: request, signal });
  yield* readSseEvents(stream, aiSearchEventSchema, signal);
}
