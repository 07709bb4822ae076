// A generated_images row as the client sees it (contracts' GeneratedImage): the stored file becomes
// its public URL, dates become ISO strings.
import type { GeneratedImage, ImageStatus } from "@tessera/contracts";
import type { generatedImages } from "../../db/schema";
import type { Storage } from "../../providers/storage/storage";

export type ImageRow = typeof generatedImages.$inferSelect;

export function toGeneratedImage(row: ImageRow, storage: Storage): GeneratedImage {
  return {
    id: row.id,
    user_id: row.userId,
    prompt: row.prompt,
    model: row.model,
    aspect_ratio: row.aspectRatio,
    image_url: row.storageKey ? storage.publicUrl(row.storageKey) : null,
    content_type: row.contentType,
    status: row.status as ImageStatus,
    error: row.error,
    generation_time: row.generationTime,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
  };
}
