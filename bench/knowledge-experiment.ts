// Trying retrieval-by-meaning ideas on the whole evaluation set without a database: the product's
// chunking and units, the offline embedder through the bench's embedding cache (BENCH_EMBED_CACHE),
// and vector-only ranking in memory (a chunk scores as its best unit). Not a figure for RESULTS.md:
// an idea that helps here is put in the product and measured by knowledge.ts.
// `BENCH_EMBED_CACHE=/tmp/cache npx tsx knowledge-experiment.ts`
import { resolve } from "node:path";
import { documentRank } from "./knowledge";
import { makeEvalSet, STOPWORDS, type EvalQuestion } from "./knowledge-eval/corpus";
import { serverModule } from "./lib/database";
import { cachedEmbedder } from "./lib/embed-cache";
import { loadCore } from "./lib/knowledge-core";

interface ChunkModule {
  chunkText(text: string): { text: string }[];
  embeddingUnits(text: string, maxChars?: number): string[];
}

const root = resolve(import.meta.dirname, "..");
const core = await loadCore(root);
const chunking = await serverModule<ChunkModule>(root, "knowledge/chunk-text.ts");
const embedder = cachedEmbedder(
  core.local.localEmbedder,
  process.env.BENCH_EMBED_CACHE ?? "/tmp/kb-embed-cache",
);
const set = makeEvalSet();

const dot = (a: number[], b: number[]) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const sentencesOf = (p: string) =>
  (p.match(/[^.!?]+(?:[.!?]+|$)\s*/g) ?? [p]).map((s) => s.trim()).filter(Boolean);

type UnitsOf = (title: string, chunk: string) => string[];
const variants: Record<string, UnitsOf> = {
  paragraphs: (_t, c) => chunking.embeddingUnits(c),
  "paragraphs+2-sentence windows": (_t, c) => [
    ...chunking.embeddingUnits(c),
    ...c.split(/\n{2,}/).flatMap((p) => {
      const s = sentencesOf(p);
      return s.length > 2 ? s.slice(0, -1).map((x, i) => `${x} ${s[i + 1]}`) : [];
    }),
  ],
  "paragraphs+sentences": (_t, c) => [
    ...chunking.embeddingUnits(c),
    ...c.split(/\n{2,}/).flatMap((p) => {
      const s = sentencesOf(p);
      return s.length > 1 ? s : [];
    }),
  ],
  "title+paragraphs": (t, c) => chunking.embeddingUnits(c).map((u) => `${t}\n${u}`),
};

