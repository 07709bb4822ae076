// Row 4: the dashboard's 30-day metrics (GET /api/dashboard/metrics) for one person among a million
// rows in each table it reads, on PostgreSQL and on PGlite. The product's own function and query
// builders (apps/server/src/features/dashboard/get-dashboard-metrics.ts) run against a database
// the product's migrations made; the baseline is the same call before the dashboard's indexes exist.
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

interface Query {
  toSQL(): { sql: string; params: unknown[] };
}
interface DashboardModule {
  metricsWindow(now: Date): unknown;
  metricsQueries(db: unknown, userId: string, window: unknown): Record<string, Query>;
  getDashboardMetrics(db: unknown, userId: string): Promise<{ totals: Record<string, number> }>;
}

/** The tables the metrics read. */
const TABLES = ["conversations", "messages", "searches", "generated_images", "generated_videos"];
/** Rows are spread over this many days, so about a sixth of them fall in the 30-day window. */
const HISTORY_DAYS = 180;
const HEAVY = "bench-heavy";
/** The dashboard's own indexes: what the baseline runs without. */
const OURS = /_user_created_idx$/;
const GOAL_MS: Record<EngineKind, number> = { postgres: 15, pglite: 100 };

interface Sizes {
  people: number;
  /** Rows per table, the heavy user's included. */
  rows: number;
  /** The heavy user's rows per table (its answers: one per conversation). */
  heavy: number;
  runs: number;
  baselineRuns: number;
  /** A baseline call that takes longer than this is stopped and reported as such. */
  baselineCapMs: number;
}

const FULL: Sizes = {
  people: 20_000,
  rows: 1_000_000,
  heavy: 20_000,
  runs: 60,
  baselineRuns: 3,
  baselineCapMs: 10_000,
};
const QUICK: Sizes = {
  people: 1_000,
  rows: 50_000,
  heavy: 2_000,
  runs: 15,
  baselineRuns: 2,
  baselineCapMs: 5_000,
};

const person = (n: string) => `'bench-u-' || ${n}`;

/**
 * Loads the fixture as a restore would: the tables' secondary indexes are dropped first (their
 * definitions returned, to be rebuilt later), foreign keys are not checked row by row (the fixture is
 * consistent by construction), and everything is made in SQL by generate_series.
 */
async function load(d: BenchDatabase, s: Sizes, log: (m: string) => void) {
  const indexes = await d.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
     where indrelid = any ('{${TABLES.join(",")}}'::regclass[]) and not indisprimary and not indisunique`,
  );
  for (const { name } of indexes) await d.exec(`drop index ${name}`);
  await d.exec("set session_replication_role = replica");
  await d.exec("select setseed(0.42)");
  const models = `(array['gpt-4o','gpt-4o','claude-sonnet','gemini-pro','guide','tessera-local','deepseek-v3',null])[1 + floor(random() * 8)::int]`;
  const when = `now() - random() * interval '${HISTORY_DAYS} days'`;
  const someone = person(`(1 + floor(random() * ${s.people}))::int`);
  const others = s.rows - s.heavy;
  const rows = (extra: string) =>
    `select ${someone} as u, ${when} as c${extra} from generate_series(1, ${others})
     union all select '${HEAVY}', ${when}${extra} from generate_series(1, ${s.heavy})`;
  const step = async (label: string, text: string) => {
    const t = performance.now();
    await d.exec(text);
    log(`${d.label}: ${label} in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  await step(
    `${s.people + 1} people`,
    `insert into "user" (id, name, email, email_verified)
     select ${person("g")}, 'Bench ' || g, ${person("g")} || '@bench.test', true from generate_series(1, ${s.people}) g
     union all select '${HEAVY}', 'Heavy', '${HEAVY}@bench.test', true`,
  );
  await step(
    `${s.rows} conversations`,
    `insert into conversations (user_id, title, model, created_at, updated_at)
     select u, 'Bench chat', ${models}, c, c from (${rows("")}) r`,
  );
  await step(
    `${s.rows} answers`,
    `insert into messages (conversation_id, user_id, role, content, model, tokens_used, cost, created_at)
     select id, user_id, 'assistant', 'Bench answer', model, 50 + floor(random() * 900)::int,
            case when model in ('guide', 'tessera-local') then 0 when random() < 0.2 then null else random() / 100 end,
            created_at + interval '3 seconds'
     from conversations`,
  );
  await step(
    `${s.rows} searches`,
    `insert into searches (user_id, query, provider, status, created_at)
     select u, 'bench query', 'local', 'complete', c from (${rows("")}) r`,
  );
  await step(
    `${s.rows} images (8 % failed, 2 % deleted)`,
    `insert into generated_images (user_id, prompt, status, created_at)
     select u, 'bench image', case when x < 0.08 then 'failed' when x < 0.1 then 'deleted' else 'completed' end, c
     from (${rows(", random() as x")}) r`,
  );
  await step(
    `${s.rows} videos`,
    `insert into generated_videos (user_id, created_at) select u, c from (${rows("")}) r`,
  );
  await d.exec("set session_replication_role = origin");
  // As autovacuum would have by now: statistics, and the visibility map index-only scans rely on.
  await step("vacuum analyze", `vacuum analyze ${TABLES.join(", ")}`);
  return indexes;
}

