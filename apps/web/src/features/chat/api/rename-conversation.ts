// PATCH /api/conversations/:id with a new title; every list that shows the conversation shows the new one.
import i18next from "i18next";
import type { ConversationRename, ConversationSummary } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { conversationAnswer } from "@/lib/answer-guards";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { CONVERSATION_SEARCH_KEY, conversationSummaryKey, mendConversations } from "./get-conversations";

export async function renameConversation({
  id,
  title,
}: ConversationRename & { id: string }): Promise<ConversationSummary> {
  const { data } = await apiRequest(`/api/conversations/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body: { title },
    schema: conversationAnswer,
  });
  return data;
}

/** Renames a conversation, saying so when refused; the promise settles (never rejects) once it is done. */
export function useRenameConversation(): (id: string, title: string) => Promise<void> {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation({
    mutationFn: renameConversation,
    onError: () => toast.error(i18next.t("recent.renameFailed", { ns: "chat" })),
    onSuccess: async (renamed) => {
      // The list keeps its order (a rename does not move a conversation), so it is mended in place.
      mendConversations(queryClient, (shown) => shown.map((c) => (c.id === renamed.id ? renamed : c)));
      queryClient.setQueryData(conversationSummaryKey(renamed.id), renamed);
      // What a search matches may have changed with the title.
      await queryClient.invalidateQueries({ queryKey: CONVERSATION_SEARCH_KEY });
    },
  });
  return (id, title) =>
    mutateAsync({ id, title }).then(
      () => undefined,
      () => undefined,
    );
}
