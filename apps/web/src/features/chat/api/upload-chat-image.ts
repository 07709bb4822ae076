// POST /api/chat-images: stores one picture for a message and answers its id and public URL.
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type { uploadedImageSchema } from "./later-schemas";

/** Up to 10 MB on a slow connection takes longer than the usual 30 s. */
export const UPLOAD_TIMEOUT_MS = 120_000;

export type UploadedImage = z.infer<typeof uploadedImageSchema>;

export async function uploadChatImage(file: File, signal?: AbortSignal): Promise<UploadedImage> {
  const { uploadedImageSchema: schema } = await import("./later-schemas");
  const form = new FormData();
  form.append("file", file, file.name);
  return (
    await apiRequest("/api/chat-images", {
      method: "POST",
      form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      schema,
      signal,
    })
  ).data;
}
