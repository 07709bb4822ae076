// Chat's rule for answers whose writer is gone (streams/leases.ts: its lease ran out, or on PGlite
// the previous process left them): each is closed as interrupted, keeping its text so far and marked;
// a regenerated answer with no word stored gives its place back instead, as its stream would have.
// Stop uses the same two steps for an answer no process heard (stop-answer.ts).
import { RESPONSE_INTERRUPTED_MARK } from "@tessera/contracts";
import { and, eq, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";
import { titleFrom } from "../../lib/title-from";
import type { Orphaned } from "../../streams/leases";
import type { SweepRule } from "../../streams/durable-answers";

/** An answer's row closed where it stands: interrupted, its text so far kept and marked. */
export const closedAsInterrupted = () => ({
  status: "interrupted" as const,
  content: sql`case when ${messages.content} = '' then ${RESPONSE_INTERRUPTED_MARK}
    else ${messages.content} || ${`\n\n${RESPONSE_INTERRUPTED_MARK}`} end`,
});

/**
 * Regenerated answers (prepare-regenerate.ts) left streaming without a word stored give back what they
 * replaced, as their stream would have: the answer they stand in for, and an edited question (stored
 * with them, a microsecond before) its old wording, and a conversation named after its edited first
 * question its old name (unless its owner renamed it since). `which`: one answer by id, or those the
 * sweep may close. Resolves with how many answers gave way.
 */
export async function giveBackUnanswered(
  db: Database,
  which: { id: string } | { orphaned: Orphaned },
): Promise<number> {
  const picked: SQL =
    "id" in which
      ? sql`n.id = ${which.id}`
      : sql`n.id in (select id from ${messages} where ${orphanedAnswer(which.orphaned)})`;
  return db.transaction(async (tx) => {
    const rows = await rowsOf<GivenBack>(
      tx,
      sql`
      with pair as (
        select n.id as answer, q.id as question, n.conversation_id, q.content as asked,
          (select o.content from messages o where o.replaced_by = q.id and o.role = 'user') as was,
          not exists (
            select 1 from messages e
            where e.conversation_id = n.conversation_id and e.replaced_by is null and e.created_at < q.created_at
          ) as first
        from messages n
        left join messages q on q.conversation_id = n.conversation_id and q.role = 'user'
          and q.created_at = n.created_at - interval '1 microsecond'
          and exists (select 1 from messages o where o.replaced_by = q.id)
        where n.status = 'streaming' and n.content = '' and ${picked}
          and (q.id is not null or exists (select 1 from messages o where o.replaced_by = n.id))
      ), gone as (
        delete from messages d using pair where d.id = pair.answer or d.id = pair.question
        returning d.id
      ), back as (
        update messages o set replaced_by = null
        where o.replaced_by in (select id from gone)
        returning o.id
      )
      select conversation_id, asked, was, first from pair`,
    );
    // The name an edited first question gave (prepare-regenerate.ts) goes with it.
    for (const row of rows) {
      if (!row.first || row.asked === null || row.was === null) continue;
      await tx
        .update(conversations)
        .set({ title: titleFrom(row.was) })
        .where(and(eq(conversations.id, row.conversation_id), eq(conversations.title, titleFrom(row.asked))));
    }
    return rows.length;
  });
}

/** An unanswered replacement given back: its edited question's wording and the one it replaced. */
interface GivenBack {
  conversation_id: string;
  asked: string | null;
  was: string | null;
  /** The edited question was the conversation's first. */
  first: boolean;
}

/**
 * Closes the answer `id` where it stands if it is still streaming (Stop that no process heard, a turn
 * that failed before its stream began): a regenerated answer with no word gives its place back.
 */
export async function closeAnswer(db: Database, id: string): Promise<void> {
  await giveBackUnanswered(db, { id });
  await db
    .update(messages)
    .set(closedAsInterrupted())
    .where(and(eq(messages.id, id), eq(messages.status, "streaming")));
}

const orphanedAnswer = (orphaned: Orphaned) =>
  and(eq(messages.status, "streaming"), orphaned(messages.writerId, messages.createdAt))!;

/** The sweep's rule for chat answers. */
export const closeOrphanedAnswers: SweepRule = {
  name: "messages",
  async close(db, orphaned) {
    // The text so far is what a closed answer keeps; a regenerated one with none gives its place back.
    const givenBack = await giveBackUnanswered(db, { orphaned });
    const closed = await db
      .update(messages)
      .set(closedAsInterrupted())
      .where(orphanedAnswer(orphaned))
      .returning({ id: messages.id });
    return givenBack + closed.length;
  },
};
