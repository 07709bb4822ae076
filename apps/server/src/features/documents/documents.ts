// A person's documents: stored whole and indexed as passages that only they can retrieve.
import type { DocumentSummary, createDocumentSchema } from "@tessera/contracts";
import { and, count, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { documents, knowledgePassages } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { splitPassages } from "./split-passages";

export async function createDocument(
  db: Database,
  userId: string,
  input: z.output<typeof createDocumentSchema>,
): Promise<DocumentSummary> {
  const passages = splitPassages(input.content);
  return db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(documents)
      .values({ userId, title: input.title, content: input.content })
      .returning();
    await tx.insert(knowledgePassages).values(
      passages.map((content, i) => ({
        kind: "document" as const,
        userId,
        documentId: doc!.id,
        title: passages.length > 1 ? `${input.title} (part ${i + 1})` : input.title,
        url: `/dashboard/documents/${doc!.id}`,
        content,
      })),
    );
    return {
      id: doc!.id,
      title: doc!.title,
      characters: doc!.content.length,
      passages: passages.length,
      created_at: doc!.createdAt.toISOString(),
    };
  });
}

export async function listDocuments(db: Database, userId: string): Promise<DocumentSummary[]> {
  const rows = await db
    .select({
      id: documents.id,
      title: documents.title,
      content: documents.content,
      createdAt: documents.createdAt,
      passages: count(knowledgePassages.id),
    })
    .from(documents)
    .leftJoin(knowledgePassages, eq(knowledgePassages.documentId, documents.id))
    .where(eq(documents.userId, userId))
    .groupBy(documents.id)
    .orderBy(desc(documents.createdAt));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    characters: r.content.length,
    passages: Number(r.passages),
    created_at: r.createdAt.toISOString(),
  }));
}

export async function getDocument(db: Database, userId: string, id: string) {
  const [doc] = await db
    .select()
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)));
  if (!doc) throw notFound("Document not found.");
  return { id: doc.id, title: doc.title, content: doc.content, created_at: doc.createdAt.toISOString() };
}

export async function deleteDocument(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(documents)
    .where(and(eq(documents.id, id), eq(documents.userId, userId)))
    .returning({ id: documents.id });
  if (deleted.length === 0) throw notFound("Document not found.");
}
