// The newest page of a conversation's messages, read before the chat page's code has arrived (the chat
// route's loader, app/routes/conversation-read-ahead.ts), for the page to take when it opens the
// conversation (get-conversation-messages.ts checks its shape then). This module is part of the first
// code every page loads, so it leaves the checking, and the schema library it needs, to the chat.
import { MESSAGE_PAGE_SIZE } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

/** The address of a page of the conversation's messages: the newest `limit`, or those before `before`. */
export function messagesPath(conversationId: string, page: { limit: number; before?: string | null }) {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.before) query.set("before", page.before);
  return `/api/conversations/${encodeURIComponent(conversationId)}/messages?${query}`;
}

/**
 * How long a page read ahead stands in for the chat's own read: long enough for slow code to arrive,
 * short enough that an address left before its page came up, and visited again later, is read afresh.
 */
export const READ_AHEAD_FRESH_MS = 10_000;

/** The one read ahead: a page load opens one conversation, and the chat reads for itself after that. */
let readAhead: { conversationId: string; at: number; page: Promise<unknown> } | null = null;

/** Starts reading the conversation's newest page for the chat page that is about to open it. */
export function readMessagesAhead(conversationId: string): void {
  const page = apiRequest(messagesPath(conversationId, { limit: MESSAGE_PAGE_SIZE })).then((r) => r.data);
  page.catch(() => undefined); // the page that takes it sees the failure
  readAhead = { conversationId, at: Date.now(), page };
}

/** The page read ahead for this conversation, unchecked, once, if it was started recently enough. */
export function takeMessagesAhead(conversationId: string): Promise<unknown> | null {
  const ahead = readAhead?.conversationId === conversationId ? readAhead : null;
  if (ahead) readAhead = null;
  return ahead && Date.now() - ahead.at < READ_AHEAD_FRESH_MS ? ahead.page : null;
}
