// Times the product's indexDocument alone over the evaluation set's documents, with vectors that cost
// nothing to make: the bench's embedding cache (BENCH_EMBED_CACHE, filled by a knowledge run) or, without
// it, vectors derived from a hash of each text; BENCH_EMBED=model uses the offline model itself.
// `npx tsx profile-index.ts pglite|postgres [documents] [documents at once]` (the job queue indexes
// two at once); add node's --cpu-prof to see where the time goes. Row 11's notes cite it.
import { createHash, randomUUID } from "node:crypto";
import { makeEvalSet } from "./knowledge-eval/corpus";
import { openBenchDatabase } from "./lib/database";
import { cachedEmbedder } from "./lib/embed-cache";
import { indexInLanes, insertUsers, loadCore, READER, type Deps, type Embedder } from "./lib/knowledge-core";
import { BENCH_POSTGRES_URL } from "./lib/server";
import { resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const kind = (process.argv[2] ?? "pglite") as "pglite" | "postgres";
const n = Number(process.argv[3] ?? 100);
const lanes = Number(process.argv[4] ?? 1);
const core = await loadCore(root);
if (process.env.EMBEDDING_WORKERS)
  core.local.configureLocalEmbedder({ maxWorkers: Number(process.env.EMBEDDING_WORKERS) });
const set = makeEvalSet();
const fake: Embedder = {
  id: "fake-512",
  dims: 512,
  embed(texts) {
    const vectors = texts.map((t) => {
      const out: number[] = [];
      let h = createHash("sha256").update(t).digest();
      while (out.length < 512) {
        for (const b of h) out.push(b / 255 - 0.5);
        h = createHash("sha256").update(h).digest();
      }
      const v = out.slice(0, 512);
      const norm = Math.hypot(...v);
      return v.map((x) => x / norm);
    });
    return Promise.resolve(vectors);
  },
};
const embedder =
  process.env.BENCH_EMBED === "model"
    ? core.local.localEmbedder
    : process.env.BENCH_EMBED_CACHE
      ? cachedEmbedder(core.local.localEmbedder, process.env.BENCH_EMBED_CACHE)
      : fake;
const d = await openBenchDatabase(root, kind, { postgresUrl: BENCH_POSTGRES_URL, name: "kbprof" });
try {
  const mode = await core.store.prepareVectorStore(d.db, [512], { inProcess: kind === "pglite" });
  const deps: Deps = { db: d.db, embedders: core.hybrid.onlyEmbedder(embedder) };
  await insertUsers(d);
  const docs = set.documents.slice(0, n);
  const uuid = new Map(docs.map((doc) => [doc.id, randomUUID()]));
  await d.query(
    `insert into documents (id, user_id, title, content)
     select id, $2, title, content from unnest($1::uuid[], $3::text[], $4::text[]) as t(id, title, content)`,
    [docs.map((x) => uuid.get(x.id)), READER, docs.map((x) => x.title), docs.map((x) => x.content)],
  );
  const t = performance.now();
  let lastT = t;
  const chunks = await indexInLanes(
    core,
    deps,
    docs.map((doc) => uuid.get(doc.id)!),
    lanes,
    (done) => {
      if (done % 50 !== 0) return;
      const now = performance.now();
      console.log(`  ${done} docs, last 50 in ${((now - lastT) / 1000).toFixed(1)} s`);
      lastT = now;
    },
  );
  const s = (performance.now() - t) / 1000;
  const [u] = await d.query<{ n: number }>("select count(*)::int as n from knowledge_vectors");
  const [nd] = await d.query<{ n: number }>(
    "select count(*)::int as n from knowledge_vectors where density is null",
  );
  console.log(
    `${kind} (${mode}) ${docs.length} docs, ${lanes} at once, ${chunks} chunks ${u?.n} units in ${s.toFixed(1)} s: ${(chunks / s).toFixed(1)} chunks/s; null densities ${nd?.n}`,
  );
  if (process.env.DUMP_DENSITY) {
    const rows = await d.query<{ chunk_id: string; unit: number; density: number }>(
      "select v.chunk_id::text, v.unit, v.density, c.document_id::text, c.ordinal from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id",
    );
    const { writeFileSync } = await import("node:fs");
    writeFileSync(process.env.DUMP_DENSITY, JSON.stringify(rows));
  }
} finally {
  await d.close();
  await core.local.stopLocalEmbedder();
}
