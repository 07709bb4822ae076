// POST /api/chat-stream/stop: an answer goes on when its page leaves it, so Stop names it: by its id
// once the start event has given it, by the question's clientMessageId before that.
import type { ChatStopRequest } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export async function stopAnswer(target: ChatStopRequest): Promise<void> {
  await apiRequest("/api/chat-stream/stop", { method: "POST", body: target });
}