/**
 * Tokens and cost per model as the dashboard asked before messages carried their owner (b14e030):
 * one probe into each of the person's conversations in the window. The bench checks the product's
 * query gives the same figures on the same data.
 */
const MODELS_BEFORE = `
  select coalesce(nullif(c.model, ''), 'tessera-social') as model, count(*)::int as chats,
         coalesce(sum(a.tokens), 0)::bigint as tokens, coalesce(sum(a.cost), 0)::float8 as cost
  from conversations c
  left join lateral (
    select sum(m.tokens_used) as tokens, sum(m.cost) as cost from messages m
    where m.conversation_id = c.id and m.created_at > $2 and m.role = 'assistant'
  ) a on true
  where c.user_id = $1 and c.created_at > $2
  group by 1 order by 2 desc, 1`;

interface ModelRow {
  model: string;
  chats: number;
  tokens: number;
  cost: number;
}

/** Both queries' rows for one person in one window; throws where they differ. */
async function sameModels(d: BenchDatabase, m: DashboardModule, userId: string) {
  const window = m.metricsWindow(new Date()) as { since: Date };
  const now = (await (m.metricsQueries(d.db, userId, window).models as unknown as Promise<ModelRow[]>)).map(
    (r) => ({ ...r, tokens: Number(r.tokens), cost: Number(r.cost) }),
  );
  const before = (await d.query<ModelRow>(MODELS_BEFORE, [userId, window.since.toISOString()])).map((r) => ({
    ...r,
    tokens: Number(r.tokens),
    cost: Number(r.cost),
  }));
  // Costs are float sums, added in another order: equal to the last few bits.
  const differ =
    now.length !== before.length ||
    now.some((r, i) => {
      const b = before[i]!;
      return (
        r.model !== b.model ||
        r.chats !== b.chats ||
        r.tokens !== b.tokens ||
        Math.abs(r.cost - b.cost) > 1e-9 * Math.max(1, Math.abs(b.cost))
      );
    });
  if (differ)
    throw new Error(
      `${d.label}: per-model figures for ${userId} differ\n${JSON.stringify(now)}\n${JSON.stringify(before)}`,
    );
  return now.length;
}

interface Timed {
  times: number[];
  /** Calls stopped at the cap. */
  capped: number;
}

async function timeCalls(
  d: BenchDatabase,
  m: DashboardModule,
  users: string[],
  runs: number,
  capMs?: number,
): Promise<Timed> {
  const times: number[] = [];
  let capped = 0;
  const call = async (u: string) => {
    const t = performance.now();
    await m.getDashboardMetrics(d.db, u);
    return performance.now() - t;
  };
  await call(users[0]!); // warm-up, not counted
  for (let i = 0; i < runs; i++) {
    const u = users[i % users.length]!;
    if (capMs === undefined) {
      times.push(await call(u));
      continue;
    }
    try {
      times.push(await call(u));
    } catch (err) {
      if (!/statement timeout|canceling statement/i.test(String((err as Error).cause ?? err))) throw err;
      capped++;
      times.push(capMs);
    }
  }
  return { times, capped };
}

async function plans(d: BenchDatabase, m: DashboardModule, userId: string) {
  const queries = m.metricsQueries(d.db, userId, m.metricsWindow(new Date()));
  const lines = ["| query | plan (scans outermost first) | rows | ms |", "|---|---|---|---|"];
  for (const [name, q] of Object.entries(queries)) {
    const { sql, params } = q.toSQL();
    const e = await explain(d, sql, params);
    lines.push(`| ${name} | ${summarizePlan(e.plan)} | ${e.plan["Actual Rows"]} | ${e.ms.toFixed(2)} |`);
  }
  return lines.join("\n");
}

interface EngineResult {
  label: string;
  kind: EngineKind;
  loadS: number;
  typical: Timed;
  heavy: Timed;
  baseTypical: Timed;
  baseHeavy: Timed;
  window: { typical: number; heavy: number };
  plansTypical: string;
  plansHeavy: string;
}

