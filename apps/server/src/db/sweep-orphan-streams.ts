// Answers whose stream died with its process (a crash, kill -9, a final write that outlasted a database
// outage) would say "streaming" forever. The sweep closes them as interrupted, keeping their text: at
// start-up all of them (one process serves a database, so none is live yet), and then periodically
// those older than any stream can last.
import { RESPONSE_INTERRUPTED_MARK } from "@tessera/contracts";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { rowsOf, type Database } from "./client";
import { comparisonResponses, messages } from "./schema";

export interface SweepResult {
  messages: number;
  comparisonAnswers: number;
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
 * with them, a microsecond before) its old wording. `which`: one answer by id, or those begun before a
 * time (all: null). Resolves with how many answers gave way.
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
  const rows = await rowsOf<{ id: string }>(
    db,
    sql`
    with pair as (
      select n.id as answer, q.id as question
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
    select answer as id from pair`,
  );
  return rows.length;
}

/** Closes answers left streaming (comparison answers: also pending) since before `before`, or all. */
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
  return { messages: givenBack + closed.length, comparisonAnswers: stopped.length };
}