const stripStop = (q: string) =>
  (q.match(/[\p{L}\p{N}']+/gu) ?? []).filter((w) => !STOPWORDS.has(w.toLowerCase())).join(" ");
const avg = (a: number[], b: number[]) => {
  const v = a.map((x, i) => x + b[i]!);
  const n = Math.sqrt(dot(v, v));
  return v.map((x) => x / n);
};

async function queryVectors(qs: EvalQuestion[]) {
  const raw = await embedder.embed(qs.map((q) => q.question));
  const stripped = await embedder.embed(qs.map((q) => stripStop(q.question)));
  return {
    raw,
    "no stop words": stripped,
    "average of both": raw.map((v, i) => avg(v, stripped[i]!)),
  } as Record<string, number[][]>;
}

const only = process.env.VARIANTS?.split(",");
const queries = { paraphrase: await queryVectors(set.paraphrase), keyword: await queryVectors(set.keyword) };

interface Unit {
  documentId: string;
  chunkId: string;
  text: string;
}
/** Recall@5 and MRR when each unit scores `scoreOf(query index, unit index)` and a chunk its best unit. */
function measure(qs: EvalQuestion[], units: Unit[], scores: (i: number) => Float64Array) {
  let found = 0;
  let rr = 0;
  qs.forEach((q, i) => {
    const s = scores(i);
    const best = new Map<string, { documentId: string; s: number }>();
    units.forEach((u, j) => {
      const b = best.get(u.chunkId);
      if (!b || s[j]! > b.s) best.set(u.chunkId, { documentId: u.documentId, s: s[j]! });
    });
    const r = documentRank(
      [...best.values()].sort((a, b) => b.s - a.s),
      q.documentId,
    );
    if (r > 0 && r <= 5) found++;
    if (r > 0) rr += 1 / r;
  });
  return `recall@5 ${(found / qs.length).toFixed(3)} (${found}/${qs.length}) MRR ${(rr / qs.length).toFixed(3)}`;
}
const cosines = (q: number[], vectors: number[][]) => Float64Array.from(vectors, (v) => dot(q, v));

for (const [name, unitsOf] of Object.entries(variants)) {
  if (only && !only.includes(name)) continue;
  const units: Unit[] = [];
  for (const doc of set.documents)
    chunking.chunkText(doc.content).forEach((c, k) => {
      for (const text of unitsOf(doc.title, c.text))
        units.push({ documentId: doc.id, chunkId: `${doc.id}/${k}`, text });
    });
  const t = performance.now();
  const vectors = await embedder.embed(units.map((u) => u.text));
  const tookS = (performance.now() - t) / 1000;
  console.log(
    `\n${name}: ${units.length} units (embedding ${tookS.toFixed(0)} s, cache ${JSON.stringify(embedder.stats)})`,
  );
  for (const which of ["paraphrase", "keyword"] as const) {
    const qs = which === "paraphrase" ? set.paraphrase : set.keyword;
    for (const [qname, qv] of Object.entries(queries[which]))
      console.log(`  ${which}/${qname}: ${measure(qs, units, (i) => cosines(qv[i]!, vectors))}`);
  }
  if (name !== "paragraphs") continue;
  // Pseudo-relevance feedback: the question moved towards its best units, then asked again.
  for (const k of [3, 10])
    for (const alpha of [0.3, 0.7])
      for (const which of ["paraphrase", "keyword"] as const) {
        const qs = which === "paraphrase" ? set.paraphrase : set.keyword;
        const qv = queries[which].raw!;
        const line = measure(qs, units, (i) => {
          const first = cosines(qv[i]!, vectors);
          const top = [...first.keys()].sort((a, b) => first[b]! - first[a]!).slice(0, k);
          const moved = qv[i]!.map((x, d) => x + (alpha * top.reduce((s, j) => s + vectors[j]![d]!, 0)) / k);
          const n = Math.sqrt(dot(moved, moved));
          return cosines(
            moved.map((x) => x / n),
            vectors,
          );
        });
        console.log(`  PRF k=${k} alpha=${alpha} ${which}: ${line}`);
      }
  // Hubness: a unit much like many others (generated text, boilerplate) is near every question.
  const K = 10;
  const density = new Float64Array(units.length);
  for (let j = 0; j < units.length; j++) {
    const s = cosines(vectors[j]!, vectors);
    s[j] = -1;
    density[j] =
      [...s]
        .sort((a, b) => b - a)
        .slice(0, K)
        .reduce((a, b) => a + b, 0) / K;
  }
  for (const beta of [0.25, 0.5, 1])
    for (const which of ["paraphrase", "keyword"] as const) {
      const qs = which === "paraphrase" ? set.paraphrase : set.keyword;
      const qv = queries[which].raw!;
      const line = measure(qs, units, (i) => cosines(qv[i]!, vectors).map((c, j) => c - beta * density[j]!));
      console.log(`  hubness beta=${beta} ${which}: ${line}`);
    }
  // As the product does it: the averaged question, and only the units nearest it by plain cosine
  // reranked (what an index hands back); the others keep their plain cosine, far below.
  for (const candidates of [100, 200, 400])
    for (const beta of [0.3, 0.5, 0.7])
      for (const which of ["paraphrase", "keyword"] as const) {
        const qs = which === "paraphrase" ? set.paraphrase : set.keyword;
        const qv = queries[which]["average of both"]!;
        const line = measure(qs, units, (i) => {
          const raw = cosines(qv[i]!, vectors);
          const near = [...raw.keys()].sort((a, b) => raw[b]! - raw[a]!).slice(0, candidates);
          const out = new Float64Array(raw.length).fill(-Infinity);
          for (const j of near) out[j] = raw[j]! - beta * density[j]!;
          return out;
        });
        console.log(`  hubness averaged question, ${candidates} units, beta=${beta} ${which}: ${line}`);
      }
}
await core.local.stopLocalEmbedder();
