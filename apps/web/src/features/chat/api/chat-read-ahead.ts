// What the chat reads first, read before the chat page's code has arrived (the chat route's loader,
// app/routes/conversation-read-ahead.ts): the recent conversations, the models, and the newest page of
// the conversation in the address. The chat takes each once instead of asking (lib/read-ahead.ts), and
// checks its shape then: this module is part of the first code every page loads, so it holds no schema.
import { MESSAGE_PAGE_SIZE } from "@tessera/contracts";
import { readAhead } from "@/lib/read-ahead";

/** The first page of Recent Chats. */
export const CONVERSATIONS_PATH = "/api/conversations";
export const MODELS_PATH = "/api/models";

/** The address of a page of the conversation's messages: the newest `limit`, or those before `before`. */
export function messagesPath(conversationId: string, page: { limit: number; before?: string | null }) {
  const query = new URLSearchParams({ limit: String(page.limit) });
  if (page.before) query.set("before", page.before);
  return `/api/conversations/${encodeURIComponent(conversationId)}/messages?${query}`;
}

/** The newest page of the conversation's messages, as the chat reads it when it opens the conversation. */
export const newestMessagesPath = (conversationId: string) =>
  messagesPath(conversationId, { limit: MESSAGE_PAGE_SIZE });

/** Starts the chat's first reads: the lists it shows, and the conversation's newest page when one is open. */
export function readChatAhead(conversationId: string | null): void {
  void readAhead(CONVERSATIONS_PATH);
  void readAhead(MODELS_PATH);
  if (conversationId) void readAhead(newestMessagesPath(conversationId));
}
