// GET /api/conversations/search?q=&cursor=: the person's messages holding the words, newest first.
import { MESSAGE_SEARCH_PAGE } from "@tessera/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONVERSATION_SEARCH_KEY } from "./get-conversations";

/** Under the list's searches, so what drops them (a delete, a rename) drops these too. */
export function useMessageSearch(q: string) {
  return useInfiniteQuery({
    queryKey: [...CONVERSATION_SEARCH_KEY, "messages", q],
    queryFn: async ({ pageParam, signal }) => {
      const params = new URLSearchParams({ q, limit: String(MESSAGE_SEARCH_PAGE) });
      if (pageParam) params.set("cursor", pageParam);
      const { messageSearchPageSchema } = await import("./later-schemas");
      return (
        await apiRequest(`/api/conversations/search?${params}`, { schema: messageSearchPageSchema, signal })
      ).data;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    select: (data) => data.pages.flatMap((p) => p.hits),
    enabled: q !== "",
    staleTime: 30_000,
  });
}
