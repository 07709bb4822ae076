// GET /api/conversations/:id/messages?limit=&before=: a page of one conversation's stored messages,
// oldest first. Opening a conversation reads its newest page; scrolling back reads the page before
// the oldest message on screen.
import { MESSAGE_PAGE_SIZE } from "@tessera/contracts";
import { queryOptions } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { readAheadOr } from "@/lib/read-ahead";
import { messagesPath, newestMessagesPath } from "./chat-read-ahead";

const messagesSchema = async () => (await import("./later-schemas")).messagesSchema;

/** The newest `limit` messages, or those before the message `before`. */
async function readMessages(
  conversationId: string,
  page: { limit: number; before?: string | null },
  signal?: AbortSignal,
) {
  const schema = await messagesSchema();
  return (await apiRequest(messagesPath(conversationId, page), { schema, signal })).data;
}

export const conversationMessagesQuery = (conversationId: string, before: string | null = null) =>
  queryOptions({
    queryKey: ["conversations", conversationId, "messages", { before }],
    queryFn: async ({ signal }) => {
      const read = () => readMessages(conversationId, { limit: MESSAGE_PAGE_SIZE, before }, signal);
      // The newest page may have been read with the page's code (a reload, a link: chat-read-ahead.ts).
      return before ? read() : readAheadOr(newestMessagesPath(conversationId), await messagesSchema(), read);
    },
    // Opening a conversation always shows what is stored now.
    staleTime: 0,
  });

/** A full page means there may be older messages still. */
export const mayHaveOlder = (page: readonly unknown[]) => page.length === MESSAGE_PAGE_SIZE;

/** How many of the newest messages are looked through for an answer being followed. */
export const FOLLOWED_WINDOW = 5;

/**
 * The message `messageId` among the conversation's newest: how an answer still being written elsewhere
 * is followed. Null when it is not there (deleted, or more turns were sent since, from another tab).
 */
export async function readRecentMessage(conversationId: string, messageId: string) {
  const newest = await readMessages(conversationId, { limit: FOLLOWED_WINDOW });
  return newest.find((m) => m.id === messageId) ?? null;
}

/** GET …/messages/:messageId/earlier: the answers a regenerated answer replaced, oldest first. */
export const earlierAnswersQuery = (conversationId: string, messageId: string) =>
  queryOptions({
    queryKey: ["conversations", conversationId, "messages", messageId, "earlier"],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(
          `/api/conversations/${encodeURIComponent(conversationId)}/messages/${encodeURIComponent(messageId)}/earlier`,
          { schema: await messagesSchema(), signal },
        )
      ).data,
  });
