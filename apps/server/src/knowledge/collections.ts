// Knowledge bases (collections), as chat, assistants and the documents feature all read them: which
// ones a person reads, and grounding limited to chosen ones. A team's collection is read by its
// members only; membership is read on each call, so leaving a team ends access at once.
import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, knowledgeCollections, knowledgePassages, member } from "../db/schema";
import { notFound } from "../lib/errors";
import type { Passage } from "../providers/llm/types";
import { rankedMatch } from "./search-knowledge";

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

/**
 * Grounding limited to chosen knowledge bases: only passages of their documents are ranked, whoever
 * added them (a team's collection holds its members' documents).
 */
/** `collectionIds` must already be checked readable (readableCollectionIds). */
export async function searchCollections(
  db: Database,
  collectionIds: string[],
  query: string,
  limit: number,
): Promise<Passage[]> {
  if (!collectionIds.length) return [];
  const want = Math.min(Math.max(limit, 1), 20);
  const visible = inArray(
    knowledgePassages.documentId,
    db.select({ id: documents.id }).from(documents).where(inArray(documents.collectionId, collectionIds)),
  );
  const match = await rankedMatch(db, query, visible, want);
  if (!match) return [];
  const rows = await db
    .select({
      id: knowledgePassages.id,
      kind: knowledgePassages.kind,
      title: knowledgePassages.title,
      url: knowledgePassages.url,
      content: knowledgePassages.content,
      rank: sql<number>`ts_rank_cd(${knowledgePassages.search}, ${match.tsquery}, 1)`,
    })
    .from(knowledgePassages)
    .where(match.where)
    .orderBy(...match.orderBy)
    .limit(want);
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
