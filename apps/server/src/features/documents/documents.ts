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
import { AppError, notFound } from "../../lib/errors";
import { splitPassages } from "./split-passages";

export interface NewDocument {
  title: string;
  content: string;
  /** Where it was read from; its passages then cite that address. */
  sourceUrl?: string | null;
}

export async function createDocument(
  db: Database,
  userId: string,
  input: NewDocument,
): Promise<DocumentSummary> {
  const content = input.content.trim();
  if (!content) throw new AppError("BAD_REQUEST", "There is no text in this document.");
  if (content.length > DOCUMENT_CONTENT_MAX)
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This document has ${content.length.toLocaleString("en-US")} characters; the limit is ${DOCUMENT_CONTENT_MAX.toLocaleString("en-US")}.`,
    );
  const title = input.title.trim().slice(0, DOCUMENT_TITLE_MAX) || "Untitled document";
  const passages = splitPassages(content);
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({ userId, title, content, sourceUrl: input.sourceUrl ?? null })
      .returning();
    await tx.insert(knowledgePassages).values(
      passages.map((text, i) => ({
        kind: "document" as const,
        userId,
        documentId: doc!.id,
        title: passages.length > 1 ? `${title} (part ${i + 1})` : title,
        url: doc!.sourceUrl ?? `/dashboard/documents/${doc!.id}`,
        content: text,
      })),
    );
    return summary(doc!, passages.length);
  });
}

const summary = (doc: typeof documents.$inferSelect, passages: number): DocumentSummary => ({
  id: doc.id,
  title: doc.title,
  characters: doc.content.length,
  passages,
  source_url: doc.sourceUrl,
  created_at: doc.createdAt.toISOString(),
  index: { state: doc.indexState, progress: doc.indexProgress, error: doc.indexError },
});

export async function listDocuments(db: Database, userId: string): Promise<DocumentSummary[]> {
  const rows = await db
    .select({ doc: documents, passages: count(knowledgePassages.id) })
    .from(documents)
    .leftJoin(knowledgePassages, eq(knowledgePassages.documentId, documents.id))
    .where(eq(documents.userId, userId))
    .groupBy(documents.id)
    .orderBy(desc(documents.createdAt));
  return rows.map((r) => summary(r.doc, Number(r.passages)));
}

export async function getDocument(db: Database, userId: string, id: string): Promise<DocumentDetail> {
  const [row] = await db
    .select({ doc: documents, passages: count(knowledgePassages.id) })
    .from(documents)
    .leftJoin(knowledgePassages, eq(knowledgePassages.documentId, documents.id))
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .groupBy(documents.id);
  if (!row) throw notFound("Document not found.");
  return { ...summary(row.doc, Number(row.passages)), content: row.doc.content };
}

export async function deleteDocument(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  if (deleted.length === 0) throw notFound("Document not found.");
}
