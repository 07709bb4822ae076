// POST /api/attachments/extract: the text of a PDF, Word document, HTML page or text file as the
// server reads it (cut to 2,000 characters). Chat attaches it to a message; assistants keep it as a
// knowledge document.
import type { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import type { extractedTextSchema } from "./later-schemas";

/** Uploads may take longer than the default 30 s on a slow connection. */
const EXTRACT_TIMEOUT_MS = 120_000;

export type ExtractedText = z.infer<typeof extractedTextSchema>;

export async function extractFileText(file: File, signal?: AbortSignal): Promise<ExtractedText> {
  const { extractedTextSchema: schema } = await import("./later-schemas");
  const form = new FormData();
  form.append("file", file, file.name);
  return (
    await apiRequest("/api/attachments/extract", {
      method: "POST",
      form,
      timeoutMs: EXTRACT_TIMEOUT_MS,
      schema,
      signal,
    })
  ).data;
}
