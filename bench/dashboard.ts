// The dashboard's metrics queries at scale: loads a large fixture (1.5 million conversations across
// 20,000 people, plus their answers, searches, images and videos) into a database of its own on the
// PostgreSQL server, then runs EXPLAIN (ANALYZE, BUFFERS) of the server's own queries (built by
// apps/server/src/features/dashboard) for a typical and a heavy user, and times the whole call.
// The database is created for the run and dropped afterwards; nothing else on the server is touched.
import { randomBytes } from "node:crypto";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

const root = resolve(import.meta.dirname, "..");
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const PEOPLE = Math.round(20_000 * SCALE);
const CONVERSATIONS = Math.round(1_500_000 * SCALE);
const SEARCHES = Math.round(1_000_000 * SCALE);
const IMAGES = Math.round(400_000 * SCALE);
const VIDEOS = Math.round(50_000 * SCALE);
/** Rows are spread over this many days, so about a sixth of them fall in the 30-day window. */
const HISTORY_DAYS = 180;
const TYPICAL = "bench-u-42";
const HEAVY = "bench-heavy";
const RUNS = 20;

// The server's modules are loaded at run time (tsx compiles them), so this package's type-check
// stays within bench/; these are the few shapes used here.
interface Query {
  toSQL(): { sql: string; params: unknown[] };
}
interface ServerModules {
  openDatabase(target: { kind: "postgres"; url: string }): Promise<{ db: unknown; close(): Promise<void> }>;
  metricsWindow(now: Date): unknown;
  metricsQueries(db: unknown, userId: string, window: unknown): Record<string, Query>;
  getDashboardMetrics(db: unknown, userId: string): Promise<{ totals: Record<string, number> }>;
}
const serverModule = (path: string) =>
  import(pathToFileURL(join(root, "apps/server/src", path)).href) as Promise<Partial<ServerModules>>;

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows": number;
  "Actual Loops": number;
  "Heap Fetches"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}

/** The plan's scan nodes, outermost first: what touches a table or an index. */
function scans(node: PlanNode, out: PlanNode[] = []): PlanNode[] {
  if (node["Relation Name"] || node["Index Name"]) out.push(node);
  for (const child of node.Plans ?? []) scans(child, out);
  return out;
}

function describeScan(n: PlanNode): string {
  const on = n["Index Name"] ?? n["Relation Name"];
  const loops = n["Actual Loops"] > 1 ? ` ×${n["Actual Loops"]} loops` : "";
  const fetches = n["Heap Fetches"] !== undefined ? `, heap fetches ${n["Heap Fetches"]}` : "";
  return `${n["Node Type"]} (${on}): ${n["Actual Rows"]} rows${loops}${fetches}`;
}

