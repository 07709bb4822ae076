// Row 5: local search over a corpus of 100,000 documents, on PostgreSQL and on PGlite. The corpus is
// generated text with a Zipf vocabulary, stored as the product stores a person's documents (the
// document, then its passages as the product splits them, indexed by the migrations' tsvector and
// GIN index); the product's own search function (apps/server/src/knowledge/search-index.ts) answers
// known-answer and multi-term queries, and the same calls forced to a sequential scan are the baseline.
import { randomUUID } from "node:crypto";
import type { BenchContext, BenchNotes, BenchSection, GoalRow } from "./lib/report";
import { verdict } from "./lib/report";
import {
  explain,
  openBenchDatabase,
  serverModule,
  summarizePlan,
  type BenchDatabase,
  type EngineKind,
} from "./lib/database";
import { ms, summarize } from "./lib/stats";

interface SearchModule {
  searchIndex(
    db: unknown,
    query: string,
    opts: { userId: string; limit: number },
  ): Promise<{ url: string; title: string; snippet: string }[]>;
}
interface SplitModule {
  splitPassages(text: string, size?: number): string[];
}

const READER = "bench-reader";
/** Someone else, whose documents hold copies of the planted facts and must never be returned. */
const OTHER = "bench-other";
const GOAL_P95_MS = 40;
const GOAL_RECALL = 0.9;

interface Sizes {
  documents: number;
  otherDocuments: number;
  facts: number;
  multiTerm: number;
  /** Queries timed for the sequential-scan baseline (a subset of the above). */
  baselineQueries: number;
}
export const FULL: Sizes = {
  documents: 100_000,
  otherDocuments: 2_000,
  facts: 150,
  multiTerm: 150,
  baselineQueries: 20,
};
export const QUICK: Sizes = {
  documents: 5_000,
  otherDocuments: 200,
  facts: 50,
  multiTerm: 50,
  baselineQueries: 10,
};

/** A small seeded generator (mulberry32), so every run makes the same corpus. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** English's most frequent words head the distribution; full-text search drops them as stop words. */
const STOP = (
  "the of and to a in is it you that he was for on are with as his they be at one have this from or had by " +
  "but some what there we can out other were all your when up use how said an each she which do their if " +
  "will way about many then them would so these her him has more could been into than its who may down"
).split(" ");
const SYLLABLES = (
  "ka lo mi ne ru sa te vo da fe gi ho ju ke la me no pa qui re si to un va we xe yo za bra cle dri " +
  "fro gla pre sta tri pho chi sha the lin mar tor ven del cor pan sel dun"
).split(" ");

/** A Zipf-distributed vocabulary (s = 1.05): stop words first, then made-up content words. */
function vocabulary(rand: () => number, size: number) {
  const words = [...STOP];
  const seen = new Set(words);
  while (words.length < size) {
    const n = 2 + Math.floor(rand() * 3);
    let w = "";
    for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(rand() * SYLLABLES.length)];
    if (!seen.has(w)) {
      seen.add(w);
      words.push(w);
    }
  }
  const cumulative = new Float64Array(size);
  let total = 0;
  for (let r = 0; r < size; r++) cumulative[r] = total += 1 / Math.pow(r + 1, 1.05);
  const draw = () => {
    const x = rand() * total;
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return words[lo]!;
  };
  return { words, draw };
}

interface Corpus {
  docs: { id: string; userId: string; title: string; content: string }[];
  /** Keyword queries whose answer is one known document of the reader's. */
  facts: { query: string; docId: string }[];
  multiTerm: string[];
}

