// POST /api/jigsaw-search: one search of the search engine page, yielded event by event (start,
// searching, sources, images, overview_start, overview_chunk, follow_up, then complete or error).
// Lines that are not valid events are skipped; errors before the stream are ApiErrors.
import {
  searchEventSchema,
  STREAM_IDLE_TIMEOUT_MS,
  type JigsawSearchRequest,
  type SearchEvent,
} from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseData } from "@/lib/sse-reader";

export async function* streamJigsawSearch(
  body: JigsawSearchRequest,
  signal: AbortSignal,
): AsyncGenerator<SearchEvent> {
  const stream = await apiStream("/api/jigsaw-search", { body, signal });
  for await (const data of readSseData(stream, { idleMs: STREAM_IDLE_TIMEOUT_MS, signal })) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      continue;
    }
    const parsed = searchEventSchema.safeParse(json);
    if (parsed.success) yield parsed.data;
  }
}
