// GET /api/conversations/:id/messages?limit=&before=: a page of one conversation's stored messages,
// oldest first. Opening a conversation reads its newest page; scrolling back reads the page before
// the oldest message on screen.
import { MESSAGE_PAGE_SIZE, storedMessageSchema } from "@tessera/contracts";
import { queryOptions } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

export const conversationMessagesQuery = (conversationId: string, before: string | null = null) =>
  queryOptions({
    queryKey: ["conversations", conversationId, "messages", { before }],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ limit: String(MESSAGE_PAGE_SIZE) });
      if (before) query.set("before", before);
      return (
        await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/messages?${query}`, {
          schema: z.array(storedMessageSchema),
          signal,
        })
      ).data;
    },
    // Opening a conversation always shows what is stored now.
    staleTime: 0,
  });

/** A full page means there may be older messages still. */
export const mayHaveOlder = (page: readonly unknown[]) => page.length === MESSAGE_PAGE_SIZE;

/** The conversation's newest message: how an answer still being written elsewhere is followed. */
export async function readNewestMessage(conversationId: string, signal?: AbortSignal) {
  const page = (
    await apiRequest(`/api/conversations/${encodeURIComponent(conversationId)}/messages?limit=1`, {
      schema: z.array(storedMessageSchema),
      signal,
    })
  ).data;
  return page[0] ?? null;
}
