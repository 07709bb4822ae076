// Indexing a document for retrieval: its text split into chunks (chunk-text.ts) and each chunk
// embedded by every embedder in use, on the job queue, so adding a long PDF answers at once and the
// document shows its progress ("Indexing 40%") until it is ready.
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { and, eq, inArray, sql } from "drizzle-orm";
import { withoutFlush, type Database } from "../db/client";
import { documents, knowledgeChunks, knowledgeVectors } from "../db/schema";
import type { JobKind, JobQueue } from "../jobs/queue";
import { chunkText, embeddingUnits } from "./chunk-text";
import type { Embedder } from "./embeddings/embedder";
import type { KnowledgeDeps } from "./hybrid-search";
import { noteIndexed, packVector } from "./memory-index";
import { refreshDensities, releaseDocuments } from "./unit-density";

export const INDEX_JOB_KIND = "knowledge.index";
/** Chunks embedded between two progress reports (and two writes of vectors). */
const EMBED_STEP = 16;

export interface IndexResult {
  chunks: number;
}

/** The texts an embedder sees of a chunk: its units (chunk-text.ts), or its title when it has none. */
const unitsOf = (c: { title: string; content: string }) => {
  const units = embeddingUnits(c.content);
  return units.length ? units : [c.title];
};

/** A state other than "indexing" is written durably; progress need not wait for the disk. */
async function setState(
  db: Database,
  documentId: string,
  state: (typeof documents.$inferSelect)["indexState"],
  progress: number,
  error: string | null = null,
) {
  const write = (tx: Database) =>
    tx
      .update(documents)
      .set({ indexState: state, indexProgress: progress, indexError: error })
      .where(eq(documents.id, documentId));
  await (state === "indexing" ? withoutFlush(db, write) : write(db));
}

export interface EmbeddableChunk {
  id: string;
  documentId: string;
  userId: string;
  title: string;
  content: string;
}

/**
 * Embeds chunks by their units with one embedder and stores the vectors (a unit already stored is
 * kept): indexing, and building a new embedder's set beside the old one.
 */
export async function embedChunks(db: Database, embedder: Embedder, chunks: EmbeddableChunk[]) {
  // One call for every unit of the chunks: the embedder batches them for the model.
  const units = chunks.flatMap((c) => unitsOf(c).map((text, unit) => ({ chunk: c, unit, text })));
  if (!units.length) return;
  const vectors = await embedder.embed(units.map((u) => u.text));
  // Durable with the document's "ready" (or the job's end, for re-embedding); a crash embeds again.
  await withoutFlush(db, (tx) =>
    tx
      .insert(knowledgeVectors)
      .values(
        units.map((u, i) => ({
          chunkId: u.chunk.id,
          embedder: embedder.id,
          unit: u.unit,
          dims: embedder.dims,
          embedding: vectors[i]!,
          // Packed on both paths: densities are computed from this process's copy (memory-index.ts).
          packed: packVector(vectors[i]!),
        })),
      )
      .onConflictDoNothing(),
  );
  await noteIndexed(
    db,
    embedder.id,
    units.map((u, i) => ({
      chunkId: u.chunk.id,
      unit: u.unit,
      documentId: u.chunk.documentId,
      userId: u.chunk.userId,
      vector: vectors[i]!,
    })),
  );
}

/**
 * Chunks and embeds one document, replacing what it had. `onProgress` hears 0–100 as chunks are
 * embedded; the document's own state follows too. A document deleted meanwhile ends it quietly.
 */
