// Nearest units found in this process: for PGlite (vector-store.ts), and as the exact fallback where
// PostgreSQL has no pgvector and computes each similarity by unnesting two arrays (seconds at tens of
// thousands of vectors), while a scan of one typed array here takes milliseconds. Vectors are kept
// as int8 (a scale per vector): 512 bytes a unit instead of 2 KB, for a ranking that differs from
// float32 only among near-equal scores. Each row also keeps its sign bits (64 bytes at 512
// dimensions) for PGlite's approximate first pass.
// The table keeps each unit packed the same way (`packed`, written at indexing), so loading reads
// bytes: parsing real[] text took over a minute per 100,000 units.
// Kept fresh by indexing in this process (added, and a re-indexed document's old units dropped); what
// other processes added is read every REFRESH_MS (not on PGlite, which has none), and the whole set
// again every RELOAD_MS (chunks deleted meanwhile are dropped by the caller's visibility check on the
// chunks it returns).
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import { dotKernel, type DotKernel } from "./dot-kernel";
import { vectorMode } from "./vector-store";
import type { Visibility } from "./visible-chunks";

/** How often units added by other processes are read in (those added since the last read). */
const REFRESH_MS = 60_000;
/** How long a loaded index serves before the whole set is read again (in the background). */
const RELOAD_MS = 30 * 60_000;
/** A refresh reads units added up to this long before the last one began: transactions commit late. */
const REFRESH_OVERLAP_MS = 5 * 60_000;
/** Rows read from the table per query while loading. */
const PAGE = 10_000;
/** Rows whose packed form is written back per statement, for units stored before it existed. */
const BACKFILL_PAGE = 500;

export interface UnitVector {
  chunkId: string;
  /** The unit's place in its chunk. */
  unit: number;
  documentId: string;
  userId: string;
  vector: ArrayLike<number>;
}

/** A unit as the table keeps it for this index: `dims` int8 values, then the float32 scale (LE). */
export function packVector(vector: ArrayLike<number>): Buffer {
  const dims = vector.length;
  const out = Buffer.alloc(dims + 4);
  let max = 0;
  for (let k = 0; k < dims; k++) max = Math.max(max, Math.abs(vector[k]!));
  const scale = max > 0 ? 127 / max : 1;
  for (let k = 0; k < dims; k++) out.writeInt8(Math.round(vector[k]! * scale), k);
  out.writeFloatLE(1 / scale, dims);
  return out;
}

interface PackedUnit {
  chunkId: string;
  unit: number;
  documentId: string;
  userId: string;
  packed: Uint8Array;
  /** The unit's density as stored (unit-density.ts), null while it has none. */
  density?: number | null;
}

/** Puts `item` in `top` (best first, at most `limit`) if it belongs there. */
function keepBest<T extends { similarity: number }>(top: T[], item: T, limit: number) {
  if (top.length === limit && item.similarity <= top[limit - 1]!.similarity) return;
  let at = top.length;
  while (at > 0 && top[at - 1]!.similarity < item.similarity) at--;
  top.splice(at, 0, item);
  if (top.length > limit) top.pop();
}

/** Bytes of WebAssembly memory in a page. */
const PAGE_BYTES = 65_536;

/** Bits set in each byte value, for the Hamming distance where WebAssembly SIMD is missing. */
const BITS_SET = Uint8Array.from({ length: 256 }, (_, b) => {
  let n = 0;
  for (let v = b; v; v >>= 1) n += v & 1;
  return n;
});

/** Sign bits of `vector` (over its `scale`) against `center`, into `out` from `at`, bit k of byte k/8. */
function signBits(
  vector: ArrayLike<number>,
  scale: number,
  center: Float32Array,
  out: Uint8Array,
  at: number,
  bytes: number,
) {
  out.fill(0, at, at + bytes);
  for (let k = 0; k < center.length; k++)
    if (vector[k]! * scale > center[k]!) out[at + (k >> 3)]! |= 1 << (k & 7);
}

