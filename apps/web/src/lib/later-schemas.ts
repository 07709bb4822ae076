// The schemas of answers the shared code reads after a page's first screen (the knowledge bases, a
// file's text): loaded with `import()` when first needed, so the chat's first screen does not load the
// schema library.
import { collectionSummarySchema } from "@tessera/contracts";
import { z } from "zod";

export const collectionsSchema = z.array(collectionSummarySchema);

/** POST /api/attachments/extract. */
export const extractedTextSchema = z.object({
  kind: z.enum(["text", "pdf"]),
  text: z.string(),
  truncated: z.boolean(),
});
