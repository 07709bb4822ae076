// POST /api/admin/local-models/:id/retry: a failed download starts again, from its partial file when
// it kept one (the row says `resumable`), else from the start.
import type { LocalModel } from "@tessera/contracts";
import { and, eq, sql } from "drizzle-orm";
import { localModels } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { LocalModelsDeps } from "./local-models-deps";
import { toLocalModel } from "./to-local-model";

export async function retryDownload(deps: LocalModelsDeps, id: string): Promise<LocalModel> {
  const [row] = await deps.db
    .update(localModels)
    .set({
      status: "downloading",
      error: null,
      leaseUntil: sql`now() + ${deps.timings.leaseMs}::int * interval '1 millisecond'`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(localModels.id, id), eq(localModels.status, "failed")))
    .returning();
  if (!row) {
    const [existing] = await deps.db.select().from(localModels).where(eq(localModels.id, id));
    if (!existing) throw notFound("No such local model.");
    throw new AppError("CONFLICT", "Only a failed download can be tried again.");
  }
  deps.downloads.start(row);
  return toLocalModel(row, { memoryBytes: null, loaded: false });
}
