// GET /api/conversations: the 20 most recently updated conversations of the signed-in person; with
// ?before= the 20 below a conversation in that list, with ?q= those whose title holds the text.
import {
  RECENT_CONVERSATIONS_LIMIT,
  conversationSummarySchema,
  type ConversationSummary,
} from "@tessera/contracts";
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

async function fetchConversations(
  params: { before?: string; q?: string },
  signal: AbortSignal,
): Promise<ConversationSummary[]> {
  const search = new URLSearchParams();
  if (params.before) search.set("before", params.before);
  if (params.q) search.set("q", params.q);
  const query = search.size > 0 ? `?${search}` : "";
  return (
    await apiRequest(`/api/conversations${query}`, { schema: z.array(conversationSummarySchema), signal })
  ).data;
}

export const conversationsQuery = queryOptions({
  queryKey: ["conversations"],
  queryFn: ({ signal }) => fetchConversations({}, signal),
  // A new conversation or a new answer changes the list; it is refreshed on those events.
  staleTime: 30_000,
});

export function useConversations() {
  return useQuery(conversationsQuery);
}

/** Every page below the recent ones and every search: dropped together when a conversation is. */
export const CONVERSATION_PAGES_KEY = ["conversation-pages"] as const;

/**
 * Pages of 20 down the list: from below the conversation `from` (the last of the recent ones), or,
 * with a search text, from the top of what matches it.
 */
export function conversationPagesQuery({ from, q = "" }: { from?: string; q?: string }) {
  return infiniteQueryOptions({
    queryKey: [...CONVERSATION_PAGES_KEY, q, from ?? null],
    queryFn: ({ pageParam, signal }) => fetchConversations({ before: pageParam, q }, signal),
    initialPageParam: from,
    getNextPageParam: (last: ConversationSummary[]) =>
      last.length === RECENT_CONVERSATIONS_LIMIT ? last.at(-1)?.id : undefined,
    staleTime: 30_000,
  });
}

export function useConversationPages(params: { from?: string; q?: string }, enabled: boolean) {
  return useInfiniteQuery({ ...conversationPagesQuery(params), enabled });
}
