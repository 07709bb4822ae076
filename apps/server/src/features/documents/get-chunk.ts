// One chunk of a document the caller reads: the passage an answer cited, so the document page can
// scroll to it and mark it.
import type { DocumentChunk } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { knowledgeChunks } from "../../db/schema";
import { notFound } from "../../lib/errors";
import { getDocument } from "./documents";

export async function getChunk(
  db: Database,
  userId: string,
  documentId: string,
  chunkId: string,
): Promise<DocumentChunk> {
  // Readable document first: someone else's is a 404 whatever the chunk.
  await getDocument(db, userId, documentId);
  const [chunk] = await db
    .select({
      id: knowledgeChunks.id,
      documentId: knowledgeChunks.documentId,
      page: knowledgeChunks.page,
      heading: knowledgeChunks.heading,
      content: knowledgeChunks.content,
    })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.id, chunkId), eq(knowledgeChunks.documentId, documentId)));
  if (!chunk) throw notFound("Document not found.");
  return chunk;
}
