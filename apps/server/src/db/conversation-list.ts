// The conversation list as both chat and the conversation library read it: pinned first, then newest,
// a page at a time, with where each is filed. Every read is scoped to its owner.
import {
  RECENT_CONVERSATIONS_LIMIT,
  type ConversationListQuery,
  type LibraryConversation,
} from "@tessera/contracts";
import { and, count, desc, eq, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "./client";
import { conversations, messages } from "./schema";

/** Escapes LIKE's wildcards, so a search for "50%" looks for those characters. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A conversation's messages as shown: an answer regenerated in another's place is kept out of sight. */
export const shownIn = (conversationId: typeof conversations.id | string) =>
  and(eq(messages.conversationId, conversationId), isNull(messages.replacedBy))!;

/** Conversations matching `where` as the list shows them, each with its count of shown messages. */
const listed = (db: Database, where: SQL) =>
  db
    .select({
      id: conversations.id,
      title: conversations.title,
      model: conversations.model,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      pinned: conversations.pinned,
      folderId: conversations.folderId,
      messageCount: count(messages.id),
    })
    .from(conversations)
    .leftJoin(messages, shownIn(conversations.id))
    .where(where)
    .groupBy(conversations.id);

type ListedRow = Awaited<ReturnType<typeof listed>>[number];

const asLibraryConversation = (r: ListedRow): LibraryConversation => ({
  id: r.id,
  title: r.title,
  model: r.model,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
  message_count: Number(r.messageCount),
  pinned: r.pinned,
  folder_id: r.folderId,
});

/**
 * The list: pinned conversations first, then the others, newest first within each, 20 at a time.
 * Without a folder it holds the unfiled and the pinned ones (a title search looks in every folder);
 * with `folderId`, that folder's.
 */
export async function listConversations(
  db: Database,
  userId: string,
  { before, q }: ConversationListQuery = {},
  { folderId }: { folderId?: string } = {},
): Promise<LibraryConversation[]> {
  const filters = [eq(conversations.userId, userId)];
  // Down the list from a conversation of one's own; another's id (or a deleted one) matches nothing.
  if (before)
    filters.push(
      sql`(${conversations.pinned}, ${conversations.updatedAt}, ${conversations.id}) < (select c.pinned, c.updated_at, c.id from conversations c where c.id = ${before} and c.user_id = ${userId})`,
    );
  if (q) filters.push(sql`${conversations.title} ilike ${`%${likeLiteral(q)}%`}`);
  if (folderId) filters.push(eq(conversations.folderId, folderId));
  else if (!q) filters.push(or(isNull(conversations.folderId), eq(conversations.pinned, true))!);
  const rows = await listed(db, and(...filters)!)
    .orderBy(desc(conversations.pinned), desc(conversations.updatedAt), desc(conversations.id))
    .limit(RECENT_CONVERSATIONS_LIMIT);
  return rows.map(asLibraryConversation);
}

/** One's own conversation as the list shows it, or undefined. */
export async function libraryConversation(
  db: Database,
  userId: string,
  id: string,
): Promise<LibraryConversation | undefined> {
  const [row] = await listed(db, and(eq(conversations.id, id), eq(conversations.userId, userId))!);
  return row && asLibraryConversation(row);
}