export class MemoryIndex {
  count = 0;
  /** A row's bytes: `dims` rounded up to 16 for the SIMD kernel, the padding left zero. */
  readonly stride: number;
  /** Rows the memory holds now. */
  private capacity = 0;
  /** The rows live in the kernel's memory (from 0), or here where WebAssembly SIMD is missing. */
  private readonly kernel: DotKernel | null;
  private plain = new Int8Array(0);
  /** A row's sign bits for the approximate first pass: `dims` bits rounded up to 64. */
  readonly bitStride: number;
  /** The rows' sign bits live in a second instance's memory (from 0), or here without SIMD. */
  private readonly bitKernel: DotKernel | null;
  private plainBits = new Uint8Array(0);
  /**
   * What each dimension's value is compared with for its sign bit: the rows' mean when the bits
   * were last set, so the bits split the set's own spread rather than a side every vector leans to.
   */
  center: Float32Array;
  /** The count at which the center is taken again and every row's bits set anew (doubling). */
  private recenterAt = 1_024;
  scales = new Float32Array(0);
  chunkIds: string[] = [];
  units: number[] = [];
  documentIds: string[] = [];
  userIds: string[] = [];
  /** Rows of a document indexed again since (skipped, and not counted as live). */
  dropped = new Uint8Array(0);
  /**
   * Each row's density as this process last read or wrote it (NaN: none yet). Searched on PGlite,
   * whose every density is written by this process; a server's other processes write theirs too.
   */
  densities = new Float32Array(0);
  loadedAt = Date.now();
  /** Chunks held, so a refresh skips the ones indexing in this process already added. */
  readonly chunks = new Set<string>();

  /** `simd: false`: the plain loop, as where WebAssembly SIMD is missing (tests). */
  constructor(
    readonly dims: number,
    options: { simd?: boolean } = {},
  ) {
    this.stride = Math.ceil(dims / 16) * 16;
    this.kernel = options.simd === false ? null : dotKernel();
    this.bitStride = Math.ceil(dims / 64) * 8;
    this.bitKernel = this.kernel ? dotKernel() : null;
    this.center = new Float32Array(dims);
  }

  /** The rows' sign bits, `bitStride` bytes each (a fresh view, as `data`). */
  get bits(): Uint8Array {
    return this.bitKernel
      ? new Uint8Array(this.bitKernel.memory.buffer, 0, this.capacity * this.bitStride)
      : this.plainBits;
  }

  /** The rows, `stride` bytes each (a fresh view: growing the kernel's memory replaces its buffer). */
  get data(): Int8Array {
    return this.kernel
      ? new Int8Array(this.kernel.memory.buffer, 0, this.capacity * this.stride)
      : this.plain;
  }

  private grow(rows: number) {
    const need = this.count + rows;
    if (need <= this.capacity) return;
    const size = Math.max(need, Math.ceil(this.capacity * 1.5), 1_024);
    if (this.kernel && this.bitKernel) {
      // The rows, then room for a search's query (int16) and its scores (int32 a row); the bits,
      // then room for the query's bits, the distances (int32 a row) and how many rows are at each.
      const grow = (kernel: DotKernel, bytes: number) => {
        const have = kernel.memory.buffer.byteLength;
        if (bytes > have) kernel.memory.grow(Math.ceil((bytes - have) / PAGE_BYTES));
      };
      grow(this.kernel, size * this.stride + this.stride * 2 + size * 4);
      grow(this.bitKernel, size * this.bitStride + this.bitStride + size * 4 + (this.dims + 1) * 4);
    } else {
      const plain = new Int8Array(size * this.stride);
      plain.set(this.plain);
      this.plain = plain;
      const bits = new Uint8Array(size * this.bitStride);
      bits.set(this.plainBits);
      this.plainBits = bits;
    }
    this.capacity = size;
    const scales = new Float32Array(size);
    scales.set(this.scales);
    this.scales = scales;
    const dropped = new Uint8Array(size);
    dropped.set(this.dropped);
    this.dropped = dropped;
    const densities = new Float32Array(size).fill(NaN);
    densities.set(this.densities);
    this.densities = densities;
  }

