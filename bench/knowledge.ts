// Row 11: retrieval by meaning, measured. Recall@5 and MRR of keyword-only, vector-only and hybrid
// search over the labelled evaluation set (knowledge-eval/), indexed by the product's own indexing
// with the real offline embedder, a sweep of the fusion's keyword weight, and indexing throughput.
// Query latency at 100,000 chunks is row 12 (knowledge-latency.ts).
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import { makeEvalSet, overlapStats, type EvalQuestion, type EvalSet } from "./knowledge-eval/corpus";
import { openBenchDatabase, serverModule } from "./lib/database";
import { cachedEmbedder, type CacheStats } from "./lib/embed-cache";
import {
  indexInLanes,
  insertUsers,
  loadCore,
  READER,
  type Core,
  type Deps,
  type Hit,
  type LegacyModule,
  type Mode,
  type SplitModule,
} from "./lib/knowledge-core";
import type { BenchContext, BenchNotes, BenchSection, GoalRow } from "./lib/report";
import { verdict } from "./lib/report";
import { ms, summarize } from "./lib/stats";

/** Results asked of each search; recall and MRR count distinct documents in their order. */
const LIMIT = 20;
const TOP = 5;
/** Candidates each ranking contributes when the bench fuses them itself (the weight sweep). */
const CANDIDATES = 50;
const GOALS = { hybridRecall: 0.9, aboveKeyword: 0.15, chunksPerS: 20 };

/** Paraphrase and keyword questions asked: all of them in a full run. */
const QUICK_QUESTIONS = 40;

/** A document's position in a ranking (1-based), counting each document once; 0: not in it. */
export function documentRank(hits: { documentId: string }[], documentId: string, top = Infinity): number {
  const seen = new Set<string>();
  for (const h of hits) {
    if (seen.has(h.documentId)) continue;
    seen.add(h.documentId);
    if (seen.size > top) return 0;
    if (h.documentId === documentId) return seen.size;
  }
  return 0;
}

interface Scores {
  recall: number;
  mrr: number;
  found: number;
  n: number;
}
function score(ranks: number[]): Scores {
  const found = ranks.filter((r) => r > 0 && r <= TOP).length;
  return {
    recall: found / ranks.length,
    mrr: ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0) / ranks.length,
    found,
    n: ranks.length,
  };
}
const fmt = (s: Scores) =>
  `recall@${TOP} ${s.recall.toFixed(3)} (${s.found}/${s.n}), MRR ${s.mrr.toFixed(3)}`;

/** Weighted reciprocal rank fusion of two chunk rankings, as the sweep tries it. */
function fuse(vector: Hit[], keyword: Hit[], w: { vector: number; keyword: number; k: number }): Hit[] {
  const scores = new Map<string, { hit: Hit; s: number }>();
  const add = (hits: Hit[], weight: number) =>
    hits.forEach((h, r) => {
      const e = scores.get(h.chunkId) ?? { hit: h, s: 0 };
      e.s += weight / (w.k + r + 1);
      scores.set(h.chunkId, e);
    });
  add(vector, w.vector);
  add(keyword, w.keyword);
  return [...scores.values()].sort((a, b) => b.s - a.s).map((e) => e.hit);
}

interface RecallResult {
  vectorMode: string;
  modelLoadMs: number;
  documents: number;
  chunks: number;
  /** Vectors stored: the chunks' embedded units (paragraphs, windows of sentences). */
  units: number;
  indexS: number;
  /** The model's time to embed one question, one at a time. */
  embedMs: number[];
  sets: Record<"paraphrase" | "keyword", Record<Mode | "today", Scores> & { sweep: SweepRow[] }>;
  /** Units read from the bench's embedding cache while indexing (BENCH_EMBED_CACHE), null without it. */
  indexCache: CacheStats | null;
  /** Vector-only recall of paraphrases whose passage ends past what the embedder reads, and of the rest. */
  lateMisses: { late: number; lateFound: number; early: number; earlyFound: number };
}
interface SweepRow {
  keywordWeight: number;
  scores: Scores;
}
const SWEEP = [0, 0.1, 0.2, 0.3, 0.5, 0.75, 1];

/** Characters of a chunk the offline embedder reads (local-embedder.ts, TEXT_MAX). */
const EMBED_READS = 1_200;

