// Which passage of a person's document a source is, carried from retrieval through the model's
// source parts (providerMetadata.tessera) to the stored source, so a citation opens the document at it.
import { sourceSchema, type Source } from "@tessera/contracts";
import type { Passage } from "./types";

/** Enough of the passage to read on hover; the document page shows it whole. */
export const CITED_SNIPPET_CHARS = 600;

export type CitedChunk = Pick<Source, "documentId" | "chunkId" | "page" | "heading" | "snippet" | "fallback">;

/** The chunk fields of a passage that is a document's chunk; none for help, pages or older passages. */
export function citedChunkOf(p: Passage): CitedChunk {
  if (!p.documentId || !p.chunkId) return {};
  return {
    documentId: p.documentId,
    chunkId: p.chunkId,
    ...(p.page ? { page: p.page } : {}),
    ...(p.heading ? { heading: p.heading } : {}),
    snippet: p.content.slice(0, CITED_SNIPPET_CHARS),
    ...(p.fallback ? { fallback: p.fallback } : {}),
  };
}

const citedChunkSchema = sourceSchema.pick({
  documentId: true,
  chunkId: true,
  page: true,
  heading: true,
  snippet: true,
  fallback: true,
});

/** The fields back from a source part's metadata; none when it carries no valid chunk. */
export function citedChunkFrom(meta: unknown): CitedChunk {
  const parsed = citedChunkSchema.safeParse(meta);
  return parsed.success && parsed.data.chunkId && parsed.data.documentId ? parsed.data : {};
}
