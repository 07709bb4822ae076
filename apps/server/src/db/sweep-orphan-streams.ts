// Answers whose stream died with its process (a crash, kill -9, a final write that outlasted a database
// outage) would say "streaming" forever. The sweep closes them as interrupted, keeping their text: at
// start-up all of them (one process serves a database, so none is live yet), and then periodically
// those older than any stream can last. A search left "running" so is closed as failed.
import { RESPONSE_INTERRUPTED_MARK } from "@tessera/contracts";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { rowsOf, type Database } from "./client";
import { titleFrom } from "../lib/title-from";
import { comparisonResponses, conversations, messages, searches } from "./schema";

export interface SweepResult {
  messages: number;
  comparisonAnswers: number;
  searches: number;
}

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
 * question its old name (unless its owner renamed it since). `which`: one answer by id, or those begun
 * before a time (all: null). Resolves with how many answers gave way.
 */
export async function giveBackUnanswered(
  db: Database,
  which: { id: string } | { before: Date | null },
): Promise<number> {
  const picked =
    "id" in which
      ? sql`n.id = ${which.id}`
      : which.before
        ? sql`n.created_at < ${which.before.toISOString()}::timestamptz`
        : sql`true`;
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
 * Closes answers left streaming (comparison answers: also pending) and searches left running since
 * before `before`, or all.
 */
export async function sweepOrphanStreams(db: Database, before: Date | null): Promise<SweepResult> {
  // The text so far is what a closed answer keeps; a regenerated one with none gives its place back.
  const givenBack = await giveBackUnanswered(db, { before });
  const closed = await db
    .update(messages)
    .set(closedAsInterrupted())
    .where(
      before
        ? and(eq(messages.status, "streaming"), lt(messages.createdAt, before))
        : eq(messages.status, "streaming"),
    )
    .returning({ id: messages.id });
  // A comparison answer cut short is "stopped" (its text stays; it may be run again).
  const live = inArray(comparisonResponses.status, ["pending", "streaming"]);
  const stopped = await db
    .update(comparisonResponses)
    .set({ status: "stopped", updatedAt: sql`now()` })
    .where(before ? and(live, lt(comparisonResponses.updatedAt, before)) : live)
    .returning({ id: comparisonResponses.id });
  // A search whose process died has nothing more coming: what it stored stays, marked failed.
  const failed = await db
    .update(searches)
    .set({ status: "error" })
    .where(
      before
        ? and(eq(searches.status, "running"), lt(searches.createdAt, before))
        : eq(searches.status, "running"),
    )
    .returning({ id: searches.id });
  return { messages: givenBack + closed.length, comparisonAnswers: stopped.length, searches: failed.length };
}