export async function recall(
  ctx: BenchContext,
  core: Core,
  set: EvalSet,
  questions: number,
): Promise<RecallResult> {
  const legacy = await serverModule<LegacyModule>(ctx.root, "knowledge/search-index.ts");
  const split = await serverModule<SplitModule>(ctx.root, "features/documents/split-passages.ts");
  const d = await openBenchDatabase(ctx.root, "pglite", { postgresUrl: ctx.postgresUrl, name: "kbrecall" });
  try {
    // As the server prepares PGlite: searched from the index in its process.
    const vectorMode = await core.store.prepareVectorStore(d.db, [core.local.localEmbedder.dims], {
      inProcess: true,
    });
    const modelLoadMs = await core.local.localModelLoadMs();
    const cacheDir = process.env.BENCH_EMBED_CACHE;
    const embedder = cacheDir ? cachedEmbedder(core.local.localEmbedder, cacheDir) : null;
    const deps: Deps = {
      db: d.db,
      embedders: core.hybrid.onlyEmbedder(embedder ?? core.local.localEmbedder),
    };
    await insertUsers(d);
    const uuid = new Map(set.documents.map((doc) => [doc.id, randomUUID()]));
    await d.query(
      `insert into documents (id, user_id, title, content)
       select id, $2, title, content from unnest($1::uuid[], $3::text[], $4::text[]) as t(id, title, content)`,
      [
        set.documents.map((x) => uuid.get(x.id)),
        READER,
        set.documents.map((x) => x.title),
        set.documents.map((x) => x.content),
      ],
    );
    // Today's search (before chunks): the document's passages in the full-text index.
    const rows = set.documents.flatMap((doc) =>
      split
        .splitPassages(doc.content)
        .map((text) => [uuid.get(doc.id)!, doc.title, `/dashboard/documents/${uuid.get(doc.id)}`, text]),
    );
    await d.query(
      `insert into knowledge_passages (kind, user_id, document_id, title, url, content)
       select 'document', $5, * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
      [...[0, 1, 2, 3].map((c) => rows.map((r) => r[c])), READER],
    );
    // Indexing: chunking and embedding every document with the real model, as many at a time as
    // the indexing job runs (its concurrency).
    const t = performance.now();
    const chunks = await indexInLanes(
      core,
      deps,
      set.documents.map((doc) => uuid.get(doc.id)!),
      core.index.indexJobKind(deps).concurrency,
    );
    const indexS = (performance.now() - t) / 1000;
    const indexCache = embedder ? { ...embedder.stats } : null;
    const [vectorCount] = await d.query<{ n: number }>("select count(*)::int as n from knowledge_vectors");
    const units = Number(vectorCount?.n ?? 0);
    ctx.log(
      `indexed ${set.documents.length} documents, ${chunks} chunks in ${indexS.toFixed(0)} s (${vectorMode})`,
    );
    const embedMs: number[] = [];
    for (const q of set.paraphrase.slice(0, 50)) {
      const t0 = performance.now();
      await core.local.localEmbedder.embed([q.question]);
      embedMs.push(performance.now() - t0);
    }

    const run = async (questions: EvalQuestion[]) => {
      const ranks: Record<Mode | "today", number[]> = { hybrid: [], vector: [], keyword: [], today: [] };
      const lists: { v: Hit[]; k: Hit[]; doc: string }[] = [];
      for (const q of questions) {
        const doc = uuid.get(q.documentId)!;
        for (const mode of ["hybrid", "vector", "keyword"] as const) {
          const hits = await core.hybrid.searchKnowledge(deps, {
            userId: READER,
            query: q.question,
            limit: LIMIT,
            mode,
          });
          ranks[mode].push(documentRank(hits, doc));
        }
        const today = await legacy.searchIndex(d.db, q.question, { userId: READER, limit: 10 });
        ranks.today.push(
          documentRank(
            today.map((r) => ({ documentId: r.url.split("/").pop()! })),
            doc,
          ),
        );
        const [v, k] = await Promise.all(
          (["vector", "keyword"] as const).map((mode) =>
            core.hybrid.searchKnowledge(deps, { userId: READER, query: q.question, limit: CANDIDATES, mode }),
          ),
        );
        lists.push({ v: v!, k: k!, doc });
      }
      const sweep = SWEEP.map((keywordWeight) => ({
        keywordWeight,
        scores: score(
          lists.map((l) => documentRank(fuse(l.v, l.k, { vector: 1, keyword: keywordWeight, k: 60 }), l.doc)),
        ),
      }));
      return {
        hybrid: score(ranks.hybrid),
        vector: score(ranks.vector),
        keyword: score(ranks.keyword),
        today: score(ranks.today),
        sweep,
        vectorRanks: ranks.vector,
        ranks,
      };
    };
    const para = set.paraphrase.slice(0, questions);
    const paraphrase = await run(para);
    ctx.log("paraphrase questions done");
    const keyword = await run(set.keyword.slice(0, questions));
    ctx.log("keyword questions done");
    // Each question's rank in each mode, for reading the misses one by one.
    if (process.env.BENCH_KNOWLEDGE_RANKS)
      writeFileSync(
        process.env.BENCH_KNOWLEDGE_RANKS,
        JSON.stringify(
          { paraphrase: { ids: para.map((q) => q.id), ...paraphrase.ranks }, keyword: keyword.ranks },
          null,
          1,
        ),
      );
    // Where the answer sits: a chunk's text past what the embedder reads is invisible to vector search.
    const lateMisses = { late: 0, lateFound: 0, early: 0, earlyFound: 0 };
    para.forEach((q, i) => {
      const doc = set.documents.find((x) => x.id === q.documentId)!;
      const late = doc.title.length + 1 + doc.content.indexOf(q.passage) + q.passage.length > EMBED_READS;
      const found = paraphrase.vectorRanks[i]! > 0 && paraphrase.vectorRanks[i]! <= TOP;
      if (late) {
        lateMisses.late++;
        if (found) lateMisses.lateFound++;
      } else {
        lateMisses.early++;
        if (found) lateMisses.earlyFound++;
      }
    });
    return {
      vectorMode,
      modelLoadMs,
      documents: set.documents.length,
      chunks,
      units,
      indexS,
      embedMs,
      sets: { paraphrase, keyword },
      indexCache,
      lateMisses,
    };
  } finally {
    await d.close();
  }
}

function recallRows(r: RecallResult): GoalRow[] {
  const p = r.sets.paraphrase;
  const k = r.sets.keyword;
  const best = [...p.sweep].sort(
    (a, b) => b.scores.recall - a.scores.recall || b.scores.mrr - a.scores.mrr,
  )[0]!;
  const kwAt = (w: number) => k.sweep.find((x) => x.keywordWeight === w)!.scores;
  return [
    {
      measure: `paraphrases (${p.hybrid.n}): hybrid`,
      value: fmt(p.hybrid),
      baseline: `keyword-only ${fmt(p.keyword)}; vector-only ${fmt(p.vector)}`,
      goal: `≥ ${GOALS.hybridRecall}, ≥ keyword-only + ${GOALS.aboveKeyword}, ≥ vector-only`,
      verdict: verdict(
        p.hybrid.recall >= GOALS.hybridRecall &&
          p.hybrid.recall >= p.keyword.recall + GOALS.aboveKeyword &&
          p.hybrid.recall >= p.vector.recall,
      ),
    },
    { measure: `paraphrases: vector-only`, value: fmt(p.vector) },
    {
      measure: `paraphrases: keyword-only`,
      value: fmt(p.keyword),
      baseline: `today's full-text search: ${fmt(p.today)}`,
    },
    {
      measure: `keyword questions (${k.hybrid.n}): hybrid`,
      value: fmt(k.hybrid),
      baseline: `keyword-only ${fmt(k.keyword)}; vector-only ${fmt(k.vector)}; today's search ${fmt(k.today)}`,
      goal: "no loss against keyword-only",
      verdict: verdict(k.hybrid.recall >= k.keyword.recall),
    },
    {
      measure: `weight sweep: keyword weight ${best.keywordWeight} against vector 1 (RRF k = 60)`,
      value: `paraphrases ${fmt(best.scores)}; keyword questions ${fmt(kwAt(best.keywordWeight))}`,
      baseline: p.sweep
        .map(
          (x) =>
            `${x.keywordWeight}: ${x.scores.recall.toFixed(3)}/${kwAt(x.keywordWeight).recall.toFixed(3)}`,
        )
        .join(", "),
    },
    {
      measure: `indexing, offline embedder (${r.vectorMode}), ${r.documents} documents`,
      value: `${(r.chunks / r.indexS).toFixed(1)} chunks/s (${r.chunks} chunks, ${r.units} units embedded, in ${r.indexS.toFixed(0)} s)${
        r.indexCache?.hits
          ? `; ${r.indexCache.hits} of ${r.indexCache.hits + r.indexCache.misses} units read from the bench's embedding cache, so not the model's throughput`
          : ""
      }`,
      baseline: `model load ${(r.modelLoadMs / 1000).toFixed(1)} s; one question embedded: p50 ${ms(summarize(r.embedMs).p50)}, p95 ${ms(summarize(r.embedMs).p95)}`,
      goal: `≥ ${GOALS.chunksPerS} chunks/s`,
      verdict: r.indexCache?.hits ? "n/a" : verdict(r.chunks / r.indexS >= GOALS.chunksPerS),
    },
  ];
}

