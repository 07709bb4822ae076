// Where nearest chunks are found. On a PostgreSQL server where `CREATE EXTENSION vector` works, an
// HNSW index over the stored real[] cast to vector(n) answers; without the extension, exact cosine
// similarity over the caller's visible vectors, computed in this process (memory-index.ts). PGlite,
// which lives in this process anyway, answers from the same copy with a first pass by sign bits:
// its pgvector is single-threaded WebAssembly, whose HNSW index over 400,000 vectors takes hours to
// build and whose inserts were a fifth of indexing. Set up at start rather than in a migration, so
// the same migrations run on a server without the extension.
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import { nearestInMemory } from "./memory-index";
import { HUB_WEIGHT } from "./unit-density";
import type { Visibility } from "./visible-chunks";

export type VectorMode = "pgvector" | "memory" | "exact";

const modes = new WeakMap<object, VectorMode>();

/** The mode `prepareVectorStore` found for this database ("exact" before it ran). */
export const vectorMode = (db: Database): VectorMode => modes.get(db) ?? "exact";

/** pgvector indexes `vector` columns of up to 2,000 dimensions; larger sets are searched exactly. */
export const HNSW_MAX_DIMS = 2_000;

/** How one embedder's set of `dims`-sized vectors is searched on this database. */
export const vectorModeFor = (db: Database, dims: number): VectorMode => {
  const mode = vectorMode(db);
  return mode === "pgvector" && dims > HNSW_MAX_DIMS ? "exact" : mode;
};

/**
 * Units scored exactly after the in-process index's first pass when `want` are asked for: the
 * pass's recall of the exact nearest units (bench row 12) rests on this.
 */
export const firstPassUnits = (want: number) => Math.max(4_000, 20 * want);

/** What every HNSW index this module makes is named by, before its vector size. */
const HNSW_INDEX = "knowledge_vectors_hnsw_";

/**
 * Creates the extension when the server has it, and the index for `dims`; answers the mode.
 * `inProcess` (PGlite): the in-process index instead, and HNSW indexes an earlier version made are
 * dropped, as they only slow indexing down.
 */
