// POST /api/chat-stream/stop: an answer goes on when its page leaves it, so Stop names it: by its id
// once the start event has given it, by the question's clientMessageId before that.
import type { ChatStopRequest } from "@tessera/contracts";
import { apiRequest, isNotFound } from "@/lib/api-client";
import { sleep } from "@/lib/sleep";

/** How long a Stop that found no answer for its question waits before it asks once more. */
export const STOP_AGAIN_MS = 1_000;

export async function stopAnswer(target: ChatStopRequest): Promise<void> {
  const ask = () => apiRequest("/api/chat-stream/stop", { method: "POST", body: target });
  try {
    await ask();
  } catch (error) {
    // Named by its question, the turn may not have been stored yet when Stop arrived, and its answer
    // may still have begun just as the connection closed (then it runs on). Once more, a moment later:
    // a turn that was never stored is a 404 again, one that ended meanwhile is left as it is.
    if (target.clientMessageId === undefined || !isNotFound(error)) throw error;
    await sleep(STOP_AGAIN_MS);
    await ask();
  }
}
