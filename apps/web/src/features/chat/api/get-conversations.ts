// GET /api/conversations (and /:id for one): the signed-in person's conversations, pinned first then most recently
// updated, 20 at a time (?before= the last one shown): the unfiled and pinned ones, or those whose title holds ?q=.
import {
  RECENT_CONVERSATIONS_LIMIT,
  type ConversationSummary as PlainSummary,
  type LibraryConversation,
} from "@tessera/contracts";
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from "@tanstack/react-query";
import { conversationAnswer, conversationsAnswer } from "@/lib/answer-guards";
import { apiRequest } from "@/lib/api-client";
import { readAheadOr, takeArrivedReadAhead } from "@/lib/read-ahead";
import { CONVERSATIONS_PATH } from "./chat-read-ahead";

/** A conversation as the list holds it: with its pin and folder. */
type ConversationSummary = LibraryConversation;

async function fetchConversations(
  params: { before?: string; q?: string },
  signal: AbortSignal,
): Promise<ConversationSummary[]> {
  const search = new URLSearchParams();
  if (params.before) search.set("before", params.before);
  if (params.q) search.set("q", params.q);
  const query = search.size > 0 ? `?${search}` : "";
  const read = async () =>
    (await apiRequest(`${CONVERSATIONS_PATH}${query}`, { schema: conversationsAnswer, signal })).data;
  // The recent ones may have been read with the page's code (chat-read-ahead.ts).
  return query ? read() : readAheadOr(CONVERSATIONS_PATH, conversationsAnswer, read);
}

/** The list a page at a time: the first page is the 20 recent conversations, each next one is below it. */
const pagesOf = (q: string) =>
  infiniteQueryOptions({
    queryKey: q ? ["conversation-search", q] : ["conversations"],
    queryFn: ({ pageParam, signal }) => fetchConversations({ before: pageParam, q }, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: ConversationSummary[]) =>
      last.length === RECENT_CONVERSATIONS_LIMIT ? last.at(-1)?.id : undefined,
    // A new conversation or a new answer changes the list; it is refreshed on those events.
    staleTime: 30_000,
    // Already in, the recent ones read ahead are shown in the page's first frame.
    initialData: () => {
      const recent = q ? undefined : takeArrivedReadAhead(CONVERSATIONS_PATH, conversationsAnswer);
      return recent && { pages: [recent], pageParams: [undefined] };
    },
  });

export const conversationsQuery = pagesOf("");

/** Every search of the list: dropped when a conversation is. */
export const CONVERSATION_SEARCH_KEY = ["conversation-search"] as const;

const flat = (data: InfiniteData<ConversationSummary[]>) => data.pages.flat();

/** The conversations shown so far (the recent ones, then every page asked for below them). */
export function useConversations() {
  return useInfiniteQuery({ ...conversationsQuery, select: flat });
}

/** The conversations whose title holds `q`, a page at a time; asks nothing for an empty `q`. */
export function useConversationSearch(q: string) {
  return useInfiniteQuery({ ...pagesOf(q), select: flat, enabled: q !== "" });
}

/** One conversation's summary, asked for alone; under ["conversations", id], so a delete drops it. */
export const conversationSummaryKey = (id: string) => ["conversations", id, "summary"] as const;

/**
 * The title of the conversation `id`: from the list when it is among those shown, else asked for on
 * its own (an older conversation opened from a link or after a reload). Undefined until known.
 */
export function useConversationTitle(id: string | null): string | undefined {
  const list = useConversations();
  const listed = id ? list.data?.find((c) => c.id === id) : undefined;
  const single = useQuery({
    queryKey: conversationSummaryKey(id ?? ""),
    queryFn: async ({ signal }) =>
      (await apiRequest(`/api/conversations/${id}`, { schema: conversationAnswer, signal })).data,
    // Not while the list is being refreshed: a conversation just started arrives with it.
    enabled: id !== null && list.isSuccess && !list.isFetching && !listed,
    staleTime: Infinity,
  });
  return listed?.title ?? single.data?.title;
}

type Change = (shown: ConversationSummary[]) => (PlainSummary | ConversationSummary)[] | undefined;

/** Mends the pages cached under `queryKey` with `change` (see mendConversations); answers whether it did. */
function mendPages(queryClient: QueryClient, queryKey: QueryKey, change: Change): boolean {
  let changed = false;
  queryClient.setQueryData<InfiniteData<ConversationSummary[]>>(queryKey, (data) => {
    const shown = data && flat(data);
    const asked = shown && change(shown);
    if (!data || !asked) return data;
    // A change made from a plain summary (a rename) keeps the pin and folder the list knew.
    const before = new Map(shown.map((c) => [c.id, c]));
    const next = asked.map((c): ConversationSummary => ({ ...before.get(c.id), ...c }));
    changed = true;
    let from = 0;
    return { ...data, pages: data.pages.map((page) => next.slice(from, (from += page.length))) };
  });
  return changed;
}

/**
 * Mends the list shown (every page asked for so far) instead of asking for it again: `change` gets the
 * conversations in order and answers them in their new order, each page keeping its length, or
 * undefined to leave the list as it is. Answers whether the list was changed.
 */
export const mendConversations = (queryClient: QueryClient, change: Change): boolean =>
  mendPages(queryClient, conversationsQuery.queryKey, change);

/**
 * Asks for the list again (a conversation came or went, or the server's word is needed); with
 * `searches`, every search of it too (one that came may match, one that went must leave).
 */
export const refreshConversations = (queryClient: QueryClient, { searches = false } = {}) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: conversationsQuery.queryKey, exact: true }),
    searches && queryClient.invalidateQueries({ queryKey: CONVERSATION_SEARCH_KEY }),
  ]);

/** Asks again for what names the conversation `id`: the list, its searches, and its summary. */
export const refreshConversationTitle = (queryClient: QueryClient, id: string) =>
  Promise.all([
    refreshConversations(queryClient, { searches: true }),
    queryClient.invalidateQueries({ queryKey: conversationSummaryKey(id) }),
  ]);

/**
 * A new turn in `id` was stored: the server moved the conversation to the top of the list, marked it
 * with the turn's model and counted the turn's two messages; the list shown, and every search of it
 * that found the conversation, is mended the same way. Answers false when the conversation is not
 * among those listed (the caller refreshes the list then).
 */
export function touchConversation(queryClient: QueryClient, id: string, model: string): boolean {
  const touch: Change = (shown) => {
    const turned = shown.find((c) => c.id === id);
    if (!turned) return undefined;
    const moved = {
      ...turned,
      model,
      updated_at: new Date().toISOString(),
      message_count: turned.message_count + 2,
    };
    return [moved, ...shown.filter((c) => c !== turned)];
  };
  for (const [queryKey] of queryClient.getQueriesData({ queryKey: CONVERSATION_SEARCH_KEY }))
    mendPages(queryClient, queryKey, touch);
  return mendConversations(queryClient, touch);
}
