// The exact fallback's nearest units, found in this process: without pgvector, PostgreSQL computes
// each similarity by unnesting two arrays (seconds at tens of thousands of vectors), while a scan of
// one typed array here takes milliseconds. Vectors are kept as int8 (a scale per vector): 512 bytes
// a unit instead of 2 KB, for a ranking that differs from float32 only among near-equal scores.
// Kept fresh by indexing in this process (added, and a re-indexed document's old units dropped), and
// read again from the table after RELOAD_MS for what other processes wrote; chunks deleted meanwhile
// are dropped by the caller's visibility check on the chunks it returns.
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import type { Visibility } from "./visible-chunks";

/** How long a loaded index serves before it is read again from the table (in the background). */
const RELOAD_MS = 60_000;
/** Rows read from the table per query while loading. */
const PAGE = 2_000;

export interface UnitVector {
  chunkId: string;
  documentId: string;
  userId: string;
  vector: ArrayLike<number>;
}

export class MemoryIndex {
  count = 0;
  data: Int8Array;
  scales = new Float32Array(0);
  chunkIds: string[] = [];
  documentIds: string[] = [];
  userIds: string[] = [];
  /** Rows of a document indexed again since (skipped, and not counted as live). */
  dropped = new Uint8Array(0);
  loadedAt = Date.now();

  constructor(readonly dims: number) {
    this.data = new Int8Array(0);
  }

  private grow(rows: number) {
    const need = this.count + rows;
    if (need <= this.scales.length) return;
    const size = Math.max(need, Math.ceil(this.scales.length * 1.5), 1_024);
    const data = new Int8Array(size * this.dims);
    data.set(this.data);
    this.data = data;
    const scales = new Float32Array(size);
    scales.set(this.scales);
    this.scales = scales;
    const dropped = new Uint8Array(size);
    dropped.set(this.dropped);
    this.dropped = dropped;
  }

  add(rows: UnitVector[]) {
    this.grow(rows.length);
    for (const r of rows) {
      let max = 0;
      for (let k = 0; k < this.dims; k++) max = Math.max(max, Math.abs(r.vector[k]!));
      const scale = max > 0 ? 127 / max : 1;
      const at = this.count * this.dims;
      for (let k = 0; k < this.dims; k++) this.data[at + k] = Math.round(r.vector[k]! * scale);
      this.scales[this.count] = 1 / scale;
      this.chunkIds.push(r.chunkId);
      this.documentIds.push(r.documentId);
      this.userIds.push(r.userId);
      this.count++;
    }
  }

  dropDocument(documentId: string) {
    for (let i = 0; i < this.count; i++) if (this.documentIds[i] === documentId) this.dropped[i] = 1;
  }

  /**
   * The best-scoring `limit` chunks among the rows `visible` lets through, by their best unit. A
   * chunk's units are adjacent (added in chunk and unit order), so each chunk is decided when the
   * scan leaves it.
   */
  nearest(vector: number[], limit: number, visible: (i: number) => boolean) {
    const q = Float32Array.from(vector);
    const top: { chunkId: string; similarity: number }[] = [];
    const offer = (chunkId: string, similarity: number) => {
      if (top.length === limit && similarity <= top[limit - 1]!.similarity) return;
      let at = top.length;
      while (at > 0 && top[at - 1]!.similarity < similarity) at--;
      top.splice(at, 0, { chunkId, similarity });
      if (top.length > limit) top.pop();
    };
    let chunk = "";
    let chunkBest = -Infinity;
    // Locals, not fields, in the loop that runs count × dims times.
    const { data, scales, dropped, chunkIds, dims, count } = this;
    for (let i = 0; i < count; i++) {
      if (dropped[i] || !visible(i)) continue;
      let sum = 0;
      for (let k = 0, at = i * dims; k < dims; k++, at++) sum += data[at]! * q[k]!;
      const score = sum * scales[i]!;
      if (chunkIds[i] !== chunk) {
        if (chunk) offer(chunk, chunkBest);
        chunk = chunkIds[i]!;
        chunkBest = score;
      } else if (score > chunkBest) chunkBest = score;
    }
    if (chunk) offer(chunk, chunkBest);
    return top;
  }
}

