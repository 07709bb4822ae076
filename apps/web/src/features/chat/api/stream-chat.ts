// POST /api/chat-stream: sends one message and yields the answer's events (start, chunk, then one
// complete or error; `end` counts as complete). Lines that are not valid events are skipped.
import {
  chatStreamEventSchema,
  STREAM_IDLE_TIMEOUT_MS,
  type ChatStreamEvent,
  type ChatStreamRequest,
} from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseData } from "@/lib/sse-reader";

export async function* streamChat(
  request: ChatStreamRequest,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const body = await apiStream("/api/chat-stream", { body: request, signal });
  for await (const data of readSseData(body, { idleMs: STREAM_IDLE_TIMEOUT_MS, signal })) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      continue;
    }
    const parsed = chatStreamEventSchema.safeParse(asKnownEvent(json));
    if (parsed.success) yield parsed.data;
  }
}

/** The spec also names `end` as a closing event; it carries what `complete` does. */
function asKnownEvent(json: unknown): unknown {
  if (json && typeof json === "object" && (json as { type?: unknown }).type === "end")
    return { messageId: "", sources: [], outputTokens: 0, ...json, type: "complete" };
  return json;
}
