// PATCH /api/conversations/:id/branch: shows another version of a turn, and the branch that follows it;
// answers every message now in sight.
import { storedMessageSchema, type StoredMessage } from "@tessera/contracts";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export async function switchBranch(conversationId: string, messageId: string): Promise<StoredMessage[]> {
  const { data } = await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/branch`, {
    method: "PATCH",
    body: { messageId },
    schema: z.array(storedMessageSchema),
  });
  return data;
}