  /** Rows of chunks not held yet: a load under way may already have read the same chunks. */
  add(rows: UnitVector[]) {
    this.addPacked(
      rows.filter((r) => !this.chunks.has(r.chunkId)).map((r) => ({ ...r, packed: packVector(r.vector) })),
    );
  }

  addPacked(rows: PackedUnit[]) {
    this.grow(rows.length);
    const { dims, stride, bitStride } = this;
    const data = this.data;
    const bits = this.bits;
    for (const r of rows) {
      if (r.packed.length !== dims + 4) continue;
      const row = new Int8Array(r.packed.buffer, r.packed.byteOffset, dims);
      data.set(row, this.count * stride);
      const scale = Buffer.from(r.packed.buffer, r.packed.byteOffset, dims + 4).readFloatLE(dims);
      this.scales[this.count] = scale;
      this.densities[this.count] = r.density ?? NaN;
      signBits(row, scale, this.center, bits, this.count * bitStride, bitStride);
      this.chunkIds.push(r.chunkId);
      this.units.push(r.unit);
      this.documentIds.push(r.documentId);
      this.userIds.push(r.userId);
      this.chunks.add(r.chunkId);
      this.count++;
    }
    if (this.count >= this.recenterAt) this.recenter();
  }

  /** Takes the rows' mean as the center and sets every row's bits against it. */
  private recenter() {
    const { count, dims, stride, bitStride, scales } = this;
    const data = this.data;
    const mean = new Float64Array(dims);
    for (let i = 0; i < count; i++)
      for (let k = 0, at = i * stride; k < dims; k++, at++) mean[k]! += data[at]! * scales[i]!;
    for (let k = 0; k < dims; k++) this.center[k] = mean[k]! / count;
    const bits = this.bits;
    for (let i = 0; i < count; i++)
      signBits(
        data.subarray(i * stride, i * stride + dims),
        scales[i]!,
        this.center,
        bits,
        i * bitStride,
        bitStride,
      );
    this.recenterAt = count * 2;
  }

  dropDocument(documentId: string) {
    for (let i = 0; i < this.count; i++) if (this.documentIds[i] === documentId) this.dropped[i] = 1;
  }

  /**
   * Dot products with `vector`, unscaled, and the factor that makes them similarities: of every
   * row, or of `rows` only (copied next to each other for the kernel), in their order.
   */
  private scores(vector: number[], rows?: number[]): { raw: ArrayLike<number>; factor: number } {
    const { stride, dims } = this;
    const n = rows ? rows.length : this.count;
    if (!this.kernel) {
      const data = this.plain;
      const raw = new Float64Array(n);
      for (let j = 0; j < n; j++) {
        let sum = 0;
        for (let k = 0, at = (rows ? rows[j]! : j) * stride; k < dims; k++, at++)
          sum += data[at]! * vector[k]!;
        raw[j] = sum;
      }
      return { raw, factor: 1 };
    }
    // Past the rows: the query (int16), the scores (int32 a row), then the rows gathered, if any.
    const at = this.capacity * stride;
    const out = at + stride * 2;
    let base = 0;
    if (rows) {
      base = out + this.capacity * 4;
      const have = this.kernel.memory.buffer.byteLength;
      const need = base + n * stride;
      if (need > have) this.kernel.memory.grow(Math.ceil((need - have) / PAGE_BYTES));
      const memory = new Int8Array(this.kernel.memory.buffer);
      for (let j = 0; j < n; j++)
        memory.copyWithin(base + j * stride, rows[j]! * stride, (rows[j]! + 1) * stride);
    }
    // The query as int16, as fine as the int32 sums allow: |row| ≤ 127 a value, `stride` values.
    let max = 0;
    for (let k = 0; k < dims; k++) max = Math.max(max, Math.abs(vector[k]!));
    const top = Math.min(32_767, Math.floor(2 ** 31 / (127 * stride)) - 1);
    const scale = max > 0 ? top / max : 1;
    const query = new Int16Array(this.kernel.memory.buffer, at, stride);
    for (let k = 0; k < dims; k++) query[k] = Math.round(vector[k]! * scale);
    this.kernel.scores(at, base, n, stride, out);
    return { raw: new Int32Array(this.kernel.memory.buffer, out, n), factor: 1 / scale };
  }

