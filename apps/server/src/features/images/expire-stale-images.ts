// Nothing is ever left generating. A job ends itself at its time limit, and the queue closes one whose
// server died (jobs/). What is left is an image with no open job (one from before the queue, or whose
// job's closing write was lost): ended here, by age, at start-up and before a person's images are read.
import { and, eq, inArray, lt, notExists, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImages, jobs } from "../../db/schema";

/** Past the job's own limit, a little slack for a slow database write. */
export const STALE_GRACE_MS = 30_000;

export const STALE_REASON = "This image did not finish in time (the server may have restarted). Try again.";

export async function expireStaleImages(
  db: Database,
  opts: { timeoutMs: number; userId?: string; now?: Date },
): Promise<number> {
  const cutoff = new Date((opts.now ?? new Date()).getTime() - opts.timeoutMs - STALE_GRACE_MS);
  const expired = await db
    .update(generatedImages)
    .set({ status: "failed", error: STALE_REASON })
    .where(
      and(
        inArray(generatedImages.status, ["pending", "generating"]),
        lt(generatedImages.createdAt, cutoff),
        // A job still queued or running (a retry after its server died) is the queue's to end.
        notExists(
          db
            .select({ one: sql`1` })
            .from(jobs)
            .where(and(eq(jobs.id, generatedImages.id), inArray(jobs.status, ["queued", "running"]))),
        ),
        opts.userId ? eq(generatedImages.userId, opts.userId) : undefined,
      ),
    )
    .returning({ id: generatedImages.id });
  return expired.length;
}
