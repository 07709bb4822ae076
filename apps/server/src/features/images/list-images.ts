// Reading one's images: the newest first (recent 10, history 50) and one by id for a job's status.
// Always scoped to the caller; someone else's id is simply not found.
import { and, desc, eq, ne } from "drizzle-orm";
import type { GeneratedImage } from "@tessera/contracts";
import type { Database } from "../../db/client";
import { generatedImages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Storage } from "../../providers/storage/storage";
import { expireStaleImages } from "./expire-stale-images";
import { toGeneratedImage } from "./image-view";

export interface ReadDeps {
  db: Database;
  storage: Storage;
  timeoutMs: number;
}

export async function listImages(deps: ReadDeps, userId: string, limit: number): Promise<GeneratedImage[]> {
  await expireStaleImages(deps.db, { timeoutMs: deps.timeoutMs, userId });
  const rows = await deps.db
    .select()
    .from(generatedImages)
    .where(and(eq(generatedImages.userId, userId), ne(generatedImages.status, "deleted")))
    .orderBy(desc(generatedImages.createdAt), desc(generatedImages.id))
    .limit(limit);
  return rows.map((r) => toGeneratedImage(r, deps.storage));
}

export async function getImage(deps: ReadDeps, userId: string, id: string): Promise<GeneratedImage> {
  await expireStaleImages(deps.db, { timeoutMs: deps.timeoutMs, userId });
  const [row] = await deps.db
    .select()
    .from(generatedImages)
    .where(
      and(
        eq(generatedImages.id, id),
        eq(generatedImages.userId, userId),
        ne(generatedImages.status, "deleted"),
      ),
    );
  if (!row) throw notFound("No such image.");
  return toGeneratedImage(row, deps.storage);
}
