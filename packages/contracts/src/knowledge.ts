import { z } from "zod";

export const KNOWLEDGE_QUERY_MAX = 1_000;

/**
 * Why a background job failed, as the server stores it (a document's index error, an embedding model's
 * build error, an image's); the web words each again in the reader's language. `{{seconds}}` stands
 * for a whole number. What an embedding or image provider said of itself is passed on as it is.
 */
export const JOB_FAILURE_MESSAGES = {
  /** Any job whose server stopped mid-way, after its last attempt. */
  died: "The server handling this stopped; try again.",
  indexFailed: "This document could not be indexed; try re-indexing it.",
  densityFailed: "Search ranks these documents without their density for now.",
  reembedFailed: "Re-embedding stopped; search keeps the previous model's vectors.",
  embedderGone: "The connection of this embedding model is gone or switched off.",
  imageFailed: "Something went wrong while making the image. Try again.",
  imageTimeout: "The image provider did not finish within {{seconds}} seconds.",
} as const;
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

/**
 * How nearest chunks are found: pgvector's HNSW index (a PostgreSQL server with the extension), an
 * index in the server's memory (PGlite), or exact similarity (a PostgreSQL server without it).
 */
export const vectorModeSchema = z.enum(["pgvector", "memory", "exact"]);
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