  /** Every row's cosine similarity to `vector` (rows dropped or not `visible` included). */
  similarities(vector: number[]): Float32Array {
    const { raw, factor } = this.scores(vector);
    const out = new Float32Array(this.count);
    for (let i = 0; i < this.count; i++) out[i] = raw[i]! * this.scales[i]! * factor;
    return out;
  }

  /** Row `i`'s vector as held (int8 times its scale). */
  vectorOf(i: number): number[] {
    const data = this.data;
    const at = i * this.stride;
    return Array.from({ length: this.dims }, (_, k) => data[at + k]! * this.scales[i]!);
  }

  /** Every row's Hamming distance from `vector`'s sign bits, and how many rows are at each. */
  private distances(vector: number[]): { distance: ArrayLike<number>; counts: Int32Array } {
    const { count, bitStride, dims } = this;
    if (!this.bitKernel) {
      const query = new Uint8Array(bitStride);
      signBits(vector, 1, this.center, query, 0, bitStride);
      const bits = this.plainBits;
      const distance = new Int32Array(count);
      const counts = new Int32Array(dims + 1);
      for (let i = 0; i < count; i++) {
        let n = 0;
        for (let b = 0, at = i * bitStride; b < bitStride; b++, at++) n += BITS_SET[bits[at]! ^ query[b]!]!;
        distance[i] = n;
        counts[n]!++;
      }
      return { distance, counts };
    }
    const at = this.capacity * bitStride;
    signBits(vector, 1, this.center, new Uint8Array(this.bitKernel.memory.buffer), at, bitStride);
    const out = at + bitStride;
    const hist = out + this.capacity * 4;
    new Int32Array(this.bitKernel.memory.buffer, hist, dims + 1).fill(0);
    this.bitKernel.hamming(at, 0, count, bitStride, out, hist);
    const { buffer } = this.bitKernel.memory;
    return { distance: new Int32Array(buffer, out, count), counts: new Int32Array(buffer, hist, dims + 1) };
  }

  /**
   * The approximate first pass: the visible, live rows whose sign bits differ least from the
   * query's, at least `want` of them where there are that many (and every other row as close as
   * the last one taken).
   */
  private fewestDifferences(vector: number[], want: number, visible: (i: number) => boolean): number[] {
    const { count, dims, dropped } = this;
    const { distance, counts } = this.distances(vector);
    let bound = -1;
    let within = 0;
    let target = want;
    for (;;) {
      while (bound < dims && within < target) within += counts[++bound]!;
      const rows: number[] = [];
      for (let i = 0; i < count; i++) if (distance[i]! <= bound && !dropped[i] && visible(i)) rows.push(i);
      if (rows.length >= want || bound >= dims) return rows;
      // Too few of these rows are the caller's: take in more, as many as their share suggests.
      target = Math.ceil(within * Math.min(16, (1.25 * want) / Math.max(rows.length, 1)));
    }
  }

  /**
   * The `limit` units nearest `vector` among the rows `visible` lets through, best first. With
   * `firstPass`, only that many rows nearest by sign bits are scored (the in-process index: a few
   * milliseconds at 400,000 units, where scoring every row takes tens); without, every row is.
   */
  nearestUnits(
    vector: number[],
    limit: number,
    visible: (i: number) => boolean,
    firstPass?: number,
  ): NearUnit[] {
    if (firstPass !== undefined && firstPass < this.count) {
      const top: NearUnit[] = [];
      const rows = this.fewestDifferences(vector, Math.max(firstPass, limit), visible);
      const { raw, factor } = this.scores(vector, rows);
      const { scales } = this;
      rows.forEach((i, j) => {
        const similarity = raw[j]! * scales[i]! * factor;
        if (top.length < limit || similarity > top[limit - 1]!.similarity)
          keepBest(top, this.nearUnit(i, similarity), limit);
      });
      return top;
    }
    const top: NearUnit[] = [];
    const { raw, factor } = this.scores(vector);
    const { scales, dropped, count } = this;
    for (let i = 0; i < count; i++) {
      if (dropped[i] || !visible(i)) continue;
      const similarity = raw[i]! * scales[i]! * factor;
      if (top.length === limit && similarity <= top[limit - 1]!.similarity) continue;
      keepBest(top, this.nearUnit(i, similarity), limit);
    }
    return top;
  }

