// Knowledge bases (issue #53): named collections of documents, a person's own or their team's.
// Chat can be asked to answer from chosen ones (`collectionIds` of /api/chat-stream) and assistants
// attach them (`knowledgeBase.collections`). The limits are in collection-limits.ts.
import { z } from "zod";
import {
  COLLECTION_DESCRIPTION_MAX,
  COLLECTION_NAME_MAX,
  COLLECTIONS_PER_CHAT_MAX,
} from "./collection-limits";
import { documentSummarySchema } from "./documents";

export const createCollectionSchema = z
  .object({
    name: z.string().trim().min(1, "must not be blank").max(COLLECTION_NAME_MAX),
    description: z.string().trim().max(COLLECTION_DESCRIPTION_MAX).default(""),
    /** A team the caller belongs to: the collection is then its members', and only theirs. */
    teamId: z.string().trim().min(1).max(100).nullish(),
  })
  .strict();
export type CreateCollectionInput = z.input<typeof createCollectionSchema>;

export const updateCollectionSchema = z
  .object({
    name: z.string().trim().min(1, "must not be blank").max(COLLECTION_NAME_MAX).optional(),
    description: z.string().trim().max(COLLECTION_DESCRIPTION_MAX).optional(),
  })
  .strict()
  .refine((v) => v.name !== undefined || v.description !== undefined, "Nothing to change.");
export type UpdateCollectionInput = z.input<typeof updateCollectionSchema>;

export const collectionIdsSchema = z
  .array(z.string().uuid("not a collection id"))
  .max(COLLECTIONS_PER_CHAT_MAX, `at most ${COLLECTIONS_PER_CHAT_MAX} collections`);

export const collectionSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** Null for a personal collection. */
  team_id: z.string().nullable(),
  documents: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CollectionSummary = z.infer<typeof collectionSummarySchema>;

export const collectionDetailSchema = collectionSummarySchema.extend({
  items: z.array(documentSummarySchema),
});
export type CollectionDetail = z.infer<typeof collectionDetailSchema>;
