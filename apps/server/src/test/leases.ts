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
 * The sweep as it runs once this process's lease has run out: what it closed, by rule. The lease
 * itself is left alone, so neither its renewal nor the process's own timed sweep can race the count.
 */
export const sweepAsIfDead = (services: Pick<Services, "answers">) =>
  services.answers.sweep({ asIfGone: true });
