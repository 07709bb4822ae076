// DELETE /api/conversations/:id, then the Recent Chats list drops it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { conversationsQuery } from "./get-conversations";

export async function deleteConversation(conversationId: string): Promise<void> {
  await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}`, { method: "DELETE" });
}

export function useDeleteConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConversation,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: ["conversations", id] });
      await queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true });
    },
  });
}
