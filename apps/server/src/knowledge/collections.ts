// Knowledge bases (collections), as chat, assistants and the documents feature all read them: which
// ones a person reads and which documents they hold. A team's collection is read by its
// members only; membership is read on each call, so leaving a team ends access at once, and what the
// leaver made or added there passes to the team's owner (migration 0042): the team keeps it. Searching
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

/** Documents a person reads: their own, and those in a collection they read. */
export const readableDocumentsOf = (db: Database, userId: string): SQL =>
  or(
    eq(documents.userId, userId),
    inArray(
      documents.collectionId,
      db
        .select({ id: knowledgeCollections.id })
        .from(knowledgeCollections)
        .where(readableCollectionsOf(db, userId)),
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
