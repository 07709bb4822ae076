// Answers whose stream died with its process (a crash, kill -9, a final write that outlasted a database
// outage) would say "streaming" forever. The sweep closes them as interrupted, keeping their text: at
// start-up all of them (one process serves a database, so none is live yet), and then periodically
// those older than any stream can last.
import { RESPONSE_INTERRUPTED_MARK } from "@tessera/contracts";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "./client";
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

/** Closes answers left streaming (comparison answers: also pending) since before `before`, or all. */
export async function sweepOrphanStreams(db: Database, before: Date | null): Promise<SweepResult> {
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
  return { messages: closed.length, comparisonAnswers: stopped.length };
}
