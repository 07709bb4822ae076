// Knowledge bases: named collections of documents, a person's own or their team's. A team's is read
// and changed by its members only; membership is read on every call, so leaving a team (or being
// removed) ends access at once. Someone else's collection is a 404, never a 403.
import type {
  CollectionDetail,
  CollectionSummary,
  createCollectionSchema,
  updateCollectionSchema,
} from "@tessera/contracts";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { documents, knowledgeCollections, member } from "../../db/schema";
import { COLLECTION_NOT_FOUND, readableCollectionsOf } from "../../knowledge/collections";
import { refreshDensities, releaseDocuments } from "../../knowledge/unit-density";
import { notFound } from "../../lib/errors";
import { listDocuments } from "./documents";

type Row = typeof knowledgeCollections.$inferSelect;

const toSummary = (row: Row, documentCount: number): CollectionSummary => ({
  id: row.id,
  name: row.name,
  description: row.description,
  team_id: row.teamId,
  documents: documentCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listCollections(db: Database, userId: string): Promise<CollectionSummary[]> {
  const rows = await db
    .select({ row: knowledgeCollections, documents: count(documents.id) })
    .from(knowledgeCollections)
    .leftJoin(documents, eq(documents.collectionId, knowledgeCollections.id))
    .where(readableCollectionsOf(db, userId))
    .groupBy(knowledgeCollections.id)
    .orderBy(desc(knowledgeCollections.updatedAt))
    .limit(500);
  return rows.map((r) => toSummary(r.row, Number(r.documents)));
}

/** The collection if the caller reads it; a 404 otherwise. */
export async function readableCollection(db: Database, userId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(knowledgeCollections)
    .where(and(eq(knowledgeCollections.id, id), readableCollectionsOf(db, userId)));
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  return row;
}

export async function createCollection(
  db: Database,
  userId: string,
  input: z.output<typeof createCollectionSchema>,
): Promise<CollectionSummary> {
  // Only into a team the caller belongs to; any other team is as unknown as a missing one.
  if (input.teamId) {
    const [membership] = await db
      .select({ id: member.id })
      .from(member)
      .where(and(eq(member.organizationId, input.teamId), eq(member.userId, userId)))
      .limit(1);
    if (!membership) throw notFound("No such team, or you are not a member of it.");
  }
  const [row] = await db
    .insert(knowledgeCollections)
    .values({ userId, teamId: input.teamId ?? null, name: input.name, description: input.description })
    .returning();
  return toSummary(row!, 0);
}

export async function getCollection(db: Database, userId: string, id: string): Promise<CollectionDetail> {
  const row = await readableCollection(db, userId, id);
  const items = await listDocuments(db, userId, row.id);
  return { ...toSummary(row, items.length), items };
}

export async function updateCollection(
  db: Database,
  userId: string,
  id: string,
  input: z.output<typeof updateCollectionSchema>,
): Promise<CollectionSummary> {
  await readableCollection(db, userId, id);
  const [row] = await db
    .update(knowledgeCollections)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(knowledgeCollections.id, id))
    .returning();
  const [counted] = await db.select({ n: count() }).from(documents).where(eq(documents.collectionId, id));
  return toSummary(row!, Number(counted?.n ?? 0));
}

/** Deletes the collection and its documents. */
export async function deleteCollection(db: Database, userId: string, id: string): Promise<void> {
  await readableCollection(db, userId, id);
  // Its documents go with it: the densities their units were part of are cleared first, and
  // computed again without them, as when a document is deleted alone.
  const inside = await db.select({ id: documents.id }).from(documents).where(eq(documents.collectionId, id));
  const released = await releaseDocuments(
    db,
    inside.map((d) => d.id),
  );
  await db.delete(knowledgeCollections).where(eq(knowledgeCollections.id, id));
  for (const r of released) await refreshDensities(db, r.embedder, r.ownerId);
}

/** Marks the collection changed, so the most recently used ones list first. */
export async function touchCollection(db: Database, id: string): Promise<void> {
  await db
    .update(knowledgeCollections)
    .set({ updatedAt: sql`now()` })
    .where(eq(knowledgeCollections.id, id));
}