async function runEngine(ctx: BenchContext, kind: EngineKind, s: Sizes): Promise<EngineResult> {
  const m = await serverModule<DashboardModule>(ctx.root, "features/dashboard/get-dashboard-metrics.ts");
  const d = await openBenchDatabase(ctx.root, kind, { postgresUrl: ctx.postgresUrl, name: "dashboard" });
  try {
    const started = performance.now();
    const indexes = await load(d, s, (m) => ctx.log(m));
    // The indexes that serve the dashboard are left out of the baseline; the others (the chat's
    // own, on messages and on conversations by last update) are there as in production.
    const ours = indexes.filter((i) => OURS.test(i.name));
    for (const { def } of indexes.filter((i) => !OURS.test(i.name))) await d.exec(def);
    await d.exec(`analyze ${TABLES.join(", ")}`);
    const loadS = (performance.now() - started) / 1000;
    // Typical people, one per call, so each call reads rows the previous one did not.
    const typicalUsers = Array.from({ length: 20 }, (_, i) => `bench-u-${1 + ((i * 7919) % s.people)}`);
    const cap = `'${s.baselineCapMs}ms'`;
    ctx.log(`${d.label}: baseline without ${ours.map((i) => i.name).join(", ")}`);
    const baseTypical = await d.withSettings({ statement_timeout: cap }, () =>
      timeCalls(d, m, typicalUsers, s.baselineRuns, s.baselineCapMs),
    );
    const baseHeavy = await d.withSettings({ statement_timeout: cap }, () =>
      timeCalls(d, m, [HEAVY], s.baselineRuns, s.baselineCapMs),
    );
    const t = performance.now();
    for (const { def } of ours) await d.exec(def);
    await d.exec(`analyze ${TABLES.join(", ")}`);
    ctx.log(`${d.label}: indexes built in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const typical = await timeCalls(d, m, typicalUsers, s.runs);
    const heavy = await timeCalls(d, m, [HEAVY], s.runs);
    const totals = async (u: string) => (await m.getDashboardMetrics(d.db, u)).totals.chats ?? 0;
    for (const u of [...typicalUsers.slice(0, 5), HEAVY]) await sameModels(d, m, u);
    ctx.log(`${d.label}: per-model figures equal to the query before messages carried their owner`);
    return {
      label: d.label,
      kind,
      loadS,
      typical,
      heavy,
      baseTypical,
      baseHeavy,
      window: { typical: await totals(typicalUsers[0]!), heavy: await totals(HEAVY) },
      plansTypical: await plans(d, m, typicalUsers[0]!),
      plansHeavy: await plans(d, m, HEAVY),
    };
  } finally {
    await d.close();
  }
}

function rows(r: EngineResult): GoalRow[] {
  const goal = GOAL_MS[r.kind];
  const fmt = (t: Timed) => {
    const { p50, p95 } = summarize(t.times);
    const cap = t.capped ? ` (${t.capped}/${t.times.length} stopped at the cap)` : "";
    return `p95 ${t.capped ? "≥ " : ""}${ms(p95)}, p50 ${ms(p50)}${cap}`;
  };
  const row = (who: string, t: Timed, base: Timed): GoalRow => {
    const p95 = summarize(t.times).p95;
    const ratio = summarize(base.times).p50 / summarize(t.times).p50;
    return {
      measure: `${r.label}: ${who}, whole metrics call (${t.times.length} calls)`,
      value: fmt(t),
      baseline: `${fmt(base)}; ${base.capped ? "≥ " : ""}${ratio.toFixed(0)}× slower at p50`,
      goal: `p95 ≤ ${goal} ms`,
      verdict: verdict(p95 <= goal),
    };
  };
  return [
    row(`typical person (~${r.window.typical} chats in 30 days)`, r.typical, r.baseTypical),
    row(`heavy person (${r.window.heavy} chats in 30 days)`, r.heavy, r.baseHeavy),
  ];
}

export default async function dashboard(ctx: BenchContext): Promise<BenchSection[]> {
  const s = ctx.quick ? QUICK : FULL;
  const results: EngineResult[] = [];
  for (const kind of ["postgres", "pglite"] as const) results.push(await runEngine(ctx, kind, s));
  const planNotes = results.flatMap((r) => [
    `**${r.label}**, loaded in ${r.loadS.toFixed(0)} s. EXPLAIN (ANALYZE, BUFFERS), warm, typical person:`,
    "",
    r.plansTypical,
    "",
    `Heavy person:`,
    "",
    r.plansHeavy,
    "",
  ]);
  return [
    {
      id: "4",
      title: "Dashboard metrics for one person among a million rows per table",
      rows: results.flatMap(rows),
      details: planNotes.join("\n"),
    },
  ];
}

const NOTES_4 = `
**Method.** Fixture: ${FULL.rows.toLocaleString("en")} rows in each of ${TABLES.join(", ")} (one answer per
conversation), ${FULL.people.toLocaleString("en")} people plus one heavy person with ${FULL.heavy.toLocaleString("en")} rows
per table, spread over ${HISTORY_DAYS} days (about a sixth in the 30-day window); 8 % of images failed and 2 %
deleted. It is loaded by \`generate_series\` as a restore would (secondary indexes dropped, then
\`VACUUM ANALYZE\`). The measured call is the product's \`getDashboardMetrics\` (eight queries; over the pool on
PostgreSQL, one after another on PGlite's single connection), a different typical person each call, after one
warm-up. Baseline: the same call in the same run before the dashboard's \`(user_id, created_at…)\` indexes are
built (the chat's own indexes stay; ${FULL.baselineRuns} calls, a statement stopped at ${FULL.baselineCapMs / 1000} s on
PostgreSQL). Below, each engine's load time and its queries' plans (\`EXPLAIN (ANALYZE, BUFFERS)\`, warm).
`;

export const NOTES: BenchNotes = { "4": NOTES_4 };
