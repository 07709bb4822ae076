// A change of embedding model: every chunk embedded again by the new model, on the job queue, beside
// the old set, which search keeps reading until the new one is complete. Then one transaction makes
// the new set the ready one and drops the old vectors. The job takes chunks that have no vector of
// the new model yet, a batch at a time, so a try cut short (a process that died, a restart) goes on
// where it stopped, in whichever process takes it again.
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import { knowledgeChunks, knowledgeEmbedders, knowledgeVectors } from "../db/schema";
import { JobFailure, type JobKind, type JobQueue } from "../jobs/queue";
import type { ResolveEmbedder } from "./embeddings/embedder-generations";
import { embedChunks, type EmbeddableChunk } from "./index-documents";
import { keepOnlyMemoryIndex } from "./memory-index";
import { refreshAllDensities } from "./unit-density";
import { ensureIndex } from "./vector-store";

export const REEMBED_JOB_KIND = "knowledge.reembed";
/** Chunks embedded and written between two progress reports. */
const STEP = 64;

const countChunks = async (db: Database) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(knowledgeChunks))[0]?.n ?? 0;
/** Chunks with the vectors of `embedder` (a chunk has one a unit: its paragraphs). */
const countVectors = async (db: Database, embedder: string) =>
  (
    await db
      .select({ n: sql<number>`count(distinct ${knowledgeVectors.chunkId})::int` })
      .from(knowledgeVectors)
      .where(eq(knowledgeVectors.embedder, embedder))
  )[0]?.n ?? 0;

/** Vectors of every set that is neither `keep` nor ready, and their rows' state. */
async function dropOthers(db: Database, keep: string, status: "retired" | "building" | "failed") {
  const others = await db
    .select({ id: knowledgeEmbedders.id })
    .from(knowledgeEmbedders)
    .where(and(ne(knowledgeEmbedders.id, keep), eq(knowledgeEmbedders.status, status)));
  if (!others.length) return;
  const ids = others.map((o) => o.id);
  await db.delete(knowledgeVectors).where(inArray(knowledgeVectors.embedder, ids));
  await db
    .update(knowledgeEmbedders)
    .set({ status: "retired", chunksDone: 0 })
    .where(inArray(knowledgeEmbedders.id, ids));
}

/**
 * Makes `embedder` the model retrieval uses: nothing when it already is; else its set is built in the
 * background (going on from what an earlier try left), and any other set being built is dropped.
 */
export async function startReembed(
  db: Database,
  jobs: JobQueue,
  embedder: string,
  ownerId: string,
): Promise<{ started: boolean }> {
  const started = await db.transaction(async (tx) => {
    // One change at a time, in every process.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('knowledge.reembed'))`);
    const [row] = await tx.select().from(knowledgeEmbedders).where(eq(knowledgeEmbedders.id, embedder));
    await dropOthers(tx, embedder, "building");
    await dropOthers(tx, embedder, "failed");
    if (row?.status === "ready") return false;
    const values = {
      status: "building" as const,
      error: null,
      readyAt: null,
      chunksTotal: await countChunks(tx),
      chunksDone: await countVectors(tx, embedder),
    };
    await tx
      .insert(knowledgeEmbedders)
      .values({ id: embedder, dims: row?.dims ?? 0, ...values })
      .onConflictDoUpdate({ target: knowledgeEmbedders.id, set: values });
    return true;
  });
  if (started)
    await jobs.enqueue({
      kind: REEMBED_JOB_KIND,
      ownerId,
      payload: { embedder },
      exclusiveKey: `${REEMBED_JOB_KIND}:${embedder}`,
    });
  return { started };
}

/** The chunks that have no vector of `embedder` yet, a batch of them. */
const missing = (db: Database, embedder: string, step = STEP) =>
  rowsOf<EmbeddableChunk>(
    db,
    sql`select c.id, c.document_id as "documentId", c.user_id as "userId", c.title, c.content from knowledge_chunks c
        where not exists (select 1 from knowledge_vectors v where v.chunk_id = c.id and v.embedder = ${embedder})
        order by c.id limit ${step}`,
  );