export function makeCorpus(s: Sizes): Corpus {
  const rand = random(42);
  const vocab = vocabulary(rand, 50_000);
  const pick = (from: number, to: number) => vocab.words[from + Math.floor(rand() * (to - from))]!;
  const sentence = () => {
    const n = 6 + Math.floor(rand() * 14);
    const w = Array.from({ length: n }, vocab.draw);
    return `${w[0]![0]!.toUpperCase()}${w.join(" ").slice(1)}.`;
  };
  const body = () => {
    // Lengths vary from a note to a few pages: most documents are one passage, some several.
    const words = Math.round(10 + 15 * Math.exp(rand() * 2.2));
    const paragraphs: string[] = [];
    let count = 0;
    while (count < words) {
      const p: string[] = [];
      for (let k = 2 + Math.floor(rand() * 4); k > 0 && count < words; k--) {
        const t = sentence();
        count += t.split(" ").length;
        p.push(t);
      }
      paragraphs.push(p.join(" "));
    }
    return paragraphs;
  };
  const title = () => {
    const t = Array.from({ length: 2 + Math.floor(rand() * 4) }, () => pick(STOP.length, 8_000)).join(" ");
    return t[0]!.toUpperCase() + t.slice(1);
  };
  const docs: Corpus["docs"] = [];
  const paragraphsOf: string[][] = [];
  for (let i = 0; i < s.documents; i++) {
    paragraphsOf.push(body());
    docs.push({ id: randomUUID(), userId: READER, title: title(), content: "" });
  }
  // Facts: a sentence of two rare words (each in a few dozen documents) and three of middling
  // frequency, planted in one document of the reader's, and a copy in someone else's.
  const facts: Corpus["facts"] = [];
  const others: Corpus["docs"] = [];
  const planted = new Set<number>();
  while (facts.length < s.facts) {
    const at = Math.floor(rand() * s.documents);
    if (planted.has(at)) continue;
    planted.add(at);
    const [r1, r2, m1, m2, m3] = [
      pick(20_000, 50_000),
      pick(20_000, 50_000),
      pick(200, 3_000),
      pick(200, 3_000),
      pick(200, 3_000),
    ];
    const fact = `The ${r1} ${r2} of the ${m1} was ${m2} ${m3}.`;
    const paragraphs = paragraphsOf[at]!;
    const where = Math.floor(rand() * paragraphs.length);
    paragraphs[where] = `${paragraphs[where]} ${fact}`;
    facts.push({ query: `${r1} ${r2} of the ${m1} ${m2}`, docId: docs[at]!.id });
    if (others.length < s.otherDocuments)
      others.push({
        id: randomUUID(),
        userId: OTHER,
        title: title(),
        content: `${body().join("\n\n")} ${fact}`,
      });
  }
  docs.forEach((d, i) => (d.content = paragraphsOf[i]!.join("\n\n")));
  while (others.length < s.otherDocuments)
    others.push({ id: randomUUID(), userId: OTHER, title: title(), content: body().join("\n\n") });
  // Multi-term queries as people type them: two to five content words, common and rare, with the
  // odd stop word.
  const multiTerm = Array.from({ length: s.multiTerm }, () => {
    const n = 2 + Math.floor(rand() * 4);
    const terms = Array.from({ length: n }, () => {
      for (;;) {
        const w = vocab.draw();
        if (!STOP.includes(w) || rand() < 0.2) return w;
      }
    });
    return terms.join(" ");
  });
  return { docs: [...docs, ...others], facts, multiTerm };
}

export async function load(d: BenchDatabase, corpus: Corpus, split: SplitModule, log: (m: string) => void) {
  const started = performance.now();
  await d.exec(`insert into "user" (id, name, email, email_verified) values
    ('${READER}', 'Reader', 'reader@bench.test', true), ('${OTHER}', 'Other', 'other@bench.test', true)`);
  // As a restore would: the secondary indexes are built after the rows are in.
  const indexes = await d.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
     where indrelid = 'knowledge_passages'::regclass and not indisprimary and not indisunique`,
  );
  for (const { name } of indexes) await d.exec(`drop index ${name}`);
  let passages = 0;
  const BATCH = 2_000;
  for (let i = 0; i < corpus.docs.length; i += BATCH) {
    const batch = corpus.docs.slice(i, i + BATCH);
    await d.query(
      `insert into documents (id, user_id, title, content)
       select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
      [
        batch.map((b) => b.id),
        batch.map((b) => b.userId),
        batch.map((b) => b.title),
        batch.map((b) => b.content),
      ],
    );
    // What createDocument stores for each document (features/documents/documents.ts).
    const rows: [string, string, string, string, string][] = [];
    for (const doc of batch) {
      const parts = split.splitPassages(doc.content);
      parts.forEach((text, k) =>
        rows.push([
          doc.userId,
          doc.id,
          parts.length > 1 ? `${doc.title} (part ${k + 1})` : doc.title,
          `/dashboard/documents/${doc.id}`,
          text,
        ]),
      );
    }
    passages += rows.length;
    await d.query(
      `insert into knowledge_passages (kind, user_id, document_id, title, url, content)
       select 'document', * from unnest($1::text[], $2::uuid[], $3::text[], $4::text[], $5::text[])`,
      [0, 1, 2, 3, 4].map((c) => rows.map((r) => r[c])),
    );
  }
  log(
    `${d.label}: ${corpus.docs.length} documents, ${passages} passages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const t = performance.now();
  await d.exec("set maintenance_work_mem = '256MB'");
  for (const { def } of indexes) await d.exec(def);
  await d.exec("vacuum analyze documents, knowledge_passages");
  log(`${d.label}: indexes and vacuum analyze in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const [{ mb }] = (await d.query<{ mb: string }>(
    "select (pg_total_relation_size('knowledge_passages') / 1048576)::int::text as mb",
  )) as [{ mb: string }];
  return { passages, loadS: (performance.now() - started) / 1000, tableMb: Number(mb) };
}

