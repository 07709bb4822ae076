// The conversation reads and deletes, each scoped to its owner: someone else's id is a 404.
import { RECENT_CONVERSATIONS_LIMIT, type ConversationSummary, type StoredMessage } from "@tessera/contracts";
import { and, asc, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { notFound } from "../../lib/errors";

export async function listConversations(db: Database, userId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .select({
      id: conversations.id,
      title: conversations.title,
      model: conversations.model,
      createdAt: conversations.createdAt,
      updatedAt: conversations.updatedAt,
      messageCount: count(messages.id),
    })
    .from(conversations)
    .leftJoin(messages, eq(messages.conversationId, conversations.id))
    .where(eq(conversations.userId, userId))
    .groupBy(conversations.id)
    .orderBy(desc(conversations.updatedAt))
    .limit(RECENT_CONVERSATIONS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    model: r.model,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    message_count: Number(r.messageCount),
  }));
}

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
  const row = await ownConversation(db, userId, id);
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(messages)
    .where(eq(messages.conversationId, id));
  return {
    id: row.id,
    title: row.title,
    model: row.model,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    message_count: Number(n),
  };
}

export async function listMessages(db: Database, userId: string, id: string): Promise<StoredMessage[]> {
  await ownConversation(db, userId, id);
  const rows = await db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, id))
    .orderBy(asc(messages.createdAt));
  return rows.map((m) => ({
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
  }));
}

export async function deleteConversation(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .returning({ id: conversations.id });
  if (deleted.length === 0) throw notFound("Conversation not found.");
}