/** Makes `embedder` the ready set, if every chunk has its vector; answers whether it did. */
async function switchOver(db: Database, embedder: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const t = tx;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('knowledge.reembed'))`);
    const [row] = await tx.select().from(knowledgeEmbedders).where(eq(knowledgeEmbedders.id, embedder));
    if (row?.status !== "building") return true;
    if ((await missing(t, embedder)).length) return false;
    const total = await countChunks(t);
    await tx
      .update(knowledgeEmbedders)
      .set({ status: "retired", chunksDone: 0 })
      .where(and(eq(knowledgeEmbedders.status, "ready"), ne(knowledgeEmbedders.id, embedder)));
    await tx
      .update(knowledgeEmbedders)
      .set({ status: "ready", readyAt: new Date(), error: null, chunksDone: total, chunksTotal: total })
      .where(eq(knowledgeEmbedders.id, embedder));
    await dropOthers(t, embedder, "retired");
    return true;
  });
}

/** The job: payload `{ embedder }`; its progress note says how far ("Re-embedding 1,240 of 5,000 chunks"). */
export function reembedJobKind(
  db: Database,
  resolve: ResolveEmbedder,
  /** Chunks a batch (tests: small, to see a job mid-way). */
  step = STEP,
): JobKind<{ embedder: string }> {
  return {
    kind: REEMBED_JOB_KIND,
    maxAttempts: 3,
    concurrency: 1,
    failureMessage: JOB_FAILURE_MESSAGES.reembedFailed,
    async run(job) {
      const id = job.payload.embedder;
      const embedder = resolve(id);
      if (!embedder) throw new JobFailure(JOB_FAILURE_MESSAGES.embedderGone, "BAD_REQUEST");
      for (;;) {
        const [row] = await db.select().from(knowledgeEmbedders).where(eq(knowledgeEmbedders.id, id));
        // Another model was chosen meanwhile: this set was dropped with it.
        if (row?.status !== "building") return { abandoned: true };
        const batch = await missing(db, id, step);
        if (!batch.length) {
          // The new set ranks with its own densities from its first search.
          await refreshAllDensities(db, id);
          if (await switchOver(db, id)) {
            keepOnlyMemoryIndex(db, id);
            return { chunks: await countVectors(db, id) };
          }
          continue;
        }
        // The same units as indexing embeds (its paragraphs), so the new set scores chunks alike.
        try {
          await embedChunks(db, embedder, batch);
        } catch (err) {
          throw new JobFailure(err instanceof Error ? err.message : String(err), "UNAVAILABLE");
        }
        if (row.dims !== embedder.dims) {
          await db
            .update(knowledgeEmbedders)
            .set({ dims: embedder.dims })
            .where(eq(knowledgeEmbedders.id, id));
          await ensureIndex(db, embedder.dims);
        }
        const [done, total] = [await countVectors(db, id), await countChunks(db)];
        await db
          .update(knowledgeEmbedders)
          .set({ chunksDone: done, chunksTotal: total })
          .where(and(eq(knowledgeEmbedders.id, id), eq(knowledgeEmbedders.status, "building")));
        const percent = total ? Math.min(99, Math.floor((done / total) * 100)) : 99;
        if (!(await job.progress(percent, `Re-embedding ${done} of ${total} chunks`, { done, total })))
          return;
      }
    },
    async onFailed(job, reason) {
      const id = (job.payload as { embedder?: string }).embedder;
      if (id)
        await db
          .update(knowledgeEmbedders)
          .set({ status: "failed", error: reason })
          .where(and(eq(knowledgeEmbedders.id, id), eq(knowledgeEmbedders.status, "building")));
    },
  };
}
