import { randomBytes } from "node:crypto";
import type { Database } from "../../db/client";
import { chatImages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { acceptImage } from "../../lib/sniff";
import type { Storage } from "../../providers/storage/storage";

/** Stores an uploaded chat image under image-refs/chat-images/{timestamp-random}.{ext}. */
export async function uploadChatImage(
  deps: { db: Database; storage: Storage },
  userId: string,
  bytes: Uint8Array,
) {
  const type = acceptImage(
    bytes,
    () => new AppError("UNSUPPORTED_MEDIA_TYPE", "Only PNG, JPEG, GIF and WebP images can be attached."),
  );
  const key = `image-refs/chat-images/${Date.now()}-${randomBytes(8).toString("hex")}.${type.ext}`;
  await deps.storage.put(key, bytes, type.mime);
  try {
    const [row] = await deps.db
      .insert(chatImages)
      .values({ userId, storageKey: key, contentType: type.mime, bytes: bytes.byteLength })
      .returning({ id: chatImages.id });
    return { id: row!.id, url: deps.storage.publicUrl(key), contentType: type.mime, bytes: bytes.byteLength };
  } catch (err) {
    await deps.storage.remove(key);
    throw err;
  }
}
