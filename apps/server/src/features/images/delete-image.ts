// Deleting one of one's images: the row, then its file. A job still running for it finds its row gone
// and throws its result away (run-image-job.ts).
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Storage } from "../../providers/storage/storage";

export async function deleteImage(
  deps: { db: Database; storage: Storage; logger: Logger },
  userId: string,
  id: string,
): Promise<void> {
  const [row] = await deps.db
    .delete(generatedImages)
    .where(and(eq(generatedImages.id, id), eq(generatedImages.userId, userId)))
    .returning({ storageKey: generatedImages.storageKey });
  if (!row) throw notFound("No such image.");
  if (!row.storageKey) return;
  // The row is gone either way; a file left behind is logged for the operator, not shown as a failure.
  await deps.storage.remove(row.storageKey).catch((err: unknown) => {
    deps.logger.warn({ event: "image.file_remove_failed", imageId: id, err }, "image file not removed");
  });
}
