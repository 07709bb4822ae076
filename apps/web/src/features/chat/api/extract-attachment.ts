// POST /api/attachments/extract: the text of a PDF (or text file), already cut to 2,000 characters.
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { UPLOAD_TIMEOUT_MS } from "./upload-chat-image";

const extractedSchema = z.object({
  kind: z.enum(["text", "pdf"]),
  text: z.string(),
  truncated: z.boolean(),
});
export type ExtractedAttachment = z.infer<typeof extractedSchema>;

export async function extractAttachment(file: File, signal?: AbortSignal): Promise<ExtractedAttachment> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (
    await apiRequest("/api/attachments/extract", {
      method: "POST",
      form,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      schema: extractedSchema,
      signal,
    })
  ).data;
}
