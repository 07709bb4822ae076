// POST /api/chat-stream: sends one message and yields the answer's events (start, chunk, then one
// complete or error; `end` counts as complete). Lines that are not valid events are skipped.
import { chatStreamEventSchema, type ChatStreamEvent, type ChatStreamRequest } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseEvents } from "@/lib/sse-reader";

export async function* streamChat(
  request: ChatStreamRequest,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const body = await apiStream("/api/chat-stream", { body: request, signal });
  yield* readSseEvents(body, chatStreamEventSchema, signal, asKnownEvent);
}

/** The spec also names `end` as a closing event; it carries what `complete` does. */
function asKnownEvent(json: unknown): unknown {
  if (json && typeof json === "object" && (json as { type?: unknown }).type === "end")
    return { messageId: "", sources: [], outputTokens: 0, ...json, type: "complete" };
  return json;
}
