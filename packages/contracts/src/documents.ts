// A person's documents: what is written, read from an address, and listed. The limits are in
// document-limits.ts.
import { z } from "zod";
import { httpUrlSchema } from "./http-url";
import { DOCUMENT_CONTENT_MAX, DOCUMENT_TITLE_MAX } from "./document-limits";
import { documentIndexStateSchema } from "./knowledge";

export const createDocumentSchema = z
  .object({
    title: z.string().trim().min(1, "must not be blank").max(DOCUMENT_TITLE_MAX),
    content: z.string().trim().min(1, "must not be blank").max(DOCUMENT_CONTENT_MAX),
  })
  .strict();
export type CreateDocumentInput = z.input<typeof createDocumentSchema>;

/** A document read from a web page, text file or PDF at an address, fetched by the guarded client. */
export const createDocumentFromUrlSchema = z
  .object({
    url: httpUrlSchema(),
    title: z.string().trim().max(DOCUMENT_TITLE_MAX).optional(),
  })
  .strict();
export type CreateDocumentFromUrlInput = z.input<typeof createDocumentFromUrlSchema>;

export const documentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  characters: z.number().int(),
  passages: z.number().int(),
  /** Where the document was read from, when it came from an address. */
  source_url: z.string().nullable(),
  /** The knowledge base (collection) it belongs to, if any. */
  collection_id: z.string().nullable(),
  created_at: z.string(),
  /** Chunking and embedding for search: progress 0–100 while indexing, the reason when failed. */
  index: z
    .object({
      state: documentIndexStateSchema,
      progress: z.number().int(),
      error: z.string().nullable(),
    })
    .optional(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;

export const documentDetailSchema = documentSummarySchema.extend({ content: z.string() });
export type DocumentDetail = z.infer<typeof documentDetailSchema>;
