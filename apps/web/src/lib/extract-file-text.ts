// POST /api/attachments/extract: the text of a PDF, Word document, HTML page or text file as the
// server reads it (cut to 2,000 characters). Chat attaches it to a message; assistants keep it as a
// knowledge document.
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** Uploads may take longer than the default 30 s on a slow connection. */
const EXTRACT_TIMEOUT_MS = 120_000;

const extractedSchema = z.object({
  kind: z.enum(["text", "pdf"]),
  text: z.string(),
  truncated: z.boolean(),
});
export type ExtractedText = z.infer<typeof extractedSchema>;

export async function extractFileText(file: File, signal?: AbortSignal): Promise<ExtractedText> {
  const form = new FormData();
  form.append("file", file, file.name);
  return (
    await apiRequest("/api/attachments/extract", {
      method: "POST",
      form,
      timeoutMs: EXTRACT_TIMEOUT_MS,
      schema: extractedSchema,
      signal,
    })
  ).data;
}
