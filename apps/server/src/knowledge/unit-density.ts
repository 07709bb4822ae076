// Hubness correction. A unit much like many others (a paragraph restating its topic, boilerplate) is
// near every question on that topic and crowds out the one that answers. Each unit keeps its density,
// the mean cosine similarity of its DENSITY_K nearest other units, and search ranks the units nearest
// a question by similarity − HUB_WEIGHT × density (bench/RESULTS.md, row 11, measures it).
// The set a density is taken over is the owner's units of the same embedder: it is what most searches
// of a unit run over (their own documents, and a team's under whoever added them), and a person's
// ranking never depends on what someone else stored. Computed on the indexing queue, never on a
// search, by scans of this process's copy of the vectors (memory-index.ts, int8: a density differs
// from float32's in the third decimal): a new unit's nearest, then those of the units it lands
// among; a document's units leaving clear the densities they were part of, computed again the same way.
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { rowsOf, withoutFlush, type Database } from "../db/client";
import type { JobKind, JobQueue } from "../jobs/queue";
import { forgetDocument, loadedIndex, type MemoryIndex } from "./memory-index";

export const DENSITY_K = 10;
/** How much of a unit's density is subtracted from its similarity to a question. */
export const HUB_WEIGHT = 0.5;
/** Rows written by one update statement. */
const WRITE_PAGE = 2_000;

/** The k largest values offered, kept in descending order. */
class TopK {
  readonly values: Float32Array;
  size = 0;
  constructor(readonly k: number) {
    this.values = new Float32Array(k);
  }
  offer(s: number) {
    const { values, k } = this;
    if (this.size === k && s <= values[k - 1]!) return;
    let at = Math.min(this.size, k - 1);
    while (at > 0 && values[at - 1]! < s) {
      values[at] = values[at - 1]!;
      at--;
    }
    values[at] = s;
    if (this.size < k) this.size++;
  }
  mean() {
    let sum = 0;
    for (let i = 0; i < this.size; i++) sum += this.values[i]!;
    return this.size ? sum / this.size : 0;
  }
  /** The last kept, what a new neighbour must beat; null while fewer than k are kept. */
  floor() {
    return this.size === this.k ? this.values[this.k - 1]! : null;
  }
}

export interface DensityResult {
  /** Units whose density was written. */
  written: number;
}

interface Stored {
  chunk_id: string;
  unit: number;
  dims: number;
  density: number | null;
  kth_similarity: number | null;
}

const keyOf = (chunkId: string, unit: number) => `${chunkId}:${unit}`;

/**
 * The owner's rows in `index` that the table still holds, by unit (a unit held twice counts once):
 * the copy keeps a document deleted elsewhere until it is read again.
 */
function ownerRows(index: MemoryIndex, ownerId: string, stored: Stored[]): Map<string, number> {
  const live = new Set(stored.map((r) => keyOf(r.chunk_id, r.unit)));
  const rows = new Map<string, number>();
  for (let i = 0; i < index.count; i++) {
    const key = keyOf(index.chunkIds[i]!, index.units[i]!);
    if (!index.dropped[i] && index.userIds[i] === ownerId && live.has(key)) rows.set(key, i);
  }
  return rows;
}

/** The mean similarity of row `i`'s k nearest among `rows` (itself left out), and the last of them. */
function nearestOf(index: MemoryIndex, rows: Map<string, number>, i: number, k: number) {
  const sims = index.similarities(index.vectorOf(i));
  const top = new TopK(k);
  for (const j of rows.values()) if (j !== i) top.offer(sims[j]!);
  return { sims, density: top.mean(), floor: top.floor() };
}

/** Writes densities to the table and to `index`, the copy they were computed from (by row). */
async function writeDensities(
  db: Database,
  embedder: string,
  index: MemoryIndex,
  write: { row: number; density: number | null; floor: number | null }[],
) {
  const list = (xs: (string | number | null)[]) => `{${xs.map((x) => x ?? "NULL").join(",")}}`;
  for (let at = 0; at < write.length; at += WRITE_PAGE) {
    const page = write.slice(at, at + WRITE_PAGE);
    await withoutFlush(db, (tx) =>
      tx.execute(
        sql`update knowledge_vectors v set density = x.density, kth_similarity = x.floor
          from unnest(${list(page.map((w) => index.chunkIds[w.row]!))}::uuid[], ${list(page.map((w) => index.units[w.row]!))}::int[],
                      ${list(page.map((w) => w.density))}::real[], ${list(page.map((w) => w.floor))}::real[])
            as x(chunk_id, unit, density, floor)
          where v.chunk_id = x.chunk_id and v.unit = x.unit and v.embedder = ${embedder}`,
      ),
    );
    for (const w of page) index.densities[w.row] = w.density ?? NaN;
  }
}

/** The owner's stored units of `embedder`, without their vectors. */
const storedUnits = (db: Database, embedder: string, ownerId: string) =>
  rowsOf<Stored>(
    db,
    sql`select v.chunk_id, v.unit, v.dims, v.density, v.kth_similarity
        from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
        where c.user_id = ${ownerId} and v.embedder = ${embedder}`,
  );

/**
 * Gives every unit of `ownerId`'s chunks embedded by `embedder` that lacks a density its own: its
 * nearest among the owner's units, and each older unit it is nearer than that unit's last
 * neighbour finds its nearest again.
 */
