// A person's documents: stored whole and indexed as passages that only they can retrieve.
import {
  DOCUMENT_CONTENT_MAX,
  DOCUMENT_TITLE_MAX,
  type DocumentDetail,
  type DocumentSummary,
} from "@tessera/contracts";
import { and, count, desc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, knowledgePassages } from "../../db/schema";
import { readableDocumentsOf } from "../../knowledge/collections";
import { trimKeepingPages } from "../../knowledge/tidy-text";
import { refreshDensities, releaseDocuments } from "../../knowledge/unit-density";
import { AppError, notFound } from "../../lib/errors";
import { splitPassages } from "./split-passages";

export interface NewDocument {
  title: string;
  content: string;
  /** Where it was read from; its passages then cite that address. */
  sourceUrl?: string | null;
  /** The knowledge base it is added to (already checked to be the caller's to read). */
  collectionId?: string | null;
}

export async function createDocument(
  db: Database,
  userId: string,
  input: NewDocument,
): Promise<DocumentSummary> {
  const content = trimKeepingPages(input.content);
  if (!content.trim()) throw new AppError("BAD_REQUEST", "There is no text in this document.");
  if (content.length > DOCUMENT_CONTENT_MAX)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This document has ${content.length.toLocaleString("en-US")} characters; the limit is ${DOCUMENT_CONTENT_MAX.toLocaleString("en-US")}.`,
    );
  const title = input.title.trim().slice(0, DOCUMENT_TITLE_MAX) || "Untitled document";
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({
        userId,
        title,
        content,
        sourceUrl: input.sourceUrl ?? null,
        collectionId: input.collectionId ?? null,
      })
      .returning();
    const passages = await indexPassages(tx, doc!);
    return summary(doc!, passages);
  });
}

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Splits a document into its passages, in place of any it had; how many there are. */
async function indexPassages(tx: Tx | Database, doc: typeof documents.$inferSelect): Promise<number> {
  const passages = splitPassages(doc.content);
  await tx.delete(knowledgePassages).where(eq(knowledgePassages.documentId, doc.id));
  await tx.insert(knowledgePassages).values(
    passages.map((text, i) => ({
      kind: "document" as const,
      userId: doc.userId,
      documentId: doc.id,
      title: passages.length > 1 ? `${doc.title} (part ${i + 1})` : doc.title,
      url: doc.sourceUrl ?? `/dashboard/documents/${doc.id}`,
      content: text,
    })),
  );
  return passages.length;
}

/**
 * Splits a document the caller reads into its passages again; whose it is, so its chunks can be
 * queued for indexing under its owner (a team collection's document may be another member's).
 */
export async function reindexPassages(
  db: Database,
  userId: string,
  id: string,
): Promise<{ ownerId: string }> {
  const [doc] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), readableDocumentsOf(db, userId)));
  if (!doc) throw notFound("Document not found.");
  await db.transaction((tx) => indexPassages(tx, doc));
  return { ownerId: doc.userId };
}

const summary = (doc: typeof documents.$inferSelect, passages: number): DocumentSummary => ({
  id: doc.id,
  title: doc.title,
  characters: doc.content.length,
  passages,
  source_url: doc.sourceUrl,
  collection_id: doc.collectionId,
  created_at: doc.createdAt.toISOString(),
  index: { state: doc.indexState, progress: doc.indexProgress, error: doc.indexError },
});

/** A person's own documents, or (with `collectionId`, already checked readable) a collection's. */
export async function listDocuments(
  db: Database,
  userId: string,
  collectionId?: string,
): Promise<DocumentSummary[]> {
  const rows = await db
    .select({ doc: documents, passages: count(knowledgePassages.id) })
    .from(documents)
    .leftJoin(knowledgePassages, eq(knowledgePassages.documentId, documents.id))
    .where(collectionId ? eq(documents.collectionId, collectionId) : eq(documents.userId, userId))
    .groupBy(documents.id)
    .orderBy(desc(documents.createdAt));
  return rows.map((r) => summary(r.doc, Number(r.passages)));
}

export async function getDocument(db: Database, userId: string, id: string): Promise<DocumentDetail> {
  const [row] = await db
    .select({ doc: documents, passages: count(knowledgePassages.id) })
    .from(documents)
    .leftJoin(knowledgePassages, eq(knowledgePassages.documentId, documents.id))
    .where(and(eq(documents.id, id), readableDocumentsOf(db, userId)))
    .groupBy(documents.id);
  if (!row) throw notFound("Document not found.");
  return { ...summary(row.doc, Number(row.passages)), content: row.doc.content };
}

/** Deletes a document the caller reads: their own, or one in their (team's) collection. */
export async function deleteDocument(
  db: Database,
  userId: string,
  id: string,
  collectionId?: string,
): Promise<void> {
  const which = and(
    eq(documents.id, id),
    readableDocumentsOf(db, userId),
    collectionId ? eq(documents.collectionId, collectionId) : undefined,
  );
  const [found] = await db.select({ id: documents.id }).from(documents).where(which);
  if (!found) throw notFound("Document not found.");
  // The densities its units were part of are cleared first, and computed again without them.
  const released = await releaseDocuments(db, [id]);
  const deleted = await db.delete(documents).where(which).returning({ id: documents.id });
  if (deleted.length === 0) throw notFound("Document not found.");
  for (const r of released) await refreshDensities(db, r.embedder, r.ownerId);
}