export async function indexDocument(
  deps: KnowledgeDeps,
  documentId: string,
  onProgress: (percent: number, note: string) => Promise<unknown> = () => Promise.resolve(),
): Promise<IndexResult> {
  const { db } = deps;
  const [doc] = await db.select().from(documents).where(eq(documents.id, documentId));
  if (!doc) return { chunks: 0 };
  const pieces = chunkText(doc.content);
  await setState(db, documentId, "indexing", 0);
  const released = await releaseDocuments(db, [documentId]);
  const chunks = await db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('synchronous_commit', 'off', true)`);
    await tx.delete(knowledgeChunks).where(eq(knowledgeChunks.documentId, documentId));
    if (!pieces.length) return [];
    return tx
      .insert(knowledgeChunks)
      .values(
        pieces.map((p) => ({
          documentId,
          userId: doc.userId,
          ordinal: p.ordinal,
          title: doc.title,
          heading: p.heading,
          page: p.page,
          content: p.text,
        })),
      )
      .returning({
        id: knowledgeChunks.id,
        title: knowledgeChunks.title,
        content: knowledgeChunks.content,
      });
  });
  const embedders = await deps.embedders.indexing();
  const total = chunks.length * embedders.length;
  let done = 0;
  for (const embedder of embedders)
    for (let at = 0; at < chunks.length; at += EMBED_STEP) {
      const batch = chunks.slice(at, at + EMBED_STEP);
      await embedChunks(
        db,
        embedder,
        batch.map((c) => ({ ...c, documentId, userId: doc.userId })),
      );
      done += batch.length;
      // The last step's progress is the "ready" below.
      if (done === total) break;
      const percent = Math.min(99, Math.floor((done / total) * 100));
      await setState(db, documentId, "indexing", percent);
      await onProgress(percent, `Indexing ${percent}%`);
    }
  // Before the document counts as ready: its units' densities, and its neighbours' moved by it.
  const owners = new Set([
    ...embedders.map((e) => `${e.id}\n${doc.userId}`),
    ...released.map((r) => `${r.embedder}\n${r.ownerId}`),
  ]);
  for (const o of owners) {
    const [embedder, ownerId] = o.split("\n") as [string, string];
    await refreshDensities(db, embedder, ownerId);
  }
  await setState(db, documentId, "ready", 100);
  return { chunks: chunks.length };
}

/** The job that indexes a document: payload `{ documentId }`, owned by the document's owner. */
export function indexJobKind(deps: KnowledgeDeps): JobKind<{ documentId: string }> {
  return {
    kind: INDEX_JOB_KIND,
    maxAttempts: 3,
    // Two documents at once keep both of the offline model's workers busy when documents are small
    // (a document of one chunk is one batch); replicas index side by side the same way.
    concurrency: 2,
    failureMessage: JOB_FAILURE_MESSAGES.indexFailed,
    async run(job) {
      return { ...(await indexDocument(deps, job.payload.documentId, (p, note) => job.progress(p, note))) };
    },
    async onFailed(job, reason) {
      const documentId = (job.payload as { documentId?: string }).documentId;
      if (documentId) await setState(deps.db, documentId, "failed", 0, reason);
    },
  };
}

/** Queues a document's indexing (once: a second request while one is open is the same job). */
export async function queueIndexing(jobs: JobQueue, db: Database, ownerId: string, documentId: string) {
  await db
    .update(documents)
    .set({ indexState: "pending", indexProgress: 0, indexError: null })
    .where(and(eq(documents.id, documentId), eq(documents.userId, ownerId)));
  return jobs.enqueue({
    kind: INDEX_JOB_KIND,
    ownerId,
    payload: { documentId },
    exclusiveKey: `${INDEX_JOB_KIND}:${documentId}`,
  });
}

/** At start: documents never indexed (those from before chunks existed) are queued. */
export async function queuePendingDocuments(jobs: JobQueue, db: Database): Promise<number> {
  const pending = await db
    .select({ id: documents.id, userId: documents.userId })
    .from(documents)
    .where(inArray(documents.indexState, ["pending"]));
  for (const d of pending)
    await jobs.enqueue({
      kind: INDEX_JOB_KIND,
      ownerId: d.userId,
      payload: { documentId: d.id },
      exclusiveKey: `${INDEX_JOB_KIND}:${d.id}`,
    });
  return pending.length;
}
