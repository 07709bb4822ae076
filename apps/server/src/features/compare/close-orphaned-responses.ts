// Comparison's rule for answers whose writer is gone (streams/leases.ts): an answer left streaming by
// a process whose lease ran out, or left pending (never started) for longer than any answer runs, is
// marked stopped. Its text stays, and it may be run again.
import { and, inArray, sql } from "drizzle-orm";
import { comparisonResponses } from "../../db/schema";
import type { SweepRule } from "../../streams/durable-answers";

export const closeOrphanedResponses: SweepRule = {
  name: "comparisonAnswers",
  async close(db, orphaned) {
    const stopped = await db
      .update(comparisonResponses)
      .set({ status: "stopped", updatedAt: sql`now()` })
      .where(
        and(
          inArray(comparisonResponses.status, ["pending", "streaming"]),
          orphaned(comparisonResponses.writerId, comparisonResponses.updatedAt),
        ),
      )
      .returning({ id: comparisonResponses.id });
    return stopped.length;
  },
};