interface Run {
  times: number[];
  /** Known-answer queries whose document was among the top 10. */
  found: number;
  /** Results from someone else's documents (must be 0). */
  leaked: number;
}

async function runQueries(
  d: BenchDatabase,
  m: SearchModule,
  queries: { query: string; docId?: string }[],
  otherIds: Set<string>,
): Promise<Run> {
  const run: Run = { times: [], found: 0, leaked: 0 };
  await m.searchIndex(d.db, queries[0]!.query, { userId: READER, limit: 10 }); // warm-up
  for (const q of queries) {
    const t = performance.now();
    const results = await m.searchIndex(d.db, q.query, { userId: READER, limit: 10 });
    run.times.push(performance.now() - t);
    const ids = results.map((r) => r.url.slice("/dashboard/documents/".length));
    if (q.docId && ids.includes(q.docId)) run.found++;
    run.leaked += ids.filter((id) => otherIds.has(id)).length;
  }
  return run;
}

interface EngineResult {
  label: string;
  kind: EngineKind;
  passages: number;
  loadS: number;
  tableMb: number;
  facts: Run;
  multi: Run;
  baseline: Run;
  baselineIndexed: Run;
  plans: string;
}

/** The statements searchIndex sends for one query, captured by wrapping its Drizzle session. */
async function productSql(d: BenchDatabase, m: SearchModule, query: string) {
  const seen: { sql: string; params: unknown[] }[] = [];
  const db = d.db as { session: { prepareQuery: (...a: unknown[]) => unknown } };
  const original = db.session.prepareQuery.bind(db.session);
  db.session.prepareQuery = (...a: unknown[]) => {
    seen.push(a[0] as { sql: string; params: unknown[] });
    return original(...a);
  };
  try {
    await m.searchIndex(d.db, query, { userId: READER, limit: 10 });
  } finally {
    db.session.prepareQuery = original;
  }
  return seen;
}

/** What a statement does, in a few words: its text up to the WHERE. */
const statementLabel = (sql: string) =>
  sql
    .replace(/\s+/g, " ")
    .replace(/ where .*/, "")
    .replace(/"knowledge_passages"\./g, "")
    .slice(0, 70);

async function runEngine(
  ctx: BenchContext,
  kind: EngineKind,
  s: Sizes,
  corpus: Corpus,
): Promise<EngineResult> {
  const m = await serverModule<SearchModule>(ctx.root, "knowledge/search-index.ts");
  const split = await serverModule<SplitModule>(ctx.root, "features/documents/split-passages.ts");
  const d = await openBenchDatabase(ctx.root, kind, { postgresUrl: ctx.postgresUrl, name: "search" });
  try {
    const loaded = await load(d, corpus, split, (m) => ctx.log(m));
    const otherIds = new Set(corpus.docs.filter((x) => x.userId === OTHER).map((x) => x.id));
    const facts = await runQueries(d, m, corpus.facts, otherIds);
    const multi = await runQueries(
      d,
      m,
      corpus.multiTerm.map((query) => ({ query })),
      otherIds,
    );
    // The baseline: the same calls with index and bitmap scans off, i.e. a sequential scan.
    const half = Math.ceil(s.baselineQueries / 2);
    const subset = [
      ...corpus.facts.slice(0, half),
      ...corpus.multiTerm.slice(0, half).map((query) => ({ query })),
    ];
    const baselineIndexed = await runQueries(d, m, subset, otherIds);
    const baseline = await d.withSettings({ enable_indexscan: "off", enable_bitmapscan: "off" }, () =>
      runQueries(d, m, subset, otherIds),
    );
    ctx.log(`${d.label}: queries done`);
    const lines = ["| statement | plan | rows | ms |", "|---|---|---|---|"];
    const examples: [string, string][] = [
      ["known answer", corpus.facts[0]!.query],
      ["multi-term", corpus.multiTerm.find((q) => q.split(" ").length >= 4) ?? corpus.multiTerm[0]!],
    ];
    for (const [label, q] of examples) {
      lines.push(`| **${label}: “${q}”** | | | |`);
      for (const { sql, params } of await productSql(d, m, q)) {
        const e = await explain(d, sql, params);
        const seq = await d.withSettings({ enable_indexscan: "off", enable_bitmapscan: "off" }, () =>
          explain(d, sql, params),
        );
        const tier = sql.includes("@@ $1::tsquery") ? ` @@ ${String(params[0]).slice(0, 60)}` : "";
        lines.push(
          `| \`${statementLabel(sql)}${tier}…\` | ${summarizePlan(e.plan)} | ${e.plan["Actual Rows"]} | ${e.ms.toFixed(1)} (sequential scan: ${seq.ms.toFixed(1)}) |`,
        );
      }
    }
    return {
      label: d.label,
      kind,
      ...loaded,
      facts,
      multi,
      baseline,
      baselineIndexed,
      plans: lines.join("\n"),
    };
  } finally {
    await d.close();
  }
}

