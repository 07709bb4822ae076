// DELETE /api/conversations/:id, then the Recent Chats list (every page of it, and searches) drops it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONVERSATION_SEARCH_KEY, refreshConversations } from "./get-conversations";

export async function deleteConversation(conversationId: string): Promise<void> {
  await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}`, { method: "DELETE" });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: ["conversations", id] });
      await Promise.all([
        refreshConversations(queryClient),
        queryClient.invalidateQueries({ queryKey: CONVERSATION_SEARCH_KEY }),
      ]);
    },
  });
}
