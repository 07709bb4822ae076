// The pictures of a question, uploaded before its answer's stream opens (spec §4 "Chat send"). One that
// cannot be uploaded does not hold the question back: it goes with text only, and says so.
import i18next from "i18next";
import { toast } from "@/lib/toast";
import { uploadChatImage } from "../api/upload-chat-image";
import type { ChatImage } from "../utils/chat-message";

/**
 * Uploads them and answers their ids for the request; `onImages` gets them as stored (or none, when
 * the upload failed). Rejects only when `signal` aborted it.
 */
export async function uploadTurnImages(
  images: readonly { file: File; name: string }[],
  signal: AbortSignal,
  onImages: (stored: ChatImage[]) => void,
): Promise<{ id: string }[]> {
  if (images.length === 0) return [];
  try {
    const uploaded = await Promise.all(images.map((i) => uploadChatImage(i.file, signal)));
    onImages(uploaded.map((u, n) => ({ id: u.id, url: u.url, name: images[n]?.name })));
    return uploaded.map((u) => ({ id: u.id }));
  } catch (error) {
    if (signal.aborted) throw error;
    toast.error(i18next.t("composer.errors.imageUploadFailed", { ns: "chat" }), {
      description: i18next.t("composer.errors.imageUploadFailedDetail", { ns: "chat" }),
    });
    onImages([]);
    return [];
  }
}
