// GET /api/conversations/:id/messages: one conversation's stored messages, oldest first.
import { storedMessageSchema } from "@tessera/contracts";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const conversationMessagesQuery = (conversationId: string) =>
  queryOptions({
    queryKey: ["conversations", conversationId, "messages"],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/messages`, {
          schema: z.array(storedMessageSchema),
          signal,
        })
      ).data,
    // Opening a conversation always shows what is stored now.
    staleTime: 0,
  });
