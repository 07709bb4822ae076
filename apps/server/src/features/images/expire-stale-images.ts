// Nothing is ever left generating. A job ends itself at its time limit; a job whose server stopped
// (restart, crash, deploy) is ended here, by age: at start-up and before a person's images are read.
// Age rather than "started by this process" keeps it right with several servers on one database.
import { and, eq, inArray, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImages } from "../../db/schema";

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
        opts.userId ? eq(generatedImages.userId, opts.userId) : undefined,
      ),
    )
    .returning({ id: generatedImages.id });
  return expired.length;
}