function rows(r: EngineResult, s: Sizes): GoalRow[] {
  const all = [...r.facts.times, ...r.multi.times];
  const p95 = summarize(all).p95;
  const recall = r.facts.found / s.facts;
  const lat = (t: number[]) => `p95 ${ms(summarize(t).p95)}, p50 ${ms(summarize(t).p50)}`;
  const ratio = summarize(r.baseline.times).p50 / summarize(r.baselineIndexed.times).p50;
  return [
    {
      measure: `${r.label}: search, all ${all.length} queries (top 10)`,
      value: lat(all),
      baseline: `${lat(r.baseline.times)} over ${r.baseline.times.length} of them (indexed: ${lat(r.baselineIndexed.times)}); ${ratio.toFixed(1)}× slower at p50`,
      goal: `p95 ≤ ${GOAL_P95_MS} ms`,
      verdict: verdict(p95 <= GOAL_P95_MS),
    },
    {
      measure: `${r.label}: known-answer queries (${s.facts})`,
      value: lat(r.facts.times),
    },
    {
      measure: `${r.label}: multi-term queries (${s.multiTerm})`,
      value: lat(r.multi.times),
    },
    {
      measure: `${r.label}: top-10 recall, known answers`,
      value: `${recall.toFixed(3)} (${r.facts.found}/${s.facts}); others' documents returned: ${r.facts.leaked + r.multi.leaked}`,
      baseline: `${(r.baseline.found / Math.ceil(s.baselineQueries / 2)).toFixed(3)} on the sequential scan`,
      goal: `≥ ${GOAL_RECALL}`,
      verdict: verdict(recall >= GOAL_RECALL && r.facts.leaked + r.multi.leaked === 0),
    },
  ];
}

export default async function search(ctx: BenchContext): Promise<BenchSection[]> {
  const s = ctx.quick ? QUICK : FULL;
  const t = performance.now();
  const corpus = makeCorpus(s);
  ctx.log(`corpus generated in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  const results: EngineResult[] = [];
  for (const kind of ["postgres", "pglite"] as const) results.push(await runEngine(ctx, kind, s, corpus));
  const chars = corpus.docs.reduce((n, x) => n + x.content.length, 0);
  return [
    {
      id: "5",
      title: "Local search over 100,000 documents",
      rows: results.flatMap((r) => rows(r, s)),
      details: [
        `Corpus: ${(chars / 1e6).toFixed(0)} M characters.`,
        "",
        ...results.flatMap((r) => [
          `**${r.label}**: ${r.passages.toLocaleString("en")} passages, ${r.tableMb} MB with indexes, loaded in ${r.loadS.toFixed(0)} s. EXPLAIN (ANALYZE, BUFFERS), warm:`,
          "",
          r.plans,
          "",
        ]),
      ].join("\n"),
    },
  ];
}

const NOTES_5 = `
**Method.** Corpus: ${FULL.documents.toLocaleString("en")} documents of the searching person plus
${FULL.otherDocuments.toLocaleString("en")} of someone else's, generated from a seeded Zipf vocabulary (s = 1.05; English
stop words head it, then 50,000 made-up words), 25 to 145 words each (about 60 on average) in sentences and
paragraphs. Each is stored as the product stores a document: the document row, then its passages as
\`splitPassages\` cuts them (\`knowledge_passages\`, the migrations' tsvector column and GIN index), loaded in
batches and indexed after, then \`VACUUM ANALYZE\`. The measured call is the product's \`searchIndex\` (limit 10),
one query at a time after a warm-up. Known-answer queries: ${FULL.facts} facts (two rare words and three of middling
frequency in one sentence) planted in one document each, with a copy in the other person's documents; the query
is the fact's keywords, and recall counts the planted document among the 10 results. Multi-term queries: two to
five words drawn from the same distribution. Baseline: a subset of the same calls with \`enable_indexscan\` and
\`enable_bitmapscan\` off (a sequential scan), timed beside the indexed calls. \`searchIndex\` ranks at most 100
passages of the strictest step that fills the page (every word, then any two, then any one), so its cost does
not follow the query's commonest word. Below, each engine's index size, load time and plans.
`;

export const NOTES: BenchNotes = { "5": NOTES_5 };