export async function prepareVectorStore(
  db: Database,
  dims: number[],
  options: { inProcess?: boolean } = {},
): Promise<VectorMode> {
  if (options.inProcess) {
    modes.set(db, "memory");
    const made = await rowsOf<{ name: string }>(
      db,
      sql`select indexname as name from pg_indexes
          where tablename = 'knowledge_vectors' and indexname like ${`${HNSW_INDEX}%`}`,
    );
    for (const { name } of made) await db.execute(sql`drop index if exists ${sql.identifier(name)}`);
    return "memory";
  }
  let mode: VectorMode = "exact";
  try {
    await db.execute(sql`create extension if not exists vector`);
    mode = "pgvector";
  } catch {
    // Another process may have created it meanwhile (a unique violation), or the server has none.
    const [row] = await rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from pg_extension where extname = 'vector'`,
    );
    if (row?.n) mode = "pgvector";
  }
  modes.set(db, mode);
  for (const n of new Set(dims)) await ensureIndex(db, n);
  return mode;
}

const dimsOf = (n: number) => {
  if (!Number.isInteger(n) || n < 1 || n > 4000) throw new Error(`bad vector size ${n}`);
  return sql.raw(String(n));
};

/**
 * One partial HNSW index per vector size: embedders of different sizes never meet. Made when a model
 * of a new size starts to be embedded; none without pgvector or past HNSW_MAX_DIMS (exact search).
 */
export async function ensureIndex(db: Database, dims: number): Promise<void> {
  if (vectorModeFor(db, dims) !== "pgvector") return;
  await db.execute(
    sql`create index if not exists ${sql.raw(`${HNSW_INDEX}${dims}`)} on knowledge_vectors
        using hnsw ((embedding::vector(${dimsOf(dims)})) vector_cosine_ops) where dims = ${dimsOf(dims)}`,
  );
}

export interface NearQuery {
  embedder: string;
  vector: number[];
  /** Which chunks (alias c, knowledge_chunks) the caller may see. */
  visible: SQL;
  /** The same rule as `visible`, for the exact fallback's search in this process (memory-index.ts). */
  who: Visibility;
  limit: number;
}

/**
 * Units read per chunk wanted: a chunk's best unit decides, and its others crowd the nearest ones.
 * These nearest units by plain similarity are the ones the hubness correction reranks.
 */
const UNITS_PER_CHUNK = 4;

interface Candidate {
  chunkId: string;
  similarity: number;
  /** Null while the unit's density is not computed yet (its document being indexed). */
  density: number | null;
}

/**
 * The best `limit` chunks of `units`, a unit scoring its similarity less HUB_WEIGHT × its density
 * and a chunk its best unit's score. A unit without a density counts as having the candidates' mean,
 * so it is neither favoured nor held back.
 */
export function rankCandidates(units: Candidate[], limit: number) {
  const known = units.filter((u) => u.density !== null);
  const mean = known.reduce((s, u) => s + u.density!, 0) / (known.length || 1);
  const best = new Map<string, { chunkId: string; similarity: number; score: number }>();
  for (const u of units) {
    const score = u.similarity - HUB_WEIGHT * (u.density ?? mean);
    const b = best.get(u.chunkId);
    if (!b || score > b.score) best.set(u.chunkId, { chunkId: u.chunkId, similarity: u.similarity, score });
  }
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
}

/**
 * The visible chunks nearest `vector`, best first: the nearest units by cosine similarity, reranked
 * by the hubness correction (unit-density.ts). `similarity` is the plain cosine of the unit chosen.
 */
export async function nearestChunks(
  db: Database,
  q: NearQuery,
): Promise<{ chunkId: string; similarity: number; score: number }[]> {
  const n = dimsOf(q.vector.length);
  const want = q.limit * UNITS_PER_CHUNK;
  if (vectorModeFor(db, q.vector.length) === "pgvector") {
    const target = sql`${`[${q.vector.join(",")}]`}::vector(${n})`;
    return db.transaction(async (tx) => {
      // Keeps walking the graph until enough visible units are found, instead of filtering the
      // first ef_search of everyone's and returning fewer (pgvector 0.8; a no-op setting before).
      await tx.execute(sql`select set_config('hnsw.iterative_scan', 'relaxed_order', true)`);
      await tx.execute(sql`select set_config('hnsw.ef_search', '100', true)`);
      const rows = await rowsOf<{ chunk_id: string; distance: number; density: number | null }>(
        tx,
        sql`select v.chunk_id, v.density, (v.embedding::vector(${n}) <=> ${target}) as distance
            from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
            where v.embedder = ${q.embedder} and v.dims = ${n} and ${q.visible}
            order by v.embedding::vector(${n}) <=> ${target} limit ${want}`,
      );
      return rankCandidates(
        rows.map((r) => ({
          chunkId: r.chunk_id,
          similarity: 1 - Number(r.distance),
          density: r.density === null ? null : Number(r.density),
        })),
        q.limit,
      );
    });
  }
  const inProcess = vectorModeFor(db, q.vector.length) === "memory";
  const units = await nearestInMemory(db, {
    embedder: q.embedder,
    vector: q.vector,
    limit: want,
    who: q.who,
    firstPass: inProcess ? firstPassUnits(want) : undefined,
  });
  if (!units.length) return [];
  // On PGlite this process writes every density, into its copy as into the table: the copy's serve.
  if (inProcess) return rankCandidates(units, q.limit);
  // Else from the table, not the copy in memory: other processes index documents too. A unit whose
  // row is gone (its document deleted or indexed again) is left out.
  // Each unit by its key, not every unit of its chunk: these rows are spread over the table.
  const rows = await rowsOf<{ chunk_id: string; unit: number; density: number | null }>(
    db,
    sql`select u.chunk_id, u.unit, v.density
        from unnest(${`{${units.map((u) => u.chunkId).join(",")}}`}::uuid[], ${`{${units.map((u) => u.unit).join(",")}}`}::int[]) as u(chunk_id, unit)
        join lateral (select density from knowledge_vectors v
                      where v.chunk_id = u.chunk_id and v.embedder = ${q.embedder} and v.unit = u.unit) v on true`,
  );
  const density = new Map(
    rows.map((r) => [`${r.chunk_id}:${r.unit}`, r.density === null ? null : Number(r.density)]),
  );
  return rankCandidates(
    units.flatMap((u) => {
      const key = `${u.chunkId}:${u.unit}`;
      return density.has(key) ? [{ ...u, density: density.get(key)! }] : [];
    }),
    q.limit,
  );
}
