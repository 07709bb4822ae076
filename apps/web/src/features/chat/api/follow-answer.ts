// GET /api/chat-stream/:messageId/follow: an answer still being written, for a page that did not ask
// for it (a reload mid-answer, another tab): `resume` with the text so far, `chunk`s, then `end`. No
// events at all (204) when the server process that took the request is not the one writing it, or
// it has ended: the page reads the stored answer instead.
import { chatFollowEventSchema, type ChatFollowEvent } from "@tessera/contracts";
import { apiStream } from "@/lib/api-client";
import { readSseEvents } from "@/lib/sse-reader";

export async function* followAnswer(messageId: string, signal: AbortSignal): AsyncGenerator<ChatFollowEvent> {
  const path = `/api/chat-stream/${encodeURIComponent(messageId)}/follow`;
  yield* readSseEvents(await apiStream(path, { method: "GET", signal }), chatFollowEventSchema, signal);
}

/**
 * The answer `message` as it grows, relayed token by token while the server process writing it does;
 * ends when it has ended, or at once (204) when that process is another one.
 */
export async function* relayAnswer<M extends { content: string }>(
  messageId: string,
  message: M,
  signal: AbortSignal,
): AsyncGenerator<M> {
  let text = "";
  for await (const event of followAnswer(messageId, signal)) {
    if (event.type === "end") return;
    text = event.type === "resume" ? event.content : text + event.content;
    yield { ...message, content: text };
  }
}
