// Knowledge bases (collections), as chat, assistants and the documents feature all read them: which
// ones a person reads and which documents they hold. A team's collection is read by its
// members only; membership is read on each call, so leaving a team ends access at once. Searching
// chosen ones is retrieval's (visible-chunks.ts, retrieveFromCollections).
import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, knowledgeCollections, member } from "../db/schema";
import { notFound } from "../lib/errors";

export const COLLECTION_NOT_FOUND = "Collection not found.";

/** Collections a person reads: their personal ones and their teams'. */
export const readableCollectionsOf = (db: Database, userId: string): SQL =>
  or(
    and(isNull(knowledgeCollections.teamId), eq(knowledgeCollections.userId, userId)),
    inArray(
      knowledgeCollections.teamId,
      db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId)),
    ),
  )!;

/** Checks that the caller reads every one of `ids` (a 404 names none of the others'). */
export async function readableCollectionIds(db: Database, userId: string, ids: string[]): Promise<string[]> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return [];
  const rows = await db
    .select({ id: knowledgeCollections.id })
    .from(knowledgeCollections)
    .where(and(inArray(knowledgeCollections.id, wanted), readableCollectionsOf(db, userId)));
  if (rows.length !== wanted.length) throw notFound(COLLECTION_NOT_FOUND);
  return wanted;
}

/** The ids of the documents in these collections (already checked readable). */
export async function documentIdsIn(db: Database, collectionIds: string[]): Promise<string[]> {
  if (!collectionIds.length) return [];
  const rows = await db
    .select({ id: documents.id })
    .from(documents)
    .where(inArray(documents.collectionId, collectionIds));
  return rows.map((r) => r.id);
}
