// One chunk of a document: the passage an answer cited, so the document page can scroll to it and
// mark it. Its reader is whoever reads the document, or (given the assistant whose answer cited it)
// whoever may use an assistant that answers from the document: they get this passage and its
// neighbours, never the rest of the document.
import type { DocumentChunk } from "@tessera/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { documents, knowledgeChunks } from "../../db/schema";
import { readsThroughAssistant } from "../../knowledge/assistant-knowledge";
import { readableDocumentsOf } from "../../knowledge/collections";
import { notFound } from "../../lib/errors";

const NOT_FOUND = "Document not found.";

async function mayRead(db: Database, userId: string, documentId: string, assistantId?: string) {
  const [own] = await db
    .select({ id: documents.id })
    .from(documents)
    .where(and(eq(documents.id, documentId), readableDocumentsOf(db, userId)));
  if (own) return true;
  return assistantId ? readsThroughAssistant(db, userId, assistantId, documentId) : false;
}

export async function getChunk(
  db: Database,
  userId: string,
  documentId: string,
  chunkId: string,
  assistantId?: string,
): Promise<DocumentChunk> {
  // Readable document first: someone else's is a 404 whatever the chunk.
  if (!(await mayRead(db, userId, documentId, assistantId))) throw notFound(NOT_FOUND);
  const [chunk] = await db
    .select({
      id: knowledgeChunks.id,
      documentId: knowledgeChunks.documentId,
      ordinal: knowledgeChunks.ordinal,
      page: knowledgeChunks.page,
      heading: knowledgeChunks.heading,
      content: knowledgeChunks.content,
      title: documents.title,
    })
    .from(knowledgeChunks)
    .innerJoin(documents, eq(documents.id, knowledgeChunks.documentId))
    .where(and(eq(knowledgeChunks.id, chunkId), eq(knowledgeChunks.documentId, documentId)));
  if (!chunk) throw notFound(NOT_FOUND);
  const { ordinal, ...passage } = chunk;
  const near = await db
    .select({ ordinal: knowledgeChunks.ordinal, content: knowledgeChunks.content })
    .from(knowledgeChunks)
    .where(
      and(
        eq(knowledgeChunks.documentId, documentId),
        inArray(knowledgeChunks.ordinal, [ordinal - 1, ordinal + 1]),
      ),
    );
  const at = (n: number) => near.find((c) => c.ordinal === n)?.content ?? null;
  return { ...passage, before: at(ordinal - 1), after: at(ordinal + 1) };
}
