// POST /api/ai-search (the simple search page): the answer arrives as `chunk` events, then one
// `complete`, or an `error` whose `error` field is the message to show.
import { aiSearchEventSchema, STREAM_IDLE_TIMEOUT_MS, type AiSearchEvent } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseData } from "@/lib/sse-reader";

export type { AiSearchEvent };

export async function* streamAiSearch(query: string, signal: AbortSignal): AsyncGenerator<AiSearchEvent> {
  const stream = await apiStream("/api/ai-search", { body: { query }, signal });
  for await (const data of readSseData(stream, { idleMs: STREAM_IDLE_TIMEOUT_MS, signal })) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      continue;
    }
    const parsed = aiSearchEventSchema.safeParse(json);
    if (parsed.success) yield parsed.data;
  }
}
