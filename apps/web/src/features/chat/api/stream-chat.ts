// POST /api/chat-stream: sends one message and yields the answer's events (start, chunk, then one
// complete or error; `end` counts as complete). Lines that are not valid events are skipped.
// POST /api/chat-stream/regenerate answers the last question again with the same events. The stream's
// reader and schemas load while the request is made, not with the chat's first screen.
import type { ChatRegenerateRequest, ChatStreamEvent, ChatStreamRequest } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";

export function streamChat(request: ChatStreamRequest, signal: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  return answerEvents("/api/chat-stream", request, signal);
}

/** The conversation's last question answered again, in place of its latest answer (`messageId`). */
export function streamRegenerate(
  request: ChatRegenerateRequest,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  return answerEvents("/api/chat-stream/regenerate", request, signal);
}

async function* answerEvents(
  path: string,
  body: unknown,
  signal: AbortSignal,
): AsyncGenerator<ChatStreamEvent> {
  const schemas = import("./later-schemas");
  const reader = import("@/lib/sse-reader");
  const stream = await apiStream(path, { body, signal });
  const { readSseEvents } = await reader;
  yield* readSseEvents(stream, (await schemas).chatStreamEventSchema, signal, asKnownEvent);
}

/** The spec also names `end` as a closing event; it carries what `complete` does. */
function asKnownEvent(json: unknown): unknown {
  if (json && typeof json === "object" && (json as { type?: unknown }).type === "end")
    return { messageId: "", sources: [], outputTokens: 0, ...json, type: "complete" };
  return json;
}
