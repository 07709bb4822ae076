// POST /api/jigsaw-search: one search of the search engine page, yielded event by event (start,
// searching, sources, images, overview_start, overview_chunk, follow_up, then complete or error).
// Lines that are not valid events are skipped; errors before the stream are ApiErrors.
import { searchEventSchema, type JigsawSearchRequest, type SearchEvent } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseEvents } from "@/lib/sse-reader";

export async function* streamJigsawSearch(
  body: JigsawSearchRequest,
  signal: AbortSignal,
): AsyncGenerator<SearchEvent> {
  const stream = await apiStream("/api/jigsaw-search", { body, signal });
  yield* readSseEvents(stream, searchEventSchema, signal);
}
