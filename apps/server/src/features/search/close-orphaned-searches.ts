// Search's rule for searches whose writer is gone (streams/leases.ts): nothing more is coming, so
// what each stored stays, marked failed.
import { and, eq } from "drizzle-orm";
import { searches } from "../../db/schema";
import type { SweepRule } from "../../streams/durable-answers";

export const closeOrphanedSearches: SweepRule = {
  name: "searches",
  async close(db, orphaned) {
    const failed = await db
      .update(searches)
      .set({ status: "error" })
      .where(and(eq(searches.status, "running"), orphaned(searches.writerId, searches.createdAt)))
      .returning({ id: searches.id });
    return failed.length;
  },
};
