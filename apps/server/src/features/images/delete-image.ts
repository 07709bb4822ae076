// Deleting one of one's images: its file goes, and its row is kept as "deleted" (hidden everywhere)
// so it still counts against the month's allowance: deleting cannot buy more images. A job still
// running for it finds it no longer unfinished and throws its result away (run-image-job.ts).
import { and, eq, ne } from "drizzle-orm";
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
  const storageKey = await deps.db.transaction(async (tx) => {
    const mine = and(
      eq(generatedImages.id, id),
      eq(generatedImages.userId, userId),
      ne(generatedImages.status, "deleted"),
    );
    const [row] = await tx
      .select({ storageKey: generatedImages.storageKey })
      .from(generatedImages)
      .where(mine);
    if (!row) throw notFound("No such image.");
    await tx.update(generatedImages).set({ status: "deleted", storageKey: null }).where(mine);
    return row.storageKey;
  });
  if (!storageKey) return;
  // The image is gone for its owner either way; a file left behind is logged for the operator.
  await deps.storage.remove(storageKey).catch((err: unknown) => {
    deps.logger.warn({ event: "image.file_remove_failed", imageId: id, err }, "image file not removed");
  });
}