export default async function knowledge(ctx: BenchContext): Promise<BenchSection[]> {
  const core = await loadCore(ctx.root);
  const set = makeEvalSet();
  try {
    const r = await recall(ctx, core, set, ctx.quick ? QUICK_QUESTIONS : Infinity);
    const o = overlapStats(set.paraphrase);
    const ok = overlapStats(set.keyword);
    return [
      {
        id: "11",
        title: "Knowledge retrieval: recall by meaning, and indexing",
        rows: recallRows(r),
        details: [
          `Evaluation set: ${set.documents.length} documents, ${set.paraphrase.length} paraphrase and ${set.keyword.length} keyword questions; ${r.chunks} chunks.`,
          `Content-word overlap (Jaccard of non-stop-word stems, question against answer passage): paraphrases mean ${o.mean.toFixed(3)}, max ${o.max.toFixed(3)}, ${(o.zeroShare * 100).toFixed(0)} % share no word; keyword questions mean ${ok.mean.toFixed(3)}.`,
          `Paraphrases whose passage ends past the first ${EMBED_READS} characters of its document (title included): ${r.lateMisses.late}, of which vector-only found ${r.lateMisses.lateFound} in the top ${TOP}; the others: ${r.lateMisses.earlyFound}/${r.lateMisses.early}.`,
        ].join("\n\n"),
      },
    ];
  } finally {
    await core.local.stopLocalEmbedder();
  }
}