  private nearUnit(i: number, similarity: number): NearUnit {
    const density = this.densities[i]!;
    return {
      chunkId: this.chunkIds[i]!,
      unit: this.units[i]!,
      similarity,
      density: Number.isNaN(density) ? null : density,
    };
  }
}

export interface NearUnit {
  chunkId: string;
  unit: number;
  similarity: number;
  /** The unit's density as this process holds it (null: none yet). */
  density: number | null;
}

interface Slot {
  index: Promise<MemoryIndex>;
  /** A refresh or reload under way: the index serves as it is until it is complete. */
  reloading?: Promise<void>;
  /** When units were last read in (this process's clock), and the database's clock then. */
  refreshedAt: number;
  since: string;
}

const slots = new WeakMap<object, Map<string, Slot>>();
const slotKey = (embedder: string, dims: number) => `${embedder}:${dims}`;

interface Row {
  chunk_id: string;
  unit: number;
  document_id: string;
  user_id: string;
  packed: Buffer | null;
  density: number | null;
  embedding: number[] | null;
}

/** Reads the embedder's units into `index`: all of them, or those added after `since`. */
async function readUnits(db: Database, index: MemoryIndex, embedder: string, since?: string) {
  let after = "00000000-0000-0000-0000-000000000000";
  let afterUnit = -1;
  const unpacked: { chunkId: string; unit: number; packed: Buffer }[] = [];
  // A refresh skips chunks held before it began (a chunk's units may span two pages).
  const readNow = new Set<string>();
  for (;;) {
    // In primary-key order, so each page continues the index scan where the last one stopped.
    const rows = await rowsOf<Row>(
      db,
      sql`select v.chunk_id, v.unit, c.document_id, c.user_id, v.packed, v.density,
                 case when v.packed is null then v.embedding end as embedding
          from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
          where v.embedder = ${embedder} and v.dims = ${index.dims}
            and (v.chunk_id, v.embedder, v.unit) > (${after}::uuid, ${embedder}, ${afterUnit})
            ${since ? sql`and v.added_at > ${since}::timestamptz - ${`${REFRESH_OVERLAP_MS} milliseconds`}::interval` : sql``}
          order by v.chunk_id, v.embedder, v.unit limit ${PAGE}`,
    );
    const fresh = since ? rows.filter((r) => readNow.has(r.chunk_id) || !index.chunks.has(r.chunk_id)) : rows;
    if (since) for (const r of fresh) readNow.add(r.chunk_id);
    index.addPacked(
      fresh.map((r) => {
        let packed = r.packed;
        if (!packed) {
          packed = packVector(r.embedding ?? []);
          unpacked.push({ chunkId: r.chunk_id, unit: r.unit, packed });
        }
        return {
          chunkId: r.chunk_id,
          unit: r.unit,
          documentId: r.document_id,
          userId: r.user_id,
          packed,
          density: r.density === null ? null : Number(r.density),
        };
      }),
    );
    if (rows.length < PAGE) break;
    after = rows[rows.length - 1]!.chunk_id;
    afterUnit = rows[rows.length - 1]!.unit;
  }
  // Units stored without their packed form (before it existed, or while pgvector searched them)
  // get it now, so the next start reads bytes.
  for (let i = 0; i < unpacked.length; i += BACKFILL_PAGE) {
    const page = unpacked.slice(i, i + BACKFILL_PAGE);
    await db.execute(
      sql`update knowledge_vectors v set packed = decode(p.hex, 'hex')
          from (select unnest(${`{${page.map((u) => u.chunkId).join(",")}}`}::uuid[]) as chunk_id,
                       unnest(${`{${page.map((u) => u.unit).join(",")}}`}::int[]) as unit,
                       unnest(${`{${page.map((u) => u.packed.toString("hex")).join(",")}}`}::text[]) as hex) p
          where v.chunk_id = p.chunk_id and v.unit = p.unit and v.embedder = ${embedder}`,
    );
  }
}

