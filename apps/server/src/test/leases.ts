// What a process's death does to its answers, without killing the process: its writer lease runs out
// at once, so the next sweep (any process's) treats every answer it was writing as orphaned.
import { eq, sql } from "drizzle-orm";
import { answerWriters } from "../db/schema";
import type { Services } from "../bootstrap";

export async function endLease(services: Pick<Services, "database" | "answers">): Promise<void> {
  await services.database.db
    .update(answerWriters)
    .set({ leaseUntil: sql`now() - interval '1 second'` })
    .where(eq(answerWriters.id, services.answers.writerId));
}

/**
 * The sweep as it runs once this process's lease has run out: what it closed, by rule. The lease is
 * taken again at once, so the process's next answers are not swept by its own timer meanwhile.
 */
export async function sweepAsIfDead(services: Pick<Services, "database" | "answers">) {
  await endLease(services);
  const closed = await services.answers.sweep();
  await services.database.db
    .update(answerWriters)
    .set({ leaseUntil: sql`now() + interval '1 minute'` })
    .where(eq(answerWriters.id, services.answers.writerId));
  return closed;
}
