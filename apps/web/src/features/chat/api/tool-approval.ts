// POST /api/chat-stream/tool-approval: the person's yes or no to a tool call that waits in their
// answer; a 404 when it no longer waits (decided already, or the wait ran out).
import type { ChatToolApprovalRequest } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export async function decideToolCall(request: ChatToolApprovalRequest): Promise<void> {
  await apiRequest("/api/chat-stream/tool-approval", { method: "POST", body: request });
}
