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
