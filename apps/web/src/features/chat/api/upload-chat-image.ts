// POST /api/chat-images: stores one picture for a message and answers its id and public URL.
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Up to 10 MB on a slow connection takes longer than the usual 30 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

const uploadedImageSchema = z.object({
  id: z.string(),
  url: z.string(),
  contentType: z.string(),
  bytes: z.number(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export async function uploadChatImage(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (
    await apiRequest("/api/chat-images", {
      method: "POST",
      form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      schema: uploadedImageSchema,
      signal,
    })
  ).data;
}