const NOTES_11 = `
**Build measured.** The product with the hubness correction (\`unit-density.ts\`: each unit keeps the
mean similarity of its ten nearest units among its owner's, computed as documents are indexed, and search
reranks the 200 nearest units by similarity less half that density, on PGlite read from the in-process
copy beside the vectors), with PGlite searched from the in-process index (\`memory-index.ts\`; below 4,000
units, as here, its first pass by sign bits is skipped and every unit is scored), on a quiet machine (load
average about 0.3 at the start). Paraphrases hybrid 0.785 (157 of 200, MRR 0.574), vector-only 0.795;
keyword questions hybrid 1.000. The keyword side of a hybrid search reads the chunks holding several of
the question's words (at least half of up to seven, two of eight to ten) and not those holding fewer (row
12); for a paraphrase those chunks are noise, and hybrid stays two paraphrases under vector-only. Against
plain cosine (commit 91735ae): paraphrases hybrid 0.610 → 0.785, vector-only 0.620 → 0.795; keyword
questions vector-only 0.880 → 0.900. **Indexing** runs as the indexing job does, two documents at a time,
and this run embedded with the model itself (it filled a new embedding cache): 532 chunks in 114 s, 4.7
chunks/s, against 2.6 one document at a time before the model's batches were sorted by length (a batch
is padded to its longest text). From the cache, the indexing code alone ran at 25.8 chunks/s in the
previous build. The model, not the indexing code, is what misses 20 chunks/s (see (3) below).

**Method.** The labelled set of \`bench/knowledge-eval/\` (520 generated documents on twenty topics: 200
hand-written facts, each planted as one paragraph of its own document among generated paragraphs of the
same topic, and 320 distractor documents sharing each topic's vocabulary; 200 paraphrased questions written
by hand, and 50 keyword questions made of the three rarest words of a passage; its unit test keeps the
labels and the overlap statistic honest). The documents are stored for one person on PGlite and indexed one
after another by the product's \`indexDocument\` with the offline embedder (Universal Sentence Encoder lite,
512 dimensions), each chunk as its paragraphs (windows of sentences up to 400 characters: the units
embedded), a chunk scoring as its best unit: the indexing row is those chunks over that time, model load
excluded, on this 2-core machine. Each question goes to \`searchKnowledge\` in each mode (limit ${LIMIT}); recall@${TOP} counts the labelled
document among the first ${TOP} distinct documents, MRR is the mean of 1/rank of that document (0 when absent).
"Today's full-text search" is the product's \`searchIndex\` over the same documents stored as passages, as
before chunks existed. The weight sweep fuses the product's own vector-only and keyword-only rankings
(${CANDIDATES} chunks each) in the bench by weighted reciprocal rank fusion (k = 60), vector weight 1 and the
keyword weight shown; each entry is paraphrase/keyword recall@${TOP}. With \`BENCH_EMBED_CACHE=<dir>\` the
bench hands the product an embedder that returns, for a text it has seen, the vector the model gave it
before (keyed by model id and SHA-256 of the text, kept as float64, so rankings are the model's own);
indexing, fusion and search are the product's code either way, and the indexing row says how many units
came from the cache. \`bench/knowledge-experiment.ts\` ranks the same cached vectors in memory to try an
idea on the whole set before it goes into the product; its figures below are marked as such.

**Why the misses, and what would meet them.** (1) Vector-only recall is the ceiling, and the misses
are the model's: each planted fact is a paragraph of its own, so its unit is exactly the answer, yet for
76 of the 200 paraphrases Universal Sentence Encoder lite ranks five other documents' units nearer the
question (33 of them outside the top 20). What outranks the answer is the generated text: units that are
close to many other units (each topic's template sentences) are close to every question of the topic.
Measured in memory on the same vectors, subtracting half of each unit's mean similarity to its ten
nearest units (a hubness correction) lifts vector-only recall@${TOP} to 0.770 (154/200) on the paraphrases
and 0.900 (45/50) on the keyword questions (a quarter: 0.695; the whole: 0.745). As the product applies
it (the averaged question, only the nearest 100, 200 or 400 units by plain cosine reranked), half gives
0.800 (160/200) and 0.900 (45/50) at any of those counts, 0.3 gives 0.760 and 0.7 gives 0.795: the
product keeps that density per unit (over its owner's units, computed as they are indexed) and reranks
the 200 nearest units (four per chunk wanted) by it. Even so 40 paraphrases stay outside the top ${TOP}:
the model puts other documents' units nearer, and 0.9 needs a stronger model or a reranker. Pseudo-relevance feedback (the question moved towards its three or ten best units)
lowers recall (0.530 at three units and weight 0.3, 0.350 at ten and 0.7): the best units are mostly
wrong ones. The question's content words alone give 0.585 in memory, their mean with the question as
asked 0.625, which is what the product now does. Sentence windows beside the paragraphs, and the title
joined to each unit, were not measured on the whole set (each needs thousands more embeddings: half an
hour at this load); on a 40-question subset the title cost recall (0.475 against 0.600). (2) Hybrid follows
vector-only because full-text search finds almost nothing for a paraphrase (keyword-only 0.055: the
questions share almost no word with their passage), and the fusion weighs a full-text hit holding under
half the question's words at nearly zero, so the keyword floor the previous build lacked is already near
nothing. It still loses two paraphrases whose short question has half its words in other chunks
(coverage 0.5, weight 0.25). The sweep shows no constant keyword weight serves both sets: weight 0 keeps
the paraphrases at the vector ranking's level and drops keyword questions to the vector ranking's 0.880;
only the coverage weighting keeps keyword questions at 1.000. Synonym expansion (WordNet) was not tried:
a synonym would count only where it lifts a chunk to half the question's words. (3) Indexing is bound by
the model (with cached vectors the code itself runs at 11 to 37 chunks/s, above). On one thread the model
costs about 10 ms a unit plus 0.1 ms a character (160 units of about 250 characters: 26 ms a unit in
batches of 16 sorted by length, 37 ms as they come), and a chunk is four and a half units: some 165 ms of
one core, so two cores cannot embed more than about 12 chunks/s with this model, and 20 chunks/s (90
units/s) is out of reach. As the product runs, the indexing code on the main thread shares the two cores
with the two model workers: 4.7 chunks/s here.
`;

export const NOTES: BenchNotes = { "11": NOTES_11 };
