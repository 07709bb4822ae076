// DELETE /api/admin/local-models/:id: a download is cancelled (its partial file removed), a model is
// unloaded and its file deleted. A file the admin placed in the folder themselves stays there: only
// Tessera's record of it goes.
import { eq } from "drizzle-orm";
import { rm } from "node:fs/promises";
import { localModels } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { LocalModelsDeps } from "./local-models-deps";

export async function removeLocalModel(deps: LocalModelsDeps, id: string): Promise<void> {
  // Gone from the table first: a download another process runs notices at its next progress write.
  const [row] = await deps.db.delete(localModels).where(eq(localModels.id, id)).returning();
  if (!row) throw notFound("No such local model.");
  await deps.downloads.cancel(id);
  const path = deps.folder.pathOf(row.file);
  await deps.runtime.unload(path);
  if (row.source !== "file") {
    await rm(path, { force: true });
    await rm(deps.folder.partialOf(row.file), { force: true });
  }
  deps.logger.info(
    { event: "local_models.removed", model: row.name, status: row.status },
    "local model removed",
  );
}
