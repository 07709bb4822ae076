import { z } from "zod";

export const KNOWLEDGE_QUERY_MAX = 1_000;
export const KNOWLEDGE_LIMIT_MAX = 50;

/** POST /api/knowledge/search: retrieval by meaning and words over what the caller may read. */
export const knowledgeSearchRequestSchema = z
  .object({
    query: z.string().trim().min(1, "must not be blank").max(KNOWLEDGE_QUERY_MAX),
    limit: z.number().int().min(1).max(KNOWLEDGE_LIMIT_MAX).optional(),
    collectionIds: z.array(z.string().uuid("not a collection id")).max(50).optional(),
    mode: z.enum(["hybrid", "vector", "keyword"]).optional(),
  })
  .strict();
export type KnowledgeSearchRequest = z.input<typeof knowledgeSearchRequestSchema>;

export const knowledgeSearchResultSchema = z.object({
  documentId: z.string(),
  chunkId: z.string(),
  title: z.string(),
  /** The chunk's best fragment, matched words wrapped in ** (markdown bold). */
  snippet: z.string(),
  page: z.number().int().optional(),
  heading: z.string().optional(),
  score: z.number(),
});
export type KnowledgeSearchResult = z.infer<typeof knowledgeSearchResultSchema>;

export const knowledgeSearchResponseSchema = z.object({
  results: z.array(knowledgeSearchResultSchema),
  /** Present when the embedding model could not be reached: these results matched words only. */
  fallback: z.literal("keyword").optional(),
});
export type KnowledgeSearchResponse = z.infer<typeof knowledgeSearchResponseSchema>;

/** How nearest chunks are found: pgvector's HNSW index, or exact similarity without the extension. */
export const vectorModeSchema = z.enum(["pgvector", "exact"]);
export type VectorModeName = z.infer<typeof vectorModeSchema>;

/** A document's indexing for retrieval, as the documents list shows it. */
export const documentIndexStateSchema = z.enum(["pending", "indexing", "ready", "failed"]);
export type DocumentIndexState = z.infer<typeof documentIndexStateSchema>;

/**
 * GET /api/documents/:id/chunks/:chunkId[?assistantId=]: the passage an answer cited, to show it in
 * its document. With `assistantId`, someone who does not read the document gets the passage when it
 * is part of that assistant's knowledge and they may use the assistant.
 */
export const documentChunkSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  page: z.number().int().nullable(),
  heading: z.string().nullable(),
  content: z.string(),
  /** The document's title, and the passages either side: what a reader sees who reads only this. */
  title: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type DocumentChunk = z.infer<typeof documentChunkSchema>;
