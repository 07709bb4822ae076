// What chat grounding, the search_documents tool, assistants and the API's completions retrieve:
// the shared help and catalogue and saved web pages by full-text search (search-knowledge.ts), and
// people's documents by hybrid search over their chunks (hybrid-search.ts), one list fused by rank.
// A document not yet indexed into chunks is still found through its full-text passages.
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../db/client";
import { documents, knowledgeChunks } from "../db/schema";
import type { Passage } from "../providers/llm/types";
import type { KnowledgeDeps, KnowledgeQuery } from "./hybrid-search";
import { searchKnowledgeReport } from "./hybrid-search";
import { searchKnowledge as searchPassages } from "./search-knowledge";

const knowledgeOf = new WeakMap<object, KnowledgeDeps>();

/** Makes retrieval on `db` use these embedders (bootstrap); without, documents are found by words. */
export const useKnowledge = (deps: KnowledgeDeps) => knowledgeOf.set(deps.db, deps);

const noEmbedders: KnowledgeDeps["embedders"] = {
  search: () => Promise.resolve(null),
  indexing: () => Promise.resolve([]),
};

const RRF_K = 60;

/** Hybrid search over chunks, as passages a model is grounded on (cited by document, page, heading). */
async function chunkPassages(deps: KnowledgeDeps, q: KnowledgeQuery): Promise<Passage[]> {
  const { db } = deps;
  const { hits, fallback } = await searchKnowledgeReport(deps, q);
  const chunks = hits.length
    ? await db
        .select({
          id: knowledgeChunks.id,
          documentId: knowledgeChunks.documentId,
          content: knowledgeChunks.content,
          sourceUrl: documents.sourceUrl,
        })
        .from(knowledgeChunks)
        .innerJoin(documents, eq(documents.id, knowledgeChunks.documentId))
        .where(
          inArray(
            knowledgeChunks.id,
            hits.map((h) => h.chunkId),
          ),
        )
    : [];
  const byId = new Map(chunks.map((c) => [c.id, c]));
  return hits.flatMap((h) => {
    const c = byId.get(h.chunkId);
    if (!c) return [];
    const where = [h.heading, h.page ? `page ${h.page}` : null].filter(Boolean).join(", ");
    return [
      {
        id: h.chunkId,
        kind: "document" as const,
        title: where ? `${h.title} (${where})` : h.title,
        url: c.sourceUrl ?? `/dashboard/documents/${h.documentId}`,
        content: c.content,
        rank: h.score,
        documentId: h.documentId,
        page: h.page ?? null,
        heading: h.heading ?? null,
        chunkId: h.chunkId,
        ...(h.similarity !== undefined ? { similarity: h.similarity } : {}),
        ...(fallback ? { fallback } : {}),
      },
    ];
  });
}

/**
 * Grounding limited to chosen knowledge bases (already checked readable: readableCollectionIds):
 * hybrid search over their documents' chunks only, whoever in a team added them.
 */
export async function retrieveFromCollections(
  db: Database,
  userId: string,
  collectionIds: string[],
  query: string,
  limit: number,
): Promise<Passage[]> {
  if (!collectionIds.length) return [];
  const deps = knowledgeOf.get(db) ?? { db, embedders: noEmbedders };
  return chunkPassages(deps, { userId, query, limit: Math.min(Math.max(limit, 1), 20), collectionIds });
}

/** `documentIds`: someone else's documents the caller may read through an assistant they use. */
export async function retrievePassages(
  db: Database,
  userId: string,
  query: string,
  limit: number,
  documentIds: string[] = [],
): Promise<Passage[]> {
  const deps = knowledgeOf.get(db) ?? { db, embedders: noEmbedders };
  const passages = await searchPassages(db, userId, query, limit, documentIds);
  // A document whose chunks are ready is represented by its chunks, not by its older passages. Read
  // before the chunks are searched: a document that becomes ready in between keeps its passages.
  const passageDocs = [...new Set(passages.flatMap((p) => (p.documentId ? [p.documentId] : [])))];
  const ready = new Set(
    passageDocs.length
      ? (
          await db
            .select({ id: documents.id })
            .from(documents)
            .where(and(inArray(documents.id, passageDocs), eq(documents.indexState, "ready")))
        ).map((d) => d.id)
      : [],
  );
  const fromChunks = await chunkPassages(deps, { userId, query, limit, sharedDocumentIds: documentIds });
  const older = passages.filter((p) => !(p.documentId && ready.has(p.documentId)));
  // Reciprocal rank fusion of the two lists: each one's order is kept, the two interleaved.
  const fused = [
    ...older.map((p, i) => ({ ...p, rank: 1 / (RRF_K + i + 1) })),
    ...fromChunks.map((p, i) => ({ ...p, rank: 1 / (RRF_K + i + 1) })),
  ];
  return fused.sort((a, b) => b.rank - a.rank).slice(0, Math.max(1, limit));
}
