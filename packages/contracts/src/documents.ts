import { z } from "zod";

export const DOCUMENT_TITLE_MAX = 200;
export const DOCUMENT_CONTENT_MAX = 200_000;

export const createDocumentSchema = z
  .object({
    title: z.string().trim().min(1, "must not be blank").max(DOCUMENT_TITLE_MAX),
    content: z
      .string()
      .trim()
      .min(1, "must not be blank")
      .max(DOCUMENT_CONTENT_MAX, `must be at most ${DOCUMENT_CONTENT_MAX} characters`),
  })
  .strict();
export type CreateDocumentInput = z.input<typeof createDocumentSchema>;

export const documentSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  characters: z.number().int(),
  passages: z.number().int(),
  created_at: z.string(),
});
export type DocumentSummary = z.infer<typeof documentSummarySchema>;