export async function refreshDensities(
  db: Database,
  embedder: string,
  ownerId: string,
  k = DENSITY_K,
): Promise<DensityResult> {
  const stored = await storedUnits(db, embedder, ownerId);
  // Units without a density, and those that had fewer than k others when computed (a mean of fewer,
  // which a new neighbour cannot be folded into).
  const lacking = stored.filter((r) => r.density === null || r.kth_similarity === null);
  if (!lacking.length) return { written: 0 };
  const index = await loadedIndex(db, embedder, lacking[0]!.dims);
  const rows = ownerRows(index, ownerId, stored);
  const fresh = new Set(lacking.flatMap((r) => rows.get(keyOf(r.chunk_id, r.unit)) ?? []));
  const older = stored.flatMap((r) => {
    const i = rows.get(keyOf(r.chunk_id, r.unit));
    return i === undefined || fresh.has(i) || r.kth_similarity === null
      ? []
      : [{ i, floor: r.kth_similarity }];
  });
  const found = new Map<number, { density: number; floor: number | null }>();
  const changed = new Set<number>();
  for (const i of fresh) {
    const { sims, density, floor } = nearestOf(index, rows, i, k);
    found.set(i, { density, floor });
    // An older unit the new one is nearer than its last neighbour: its nearest changed (folding the
    // new one into the mean would leave the floor stale, and the density growing with every arrival).
    for (const o of older) if (sims[o.i]! > o.floor) changed.add(o.i);
  }
  for (const j of changed) {
    const { density, floor } = nearestOf(index, rows, j, k);
    found.set(j, { density, floor });
  }
  const write = [...found].map(([row, f]) => ({ row, density: f.density, floor: f.floor }));
  await writeDensities(db, embedder, index, write);
  return { written: write.length };
}

/**
 * Before documents' units go (deleted, or indexed again): the owner's units that had one of them
 * among their nearest lose their density, for `refreshDensities` to compute again once they are
 * gone, and this process's copies stop counting them. Answers what to refresh afterwards.
 */
export async function releaseDocuments(
  db: Database,
  documentIds: string[],
): Promise<{ embedder: string; ownerId: string }[]> {
  if (!documentIds.length) return [];
  const going = new Set(documentIds);
  const sets = await rowsOf<{ embedder: string; dims: number; user_id: string }>(
    db,
    sql`select distinct v.embedder, v.dims, c.user_id
        from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
        where c.document_id = any(${`{${documentIds.join(",")}}`}::uuid[])`,
  );
  for (const s of sets) {
    const index = await loadedIndex(db, s.embedder, s.dims);
    const stored = await storedUnits(db, s.embedder, s.user_id);
    const rows = ownerRows(index, s.user_id, stored);
    const leaving = [...rows.values()].filter((i) => going.has(index.documentIds[i]!));
    const nearest = new Float32Array(index.count).fill(-Infinity);
    for (const r of leaving) {
      const sims = index.similarities(index.vectorOf(r));
      for (let j = 0; j < sims.length; j++) if (sims[j]! > nearest[j]!) nearest[j] = sims[j]!;
    }
    const stale = stored.flatMap((u) => {
      const j = rows.get(keyOf(u.chunk_id, u.unit));
      if (j === undefined || going.has(index.documentIds[j]!) || u.density === null) return [];
      return u.kth_similarity === null || nearest[j]! >= u.kth_similarity
        ? [{ row: j, density: null, floor: null }]
        : [];
    });
    await writeDensities(db, s.embedder, index, stale);
  }
  for (const id of documentIds) await forgetDocument(db, id);
  return sets.map((s) => ({ embedder: s.embedder, ownerId: s.user_id }));
}

/** Every owner with units of `embedder` that lack a density, given theirs (re-embedding's last step). */
export async function refreshAllDensities(db: Database, embedder: string): Promise<void> {
  for (const owner of await ownersLacking(db, embedder)) await refreshDensities(db, embedder, owner);
}

const ownersLacking = async (db: Database, embedder: string) =>
  (
    await rowsOf<{ user_id: string }>(
      db,
      sql`select distinct c.user_id from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
          where v.embedder = ${embedder} and v.density is null`,
    )
  ).map((r) => r.user_id);

export const DENSITY_JOB_KIND = "knowledge.density";

/** The job that gives an owner's units their densities: payload `{ embedder }`, owned by that owner. */
export function densityJobKind(db: Database): JobKind<{ embedder: string }> {
  return {
    kind: DENSITY_JOB_KIND,
    maxAttempts: 3,
    concurrency: 1,
    failureMessage: JOB_FAILURE_MESSAGES.densityFailed,
    async run(job) {
      return { ...(await refreshDensities(db, job.payload.embedder, job.ownerId)) };
    },
  };
}

/** At start: units stored before densities existed (or whose computing stopped) get them. */
export async function queueMissingDensities(jobs: JobQueue, db: Database): Promise<number> {
  const rows = await rowsOf<{ user_id: string; embedder: string }>(
    db,
    sql`select distinct c.user_id, v.embedder from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
        where v.density is null`,
  );
  for (const r of rows)
    await jobs.enqueue({
      kind: DENSITY_JOB_KIND,
      ownerId: r.user_id,
      payload: { embedder: r.embedder },
      exclusiveKey: `${DENSITY_JOB_KIND}:${r.user_id}:${r.embedder}`,
    });
  return rows.length;
}
