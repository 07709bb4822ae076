// Hubness correction. A unit much like many others (a paragraph restating its topic, boilerplate) is
// near every question on that topic and crowds out the one that answers. Each unit keeps its density,
// the mean cosine similarity of its DENSITY_K nearest other units, and search ranks the units nearest
// a question by similarity − HUB_WEIGHT × density (bench/RESULTS.md, row 11, measures it).
// The set a density is taken over is the owner's units of the same embedder: it is what most searches
// of a unit run over (their own documents, and a team's under whoever added them), and a person's
// ranking never depends on what someone else stored. Computed on the indexing queue, never on a
// search: a new unit against the owner's set, the units it lands among found their nearest again,
// and the whole set again once it grew by REFRESH_GROWTH since (what deletions left behind).
import { sql } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import type { JobKind, JobQueue } from "../jobs/queue";

export const DENSITY_K = 10;
/** How much of a unit's density is subtracted from its similarity to a question. */
export const HUB_WEIGHT = 0.5;
/** Units without a density yet, as a share of those with one, past which every density is recomputed. */
const REFRESH_GROWTH = 0.2;
/**
 * Above this many units the whole set is not recomputed (n² similarities: about a minute here at
 * 20,000); new units are still computed exactly and their neighbours updated.
 */
const FULL_MAX = 20_000;
/**
 * Past this many units an owner's new units get no density: each document would read the whole set
 * (about 15 s a document at 20,000 on a busy machine, growing with it). Search counts a unit without
 * one as its candidates' mean, so those rank by plain similarity.
 */
export const DENSITY_MAX_UNITS = 20_000;
/** Rows written by one update statement. */
const WRITE_PAGE = 2_000;

interface Row {
  chunk_id: string;
  unit: number;
  embedding: number[];
  density: number | null;
  kth_similarity: number | null;
}

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
  /** Whether the owner's whole set was computed again. */
  full: boolean;
}

/**
 * Gives every unit of `ownerId`'s chunks embedded by `embedder` a density: those without one
 * computed against the whole set (and their neighbours' updated), or every one when many lack it.
 */
export async function refreshDensities(
  db: Database,
  embedder: string,
  ownerId: string,
  k = DENSITY_K,
  maxUnits = DENSITY_MAX_UNITS,
): Promise<DensityResult> {
  const [size] = await rowsOf<{ n: number }>(
    db,
    sql`select count(*)::int as n from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
        where c.user_id = ${ownerId} and v.embedder = ${embedder}`,
  );
  if ((size?.n ?? 0) > maxUnits) return { written: 0, full: false };
  const rows = await rowsOf<Row>(
    db,
    sql`select v.chunk_id, v.unit, v.embedding, v.density, v.kth_similarity
        from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
        where c.user_id = ${ownerId} and v.embedder = ${embedder}
        order by v.chunk_id, v.unit`,
  );
  const n = rows.length;
  const lacking = rows.filter((r) => r.density === null).length;
  if (!lacking) return { written: 0, full: false };
  // Computed against the whole set: units without a density, and those that had fewer than k others
  // when computed (a mean of fewer, which a new neighbour cannot be folded into).
  const fresh = rows.flatMap((r, i) => (r.density === null || r.kth_similarity === null ? [i] : []));
  const dims = rows[0]!.embedding.length;
  const data = new Float32Array(n * dims);
  rows.forEach((r, i) =>
    data.set(r.embedding.length === dims ? r.embedding : new Array(dims).fill(0), i * dims),
  );
  const dot = (a: number, b: number) => {
    let s = 0;
    for (let d = 0, x = a * dims, y = b * dims; d < dims; d++, x++, y++) s += data[x]! * data[y]!;
    return s;
  };
  const density = Float32Array.from(rows, (r) => Number(r.density ?? 0));
  const floor: (number | null)[] = rows.map((r) =>
    r.kth_similarity === null ? null : Number(r.kth_similarity),
  );
  const changed = new Uint8Array(n);
  const full = n <= FULL_MAX && lacking >= REFRESH_GROWTH * (n - lacking);
  if (full) {
    const tops = Array.from({ length: n }, () => new TopK(k));
    for (let i = 0; i < n; i++)
      for (let j = i + 1; j < n; j++) {
        const s = dot(i, j);
        tops[i]!.offer(s);
        tops[j]!.offer(s);
      }
    tops.forEach((t, i) => {
      density[i] = t.mean();
      floor[i] = t.floor();
      changed[i] = 1;
    });
  } else {
    const isFresh = new Uint8Array(n);
    for (const i of fresh) isFresh[i] = 1;
    for (const i of fresh) {
      const top = new TopK(k);
      for (let j = 0; j < n; j++) {
        if (j === i) continue;
        const s = dot(i, j);
        top.offer(s);
        // An older unit the new one is nearer than its last neighbour: its nearest ten changed, and
        // are found again below (folding the new one into the mean would leave the floor stale, and
        // the density growing with every later arrival).
        const f = floor[j];
        if (!isFresh[j] && f !== null && f !== undefined && s > f) changed[j] = 1;
      }
      density[i] = top.mean();
      floor[i] = top.floor();
      changed[i] = 1;
    }
    for (let j = 0; j < n; j++) {
      if (!changed[j] || isFresh[j]) continue;
      const top = new TopK(k);
      for (let i = 0; i < n; i++) if (i !== j) top.offer(dot(i, j));
      density[j] = top.mean();
      floor[j] = top.floor();
    }
  }
  const write = rows.flatMap((r, i) =>
    changed[i] ? [{ r, density: density[i]!, floor: floor[i] ?? null }] : [],
  );
  for (let at = 0; at < write.length; at += WRITE_PAGE) {
    const page = write.slice(at, at + WRITE_PAGE);
    const list = (xs: (string | number | null)[]) => `{${xs.map((x) => x ?? "NULL").join(",")}}`;
    await db.execute(
      sql`update knowledge_vectors v set density = x.density, kth_similarity = x.floor
          from unnest(${list(page.map((w) => w.r.chunk_id))}::uuid[], ${list(page.map((w) => w.r.unit))}::int[],
                      ${list(page.map((w) => w.density))}::real[], ${list(page.map((w) => w.floor))}::real[])
            as x(chunk_id, unit, density, floor)
          where v.chunk_id = x.chunk_id and v.unit = x.unit and v.embedder = ${embedder}`,
    );
  }
  return { written: write.length, full };
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
    failureMessage: "Search ranks these documents without their density for now.",
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
