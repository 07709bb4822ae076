// Search inside one's own messages: PostgreSQL full-text search (the GIN index messages_search_idx),
// newest first, a page at a time, each hit with a snippet and the ranges of the words that matched.
import {
  MESSAGE_SEARCH_PAGE,
  rangesFromMarked,
  type MessageSearchPage,
  type MessageSearchQuery,
} from "@tessera/contracts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";

// Private-use characters mark the matches: they are taken out of the text first, so a message
// cannot forge a highlight, and the snippet goes out as plain text with ranges, never as HTML.
const START = "\uE000";
const STOP = "\uE001";
const HEADLINE = `StartSel=${START}, StopSel=${STOP}, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "`;

/** The document as indexed: the expression must be the index's, word for word. */
const document = sql`to_tsvector('english', ${messages.content})`;

export async function searchMessages(
  db: Database,
  userId: string,
  { q, cursor, limit = MESSAGE_SEARCH_PAGE }: MessageSearchQuery,
): Promise<MessageSearchPage> {
  const query = sql`websearch_to_tsquery('english', ${q})`;
  const filters = [
    eq(messages.userId, userId),
    // An answer regenerated away is out of sight everywhere else, and here too.
    isNull(messages.replacedBy),
    sql`${document} @@ ${query}`,
  ];
  // After the cursor's message, if it is one of the caller's; another's id matches nothing.
  if (cursor)
    filters.push(
      sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.id = ${cursor} and m.user_id = ${userId})`,
    );
  const rows = await db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      title: conversations.title,
      role: messages.role,
      createdAt: messages.createdAt,
      marked: sql<string>`ts_headline('english', translate(${messages.content}, ${START + STOP}, ''), ${query}, ${HEADLINE})`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(and(...filters))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  return {
    hits: page.map((r) => {
      const { text, highlights } = rangesFromMarked(r.marked, START, STOP);
      return {
        conversation_id: r.conversationId,
        conversation_title: r.title,
        message_id: r.id,
        role: r.role,
        created_at: r.createdAt.toISOString(),
        snippet: text,
        highlights,
      };
    }),
    next_cursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
  };
}