const databaseNow = async (db: Database) =>
  (await rowsOf<{ now: string }>(db, sql`select clock_timestamp()::text as now`))[0]!.now;

async function load(db: Database, embedder: string, dims: number) {
  const since = await databaseNow(db);
  const index = new MemoryIndex(dims);
  await readUnits(db, index, embedder);
  return { index, since };
}

function slotOf(db: Database, embedder: string, dims: number): Slot {
  let byEmbedder = slots.get(db);
  if (!byEmbedder) slots.set(db, (byEmbedder = new Map<string, Slot>()));
  const key = slotKey(embedder, dims);
  let slot = byEmbedder.get(key);
  if (!slot) {
    const loading = load(db, embedder, dims);
    const made: Slot = { index: loading.then((l) => l.index), refreshedAt: Date.now(), since: "" };
    void loading.then(
      (l) => (made.since = l.since),
      // A failed load is tried again by the next search.
      () => byEmbedder.delete(key),
    );
    byEmbedder.set(key, (slot = made));
  }
  return slot;
}

/** In the background: the units other processes added, or every unit again after RELOAD_MS. */
function keepFresh(db: Database, slot: Slot, index: MemoryIndex, embedder: string) {
  if (slot.reloading || Date.now() - slot.refreshedAt < REFRESH_MS || !slot.since) return;
  const whole = Date.now() - index.loadedAt > RELOAD_MS;
  // On PGlite (mode memory) no other process writes; the half-hourly reload still drops what was
  // deleted without this process knowing (an account).
  if (!whole && vectorMode(db) === "memory") return;
  const { since } = slot;
  slot.reloading = (async () => {
    const now = await databaseNow(db);
    if (whole) {
      const fresh = await load(db, embedder, index.dims);
      slot.index = Promise.resolve(fresh.index);
    } else {
      await readUnits(db, index, embedder, since);
    }
    slot.since = now;
    slot.refreshedAt = Date.now();
  })()
    .catch(() => {
      slot.refreshedAt = Date.now();
    })
    .finally(() => {
      slot.reloading = undefined;
    });
}

/** Starts reading an embedder's units in, so the first search after a start need not wait for it. */
export function warmMemoryIndex(db: Database, embedder: string, dims: number): Promise<void> {
  return slotOf(db, embedder, dims).index.then(
    () => undefined,
    () => undefined,
  );
}

/** This process's copy of an embedder's vectors, read in at its first use and kept fresh after. */
export async function loadedIndex(db: Database, embedder: string, dims: number): Promise<MemoryIndex> {
  const slot = slotOf(db, embedder, dims);
  const index = await slot.index;
  keepFresh(db, slot, index, embedder);
  return index;
}

/** The visible units nearest `vector`, from this process's copy of the vectors. */
export async function nearestInMemory(
  db: Database,
  q: { embedder: string; vector: number[]; limit: number; who: Visibility; firstPass?: number },
): Promise<NearUnit[]> {
  const slot = slotOf(db, q.embedder, q.vector.length);
  const index = await slot.index;
  keepFresh(db, slot, index, q.embedder);
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
  return index.nearestUnits(q.vector, q.limit, visible, q.firstPass);
}

/** Indexing in this process: a document's new units join the loaded index of their embedder. */
export async function noteIndexed(db: Database, embedder: string, rows: UnitVector[]): Promise<void> {
  const slot = slots.get(db)?.get(slotKey(embedder, rows[0]?.vector.length ?? 0));
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

/**
 * A change of model committed: every other embedder's copy leaves this process's memory (their
 * vectors are deleted with it, and no search reads them again).
 */
export function keepOnlyMemoryIndex(db: Database, embedder: string): void {
  const byEmbedder = slots.get(db);
  if (!byEmbedder) return;
  for (const key of [...byEmbedder.keys()])
    if (key.slice(0, key.lastIndexOf(":")) !== embedder) byEmbedder.delete(key);
}

/** Embedders whose vectors this process holds (tests). */
export const heldMemoryIndexes = (db: Database): string[] => [...(slots.get(db)?.keys() ?? [])];
