// The conversation reads, renames and deletes, each scoped to its owner: someone else's id is a 404.
import {
  oneLine,
  type ConversationsExport,
  type ConversationSummary,
  type MessagePageQuery,
  type StoredMessage,
} from "@tessera/contracts";
import { and, asc, count, desc, eq, getTableColumns, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { notFound } from "../../lib/errors";

/** A conversation's messages as shown: an answer regenerated in another's place is kept out of sight. */
const shownIn = (conversationId: typeof conversations.id | string) =>
  and(eq(messages.conversationId, conversationId), isNull(messages.replacedBy))!;

// The list (pins and folders in it) is shared with the conversation library.
export { listConversations } from "../../db/conversation-list";

type ConversationFields = Pick<
  typeof conversations.$inferSelect,
  "id" | "title" | "model" | "createdAt" | "updatedAt"
>;

/** A conversation row as the API shows it, all but its message count. */
const summaryFields = (row: ConversationFields): Omit<ConversationSummary, "message_count"> => ({
  id: row.id,
  title: row.title,
  model: row.model,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

async function ownConversation(db: Database, userId: string, id: string) {
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)));
  if (!row) throw notFound("Conversation not found.");
  return row;
}

export async function getConversation(
  db: Database,
  userId: string,
  id: string,
): Promise<ConversationSummary> {
  return summaryOf(db, await ownConversation(db, userId, id));
}

async function summaryOf(db: Database, row: typeof conversations.$inferSelect): Promise<ConversationSummary> {
  const id = row.id;
  const [{ n } = { n: 0 }] = await db.select({ n: count() }).from(messages).where(shownIn(id));
  return { ...summaryFields(row), message_count: Number(n) };
}

/**
 * A conversation's messages, oldest first: all of them, or with `limit` the newest `limit` (older than
 * the message `before`). Messages are ordered by (created_at, id), the index's order, so pages meet
 * without a gap or an overlap even if two messages shared a time.
 */
export async function listMessages(
  db: Database,
  userId: string,
  id: string,
  page: MessagePageQuery = {},
): Promise<StoredMessage[]> {
  await ownConversation(db, userId, id);
  return messagesOf(db, id, page);
}

/** One's own conversation and all its messages, oldest first, in two reads (for the export). */
export async function readWholeConversation(db: Database, userId: string, id: string) {
  const row = await ownConversation(db, userId, id);
  return { title: row.title, createdAt: row.createdAt.toISOString(), messages: await messagesOf(db, id) };
}

/**
 * Every conversation of the person, oldest first, each with all its messages, every branch's: read a
 * conversation at a time, so an export of years of chats holds one conversation's messages in memory,
 * not all of them.
 */
export async function* everyConversation(
  db: Database,
  userId: string,
): AsyncGenerator<ConversationsExport["conversations"][number]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  for (const row of rows) yield { ...summaryFields(row), messages: await everyBranchOf(db, row.id) };
}

/** All of a conversation's messages, every branch's, oldest first, with how they make its tree. */
async function everyBranchOf(db: Database, id: string): Promise<StoredMessage[]> {
  const rows = await db
    .select({ ...getTableColumns(messages), hasEarlier: HAS_EARLIER, versions: VERSIONS })
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((m) => ({ ...toStoredMessage(m), parent_id: m.parentId, replaced_by: m.replacedBy }));
}

