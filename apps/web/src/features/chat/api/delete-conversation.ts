// DELETE /api/conversations/:id, then the Recent Chats list (every page of it, and searches) drops it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshConversations } from "./get-conversations";

export async function deleteConversation(conversationId: string): Promise<void> {
  await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}`, { method: "DELETE" });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: ["conversations", id] });
      await refreshConversations(queryClient, { searches: true });
    },
  });
}