async function load(client: pg.Client, userId: (n: string) => string) {
  const step = async (label: string, text: string) => {
    const t = performance.now();
    const res = await client.query(text);
    console.log(`  ${label}: ${res.rowCount ?? 0} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const models = `(array['gpt-4o','gpt-4o','claude-sonnet','gemini-pro','guide','tessera-local','deepseek-v3',null])[1 + floor(random() * 8)::int]`;
  const when = `now() - random() * interval '${HISTORY_DAYS} days'`;
  const someone = userId(`(1 + floor(random() * ${PEOPLE}))::int`);
  // A bulk load, as a restore would do it: the secondary indexes the migrations made are dropped
  // and rebuilt afterwards from their own definitions, and foreign keys are not checked row by row
  // (the fixture is consistent by construction).
  const indexes = await client.query<{ name: string; def: string }>(
    `select indexrelid::regclass::text as name, pg_get_indexdef(indexrelid) as def from pg_index
     where indrelid = any ('{conversations,messages,searches,generated_images,generated_videos}'::regclass[])
       and not indisprimary and not indisunique`,
  );
  for (const { name } of indexes.rows) await client.query(`drop index ${name}`);
  await client.query("set session_replication_role = replica");
  await client.query("select setseed(0.42)");
  await step(
    "people",
    `insert into "user" (id, name, email, email_verified)
     select ${userId("g")}, 'Bench ' || g, ${userId("g")} || '@bench.test', true from generate_series(1, ${PEOPLE}) g
     union all select '${HEAVY}', 'Heavy', '${HEAVY}@bench.test', true`,
  );
  await step(
    "conversations",
    `insert into conversations (user_id, title, model, created_at, updated_at)
     select u, 'Bench chat', ${models}, c, c from (
       select ${someone} as u, ${when} as c from generate_series(1, ${CONVERSATIONS})
       union all select '${HEAVY}', ${when} from generate_series(1, 20000)
     ) s`,
  );
  await step(
    "answers (one per conversation)",
    `insert into messages (conversation_id, role, content, model, tokens_used, cost, created_at)
     select id, 'assistant', 'Bench answer', model, 50 + floor(random() * 900)::int,
            case when model in ('guide', 'tessera-local') then 0 when random() < 0.2 then null else random() / 100 end,
            created_at + interval '3 seconds'
     from conversations`,
  );
  await step(
    "searches",
    `insert into searches (user_id, query, provider, status, created_at)
     select u, 'bench query', 'local', 'complete', c from (
       select ${someone} as u, ${when} as c from generate_series(1, ${SEARCHES})
       union all select '${HEAVY}', ${when} from generate_series(1, 10000)
     ) s`,
  );
  await step(
    "images (1 in 10 failed)",
    `insert into generated_images (user_id, prompt, status, created_at)
     select u, 'bench image', case when random() < 0.1 then 'failed' else 'complete' end, c from (
       select ${someone} as u, ${when} as c from generate_series(1, ${IMAGES})
       union all select '${HEAVY}', ${when} from generate_series(1, 2000)
     ) s`,
  );
  await step(
    "videos",
    `insert into generated_videos (user_id, created_at)
     select ${someone}, ${when} from generate_series(1, ${VIDEOS})
     union all select '${HEAVY}', ${when} from generate_series(1, 200)`,
  );
  await client.query("set session_replication_role = origin");
  const t = performance.now();
  for (const { def } of indexes.rows) await client.query(def);
  const names = indexes.rows.map((i) => i.name).join(", ");
  console.log(`  indexes rebuilt (${names}) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  // As autovacuum would have by now: statistics, and the visibility map index-only scans rely on.
  await step("vacuum analyze", "vacuum analyze");
}

async function explainAll(client: pg.Client, server: ServerModules, db: unknown, userId: string) {
  const queries = server.metricsQueries(db, userId, server.metricsWindow(new Date()));
  console.log(`\n### ${userId}\n`);
  console.log("| query | top node | scans (outermost first) | result rows | ms |\n|---|---|---|---|---|");
  for (const [name, query] of Object.entries(queries)) {
    const { sql, params } = query.toSQL();
    await client.query(sql, params); // warm the cache: the table shows a warm run
    const res = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode; "Execution Time": number }] }>(
      `explain (analyze, buffers, format json) ${sql}`,
      params,
    );
    const [{ Plan: plan, "Execution Time": ms }] = res.rows[0]!["QUERY PLAN"];
    const path = scans(plan).map(describeScan).join("<br>");
    console.log(`| ${name} | ${plan["Node Type"]} | ${path} | ${plan["Actual Rows"]} | ${ms.toFixed(2)} |`);
  }
  const times: number[] = [];
  let totals: Record<string, number> = {};
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    totals = (await server.getDashboardMetrics(db, userId)).totals;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(
    `\nWhole metrics call (8 queries over one pool), ${RUNS} runs: p50 ${times[RUNS / 2]!.toFixed(1)} ms, ` +
      `max ${times.at(-1)!.toFixed(1)} ms; totals ${JSON.stringify(totals)}`,
  );
}

const name = `tessera_bench_dashboard_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`create database ${name}`);
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
let closeDb: (() => Promise<void>) | undefined;
const client = new pg.Client({ connectionString: url.toString() });
try {
  const server = {
    ...(await serverModule("db/client.ts")),
    ...(await serverModule("features/dashboard/get-dashboard-metrics.ts")),
  } as ServerModules;
  const handle = await server.openDatabase({ kind: "postgres", url: url.toString() });
  closeDb = () => handle.close();
  await client.connect();
  const version = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
    .rows[0]!.v;
  console.log(`PostgreSQL ${version}, database ${name} (dropped at the end)`);
  const started = performance.now();
  console.log("Loading the fixture:");
  await load(client, (n) => `'bench-u-' || ${n}`);
  console.log(`Loaded in ${((performance.now() - started) / 1000).toFixed(0)} s.`);
  const sizes: string[] = [];
  for (const table of ["conversations", "messages", "searches", "generated_images", "generated_videos"]) {
    const { n } = (await client.query<{ n: string }>(`select count(*)::text as n from ${table}`)).rows[0]!;
    sizes.push(`${table} ${Number(n).toLocaleString("en")}`);
  }
  console.log(`Rows: ${sizes.join(", ")}`);
  await explainAll(client, server, handle.db, TYPICAL);
  await explainAll(client, server, handle.db, HEAVY);
} finally {
  await client.end().catch(() => undefined);
  await closeDb?.();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
}