async function messagesOf(db: Database, id: string, page: MessagePageQuery = {}): Promise<StoredMessage[]> {
  const inConversation = shownIn(id);
  // Compared in the database: its timestamps carry microseconds, a JavaScript Date does not. An anchor
  // that is not this conversation's message compares as null, so its page is empty.
  const where = page.before
    ? and(
        inConversation,
        sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${page.before} and m.conversation_id = ${id})`,
      )!
    : inConversation;
  const query = db
    .select({ ...getTableColumns(messages), hasEarlier: HAS_EARLIER, versions: VERSIONS })
    .from(messages)
    .where(where);
  const rows =
    page.limit === undefined
      ? await query.orderBy(asc(messages.createdAt), asc(messages.id))
      : (await query.orderBy(desc(messages.createdAt), desc(messages.id)).limit(page.limit)).reverse();
  // Only an empty page asks whether its anchor exists (the first message has nothing before it).
  if (page.before && rows.length === 0) {
    const [anchor] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(inConversation, eq(messages.id, page.before)));
    if (!anchor) throw notFound("Message not found.");
  }
  return rows.map(toStoredMessage);
}

/**
 * An answer that answers again a question others answered before it (a regenerate replaced them).
 * Named in full: Drizzle writes a column of the one table selected from without its table, which
 * inside the subquery would name the subquery's own row.
 */
const HAS_EARLIER = sql<boolean>`("messages"."role" = 'assistant' and exists (
  select 1 from messages o where o.replaced_by = "messages"."id"))`;

/**
 * The versions of a message's turn, oldest first, when there is more than one: the messages that
 * follow the same one (first questions: those that follow none). Null otherwise.
 */
const VERSIONS = sql<string[] | null>`(case when "messages"."parent_id" is null then (
    select case when count(*) > 1 then json_agg(s.id order by s.created_at, s.id) end from messages s
    where s.conversation_id = "messages"."conversation_id" and s.parent_id is null and s.role = 'user'
  ) else (
    select case when count(*) > 1 then json_agg(s.id order by s.created_at, s.id) end from messages s
    where s.parent_id = "messages"."parent_id"
  ) end)`;

const toStoredMessage = (
  m: typeof messages.$inferSelect & { hasEarlier: boolean; versions: string[] | null },
): StoredMessage => ({
  id: m.id,
  conversation_id: m.conversationId,
  role: m.role,
  content: m.content,
  created_at: m.createdAt.toISOString(),
  tokens_used: m.tokensUsed,
  model: m.model,
  sources: m.sources,
  images: m.images,
  status: m.status as NonNullable<StoredMessage["status"]>,
  ...(m.hasEarlier ? { has_earlier: true as const } : {}),
  ...(m.versions ? { versions: m.versions } : {}),
  ...(m.toolCalls?.length ? { tool_calls: m.toolCalls } : {}),
  ...(m.status === "error" && m.error ? { error: m.error } : {}),
});

/**
 * The answers one answer was regenerated in place of, oldest first, each replaced by the next: the
 * earlier answers to its question. 404 when the conversation is not the caller's or the message not
 * in it.
 */
export async function earlierAnswers(
  db: Database,
  userId: string,
  conversationId: string,
  messageId: string,
): Promise<StoredMessage[]> {
  await ownConversation(db, userId, conversationId);
  // The chain and its rows in one read; the answer itself is looked for only when none came back.
  const rows = await db
    .select({ ...getTableColumns(messages), hasEarlier: HAS_EARLIER, versions: VERSIONS })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        inArray(
          messages.id,
          sql`(with recursive chain(id) as (
            select o.id from messages o where o.replaced_by = ${messageId}::uuid and o.role = 'assistant'
            union all
            select o.id from messages o join chain on o.replaced_by = chain.id where o.role = 'assistant'
          ) select id from chain)`,
        ),
      ),
    )
    .orderBy(asc(messages.createdAt), asc(messages.id));
  if (rows.length === 0) {
    const [answer] = await db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.id, messageId), eq(messages.conversationId, conversationId)));
    if (!answer) throw notFound("Message not found.");
  }
  return rows.map(toStoredMessage);
}

/** Gives a conversation a new title. Its place in the list (updated_at) stays where it was. */
export async function renameConversation(
  db: Database,
  userId: string,
  id: string,
  title: string,
): Promise<ConversationSummary> {
  const [row] = await db
    .update(conversations)
    .set({ title: oneLine(title) })
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning();
  if (!row) throw notFound("Conversation not found.");
  return summaryOf(db, row);
}

export async function deleteConversation(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  if (deleted.length === 0) throw notFound("Conversation not found.");
}