interface Slot {
  index: Promise<MemoryIndex>;
  /** A reload under way: the old index serves until it is complete. */
  reloading?: Promise<void>;
}

const slots = new WeakMap<object, Map<string, Slot>>();

async function load(db: Database, embedder: string, dims: number): Promise<MemoryIndex> {
  const index = new MemoryIndex(dims);
  let after = "00000000-0000-0000-0000-000000000000";
  let afterUnit = -1;
  for (;;) {
    const rows = await rowsOf<{
      chunk_id: string;
      unit: number;
      document_id: string;
      user_id: string;
      embedding: number[];
    }>(
      db,
      sql`select v.chunk_id, v.unit, c.document_id, c.user_id, v.embedding
          from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
          where v.embedder = ${embedder} and v.dims = ${dims} and (v.chunk_id, v.unit) > (${after}::uuid, ${afterUnit})
          order by v.chunk_id, v.unit limit ${PAGE}`,
    );
    index.add(
      rows.map((r) => ({
        chunkId: r.chunk_id,
        documentId: r.document_id,
        userId: r.user_id,
        vector: r.embedding,
      })),
    );
    if (rows.length < PAGE) return index;
    after = rows[rows.length - 1]!.chunk_id;
    afterUnit = rows[rows.length - 1]!.unit;
  }
}

function slotOf(db: Database, embedder: string, dims: number): Slot {
  let byEmbedder = slots.get(db);
  if (!byEmbedder) slots.set(db, (byEmbedder = new Map<string, Slot>()));
  const key = `${embedder}:${dims}`;
  let slot = byEmbedder.get(key);
  if (!slot) {
    const index = load(db, embedder, dims);
    slot = { index };
    byEmbedder.set(key, slot);
    // A failed load is tried again by the next search.
    index.catch(() => byEmbedder.delete(key));
  }
  return slot;
}

/** The visible chunks nearest `vector` by their best unit, from this process's copy of the vectors. */
export async function nearestInMemory(
  db: Database,
  q: { embedder: string; vector: number[]; limit: number; who: Visibility },
): Promise<{ chunkId: string; similarity: number }[]> {
  const slot = slotOf(db, q.embedder, q.vector.length);
  const index = await slot.index;
  if (Date.now() - index.loadedAt > RELOAD_MS && !slot.reloading) {
    const next = load(db, q.embedder, q.vector.length);
    slot.reloading = next.then(
      (fresh) => {
        slot.index = Promise.resolve(fresh);
        slot.reloading = undefined;
      },
      () => {
        slot.reloading = undefined;
      },
    );
  }
  const { who } = q;
  const shared = new Set(who.sharedDocumentIds ?? []);
  const only = who.documentIds ? new Set(who.documentIds) : null;
  const inCollections = who.collectionIds
    ? new Set(
        (
          await rowsOf<{ id: string }>(
            db,
            sql`select id from documents where collection_id = any(${`{${who.collectionIds.join(",")}}`}::uuid[])`,
          )
        ).map((r) => r.id),
      )
    : null;
  const visible = (i: number) => {
    const doc = index.documentIds[i]!;
    if (only && !only.has(doc)) return false;
    if (inCollections) return inCollections.has(doc);
    return index.userIds[i] === who.userId || shared.has(doc);
  };
  return index.nearest(q.vector, q.limit, visible);
}

/** Indexing in this process: a document's new units join the loaded index of their embedder. */
export async function noteIndexed(db: Database, embedder: string, rows: UnitVector[]): Promise<void> {
  const slot = slots.get(db)?.get(`${embedder}:${rows[0]?.vector.length ?? 0}`);
  if (!slot) return;
  const index = await slot.index.catch(() => null);
  index?.add(rows);
}

/** Before a document is indexed again: its old units stop counting in every loaded index. */
export async function forgetDocument(db: Database, documentId: string): Promise<void> {
  const byEmbedder = slots.get(db);
  if (!byEmbedder) return;
  for (const slot of byEmbedder.values()) (await slot.index.catch(() => null))?.dropDocument(documentId);
}
