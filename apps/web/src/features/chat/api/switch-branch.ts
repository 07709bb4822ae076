// PATCH /api/conversations/:id/branch: shows another version of a turn, and the branch that follows it;
// answers every message now in sight.
import type { StoredMessage } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export async function switchBranch(conversationId: string, messageId: string): Promise<StoredMessage[]> {
  const { messagesSchema } = await import("./later-schemas");
  const { data } = await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/branch`, {
    method: "PATCH",
    body: { messageId },
    schema: messagesSchema,
  });
  return data;
}
