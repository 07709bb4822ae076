// Retrieval over document chunks: full-text and vector similarity, fused by weighted reciprocal rank.
// Full-text evidence is weighed by how much of the query a chunk holds: on a question phrased in
// other words than the text, full-text search ranks chunks that share one common word, and an equal
// vote for those drowns the vector ranking (see README.md).
import { sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { unitLength, type Embedder } from "./embeddings/embedder";
import type { EmbedderHealth } from "./embeddings/embedder-health";
import { LOCAL_EMBEDDER_ID } from "./embeddings/local-embedder";
import { nearestChunks } from "./vector-store";
import { visibleChunks, type Visibility } from "./visible-chunks";

export type SearchMode = "hybrid" | "vector" | "keyword";

/** Which embedder's vectors search reads, and which ones new chunks are embedded with. */
export interface EmbedderChoice {
  /** The newest embedder whose set of vectors is complete; null: keyword search only. */
  search(): Promise<Embedder | null>;
  /** The search one and any embedder being built (a change of model in progress). */
  indexing(): Promise<Embedder[]>;
}

/** One embedder, always: tests, the bench, and an instance that never changed its model. */
export const onlyEmbedder = (embedder: Embedder): EmbedderChoice => ({
  search: () => Promise.resolve(embedder),
  indexing: () => Promise.resolve([embedder]),
});

export interface KnowledgeDeps {
  db: Database;
  embedders: EmbedderChoice;
  /** Where a search that fell back to words says why (no secrets: embedders redact their key). */
  logger?: Pick<Logger, "warn">;
  /** Told whether the embedding model answered, for /api/health. */
  health?: EmbedderHealth;
}

export interface KnowledgeQuery extends Visibility {
  query: string;
  limit: number;
  mode?: SearchMode;
}

export interface KnowledgeHit {
  documentId: string;
  chunkId: string;
  title: string;
  snippet: string;
  page?: number;
  heading?: string;
  /** Fused score: higher is better; comparable within one search only. */
  score: number;
  /** Cosine similarity of the chunk's best unit to the question, when vector search found it. */
  similarity?: number;
}

/** Candidates each ranking contributes to the fusion. */
const CANDIDATES = 50;
/** Reciprocal rank fusion's constant (Cormack et al.): damps the difference between top ranks. */
const RRF_K = 60;
const VECTOR_WEIGHT = 1;
/**
 * A full-text hit holding every word of the query counts as much as a vector hit; one holding under
 * half of them next to nothing (what full-text search returns for a question in other words), so
 * it cannot push the vector ranking's answer out of the top places.
 */
const keywordWeight = (coverage: number) => (coverage >= 0.5 ? coverage ** 2 : 0.01 * coverage);
/**
 * Chunks holding some but not all of the query's words that are weighed for the ranking: a question
 * of common words matches most chunks, and ranking all of them is what made keyword search slow.
 */
const PARTIAL_POOL = 400;
export const LIMIT_MAX = 50;
/**
 * How long a search waits for a connection's model to embed the question before it answers from
 * words alone. The built-in model runs in this process and is always waited for.
 */
export const QUERY_EMBED_TIMEOUT_MS = 10_000;

const HEADLINE = "MaxWords=40, MinWords=20, MaxFragments=1, StartSel=**, StopSel=**";
const lexeme = (l: string) => `'${l.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

/**
 * The question's lexemes for full-text search, and, for vector search, its words that are not stop
 * words (PostgreSQL's english list) in their order, a hyphenated word once and not again as its
 * parts: both from one statement.
 */
async function readQuery(db: Database, text: string, withContentWords: boolean) {
  const words = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 32);
  if (!words.length && !withContentWords) return { lexemes: [], content: "" };
  const [row] = await rowsOf<{ lexemes: string[] | null; words: string | null }>(
    db,
    sql`select ${words.length ? sql`tsvector_to_array(to_tsvector('english', ${words.join(" ")}))` : sql`null::text[]`} as lexemes,
          ${
            withContentWords
              ? sql`(select string_agg(token, ' ' order by n)
                     from ts_debug('english', ${text.slice(0, 2_000)}) with ordinality as t(alias, description, token, dictionaries, dictionary, lexemes, n)
                     where cardinality(lexemes) > 0 and alias not like 'hword%part')`
              : sql`null::text`
          } as words`,
  );
  return { lexemes: (row?.lexemes ?? []).map(lexeme), content: row?.words ?? "" };
}

/**
 * The most conjunctions the tsquery for chunks holding several of the words may have: every way of
 * taking half of seven words (35), or two of ten (45).
 */
const SEVERAL_QUERY_TERMS = 45;

/** How many ways there are of taking `k` of `n`. */
function choose(n: number, k: number): number {
  let ways = 1;
  for (let i = 1; i <= k; i++) ways = (ways * (n - k + i)) / i;
  return Math.round(ways);
}

/** Every way of taking `k` of `items`, in order. */
function combinations<T>(items: T[], k: number, from = 0): T[][] {
  if (k === 0) return [[]];
  const out: T[][] = [];
  for (let i = from; i <= items.length - k; i++)
    for (const rest of combinations(items, k - 1, i + 1)) out.push([items[i]!, ...rest]);
  return out;
}

/**
 * A tsquery matching chunks that hold at least half of `lexemes` (fewer, but at least two, where half
 * would take more than SEVERAL_QUERY_TERMS conjunctions), or null where that is one word or too many.
 */
function severalOf(lexemes: string[]): string | null {
  let k = Math.ceil(lexemes.length / 2);
  while (k >= 2 && choose(lexemes.length, k) > SEVERAL_QUERY_TERMS) k--;
  if (k < 2) return null;
  return combinations(lexemes, k)
    .map((g) => `(${g.join(" & ")})`)
    .join(" | ");
}

/**
 * The keyword ranking: chunks holding every word, then those holding some, most words first.
 * A chunk holding under half of the words weighs next to nothing (keywordWeight): where the question
 * has ten words or fewer, chunks holding several of them (severalOf) are read first, through the
 * index, and the rest only when `wantRest` says the words alone answer (keyword mode, or the model
 * failed).
 */
async function keywordRanking(
  db: Database,
  lexemes: string[],
  visible: ReturnType<typeof visibleChunks>,
  wantRest: () => Promise<boolean>,
) {
  if (!lexemes.length) return [];
  const all = sql`${lexemes.join(" & ")}::tsquery`;
  const any = sql`${lexemes.join(" | ")}::tsquery`;
  // Chunks holding every word first: they count most, and the GIN index finds them without ranking
  // every chunk that shares one word.
  const whole = await rowsOf<{ id: string }>(
    db,
    sql`select c.id from knowledge_chunks c where c.search @@ ${all} and ${visible}
        order by ts_rank_cd(c.search, ${all}, 1) desc limit ${CANDIDATES}`,
  );
  const hits = whole.map((r) => ({ chunkId: r.id, coverage: 1 }));
  if (hits.length >= CANDIDATES || lexemes.length === 1) return hits;
  const held = sql.join(
    lexemes.map((l) => sql`(p.search @@ ${l}::tsquery)::int`),
    sql` + `,
  );
  const partial = async (matching: SQL, want: number) =>
    (
      await rowsOf<{ id: string; held: number }>(
        db,
        sql`select p.id, (${held}) as held from (
              select c.id, c.search from knowledge_chunks c
              where ${matching} and not (c.search @@ ${all}) and ${visible} limit ${PARTIAL_POOL}
            ) p
            order by (${held}) desc, ts_rank_cd(p.search, ${any}, 1) desc limit ${want}`,
      )
    ).map((r) => ({ chunkId: r.id, coverage: Number(r.held) / lexemes.length }));
  const several = severalOf(lexemes);
  if (!several) return [...hits, ...(await partial(sql`c.search @@ ${any}`, CANDIDATES - hits.length))];
  const most = sql`${several}::tsquery`;
  hits.push(...(await partial(sql`c.search @@ ${most}`, CANDIDATES - hits.length)));
  if (hits.length >= CANDIDATES || !(await wantRest())) return hits;
  return [
    ...hits,
    ...(await partial(sql`c.search @@ ${any} and not (c.search @@ ${most})`, CANDIDATES - hits.length)),
  ];
}

/**
 * The question as vector search asks it: the mean of its embedding as asked and of its content
 * words alone. Function words weigh on a short question's vector as much as the words that carry
 * its meaning; the mean keeps some of the phrasing and moves towards the topic (row 11 of
 * bench/RESULTS.md measures it).
 */
async function queryVector(embedder: Embedder, query: string, content: string): Promise<number[]> {
  if (!content || content === query.trim()) return (await embedder.embed([query]))[0]!;
  const [asked, words] = await embedder.embed([query, content]);
  return unitLength(asked!.map((x, i) => x + words![i]!));
}

/** The question's vector, or null when the embedding model failed or took too long (logged). */
async function embedQuery(
  deps: KnowledgeDeps,
  embedder: Embedder,
  query: string,
  content: string,
): Promise<number[] | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    if (embedder.id === LOCAL_EMBEDDER_ID) return;
    timer = setTimeout(
      () => reject(new Error(`The embedding model took longer than ${QUERY_EMBED_TIMEOUT_MS / 1000} s.`)),
      QUERY_EMBED_TIMEOUT_MS,
    );
  });
  try {
    const vector = await Promise.race([queryVector(embedder, query, content), late]);
    deps.health?.worked(embedder.id);
    return vector;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    deps.health?.failed(embedder.id, error);
    deps.logger?.warn(
      { event: "knowledge.search.embedder_failed", embedder: embedder.id, error },
      "the embedding model failed: this search matched words only",
    );
    return null;
  } finally {
    clearTimeout(timer);
  }
}

export interface KnowledgeSearch {
  hits: KnowledgeHit[];
  /** The embedding model failed: the hits matched the question's words only. */
  fallback?: "keyword";
}

/** Best hits first. An embedding model that fails makes it a keyword search, never an error. */
export async function searchKnowledge(deps: KnowledgeDeps, q: KnowledgeQuery): Promise<KnowledgeHit[]> {
  return (await searchKnowledgeReport(deps, q)).hits;
}

/** searchKnowledge, saying whether it fell back to words. */
export async function searchKnowledgeReport(
  deps: KnowledgeDeps,
  q: KnowledgeQuery,
): Promise<KnowledgeSearch> {
  const { db } = deps;
  const limit = Math.min(Math.max(Math.trunc(q.limit) || 1, 1), LIMIT_MAX);
  const mode = q.mode ?? "hybrid";
  const visible = visibleChunks(q);
  const embedder = mode === "keyword" ? null : await deps.embedders.search();
  const { lexemes, content } = await readQuery(db, q.query, embedder !== null);
  const vectorOf = embedder ? embedQuery(deps, embedder, q.query, content) : Promise.resolve(null);
  // Whether the words alone answer: then chunks holding few of them count too.
  const wordsAlone = () => vectorOf.then((v) => v === null);
  const [keyword, vector] = await Promise.all([
    mode === "vector"
      ? // Asked for vectors only and the model failed: words answer instead of nothing.
        vectorOf.then((v) => (embedder && v === null ? keywordRanking(db, lexemes, visible, wordsAlone) : []))
      : keywordRanking(db, lexemes, visible, wordsAlone),
    vectorOf.then((v) =>
      v && embedder
        ? nearestChunks(db, {
            embedder: embedder.id,
            vector: v,
            visible,
            who: q,
            limit: Math.max(CANDIDATES, limit),
          })
        : [],
    ),
  ]);
  const fellBack = embedder !== null && (await vectorOf) === null;
  const scores = new Map<string, number>();
  const add = (id: string, s: number) => scores.set(id, (scores.get(id) ?? 0) + s);
  vector.forEach((hit, rank) => add(hit.chunkId, VECTOR_WEIGHT / (RRF_K + rank + 1)));
  keyword.forEach((hit, rank) => add(hit.chunkId, keywordWeight(hit.coverage) / (RRF_K + rank + 1)));
  const ranked = [...scores].sort((a, b) => b[1] - a[1]).slice(0, limit);
  const similarity = new Map(vector.map((hit) => [hit.chunkId, hit.similarity]));
  const report = (hits: KnowledgeHit[]): KnowledgeSearch =>
    fellBack ? { hits, fallback: "keyword" } : { hits };
  if (!ranked.length) return report([]);
  const tsquery = lexemes.length ? sql`${lexemes.join(" | ")}::tsquery` : sql`''::tsquery`;
  const rows = await rowsOf<{
    id: string;
    document_id: string;
    title: string;
    heading: string | null;
    page: number | null;
    snippet: string;
  }>(
    db,
    sql`select c.id, c.document_id, c.title, c.heading, c.page,
          ts_headline('english', c.content, ${tsquery}, ${HEADLINE}) as snippet
        from knowledge_chunks c where c.id = any(${`{${ranked.map(([id]) => id).join(",")}}`}::uuid[])
          and ${visible}`,
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return report(
    ranked.flatMap(([id, score]) => {
      const r = byId.get(id);
      if (!r) return [];
      return [
        {
          documentId: r.document_id,
          chunkId: r.id,
          title: r.title,
          snippet: r.snippet,
          ...(r.page !== null ? { page: r.page } : {}),
          ...(r.heading !== null ? { heading: r.heading } : {}),
          score: Math.round(score * 1e6) / 1e6,
          ...(similarity.has(id) ? { similarity: Math.round(similarity.get(id)! * 1e4) / 1e4 } : {}),
        },
      ];
    }),
  );
}
