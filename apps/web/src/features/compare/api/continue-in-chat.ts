// POST /api/comparisons/:id/responses/:responseId/continue: a new chat conversation holding the prompt
// and that answer, to carry on with the model that wrote it.
import { continueComparisonResponseSchema } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export async function continueInChat(input: { comparisonId: string; responseId: string }) {
  const path = `/api/comparisons/${encodeURIComponent(input.comparisonId)}/responses/${encodeURIComponent(input.responseId)}/continue`;
  const { data } = await apiRequest(path, { method: "POST", schema: continueComparisonResponseSchema });
  return data.conversationId;
}

export function useContinueInChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: continueInChat,
    // The chat's Recent Chats list gains the new conversation.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ["conversations"], exact: true }),
  });
}
