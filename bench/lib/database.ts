// Opens the product's database layer (apps/server/src/db/client.ts, migrations applied) for a
// benchmark, on PostgreSQL in a database of its own or on PGlite in a temporary folder, with raw SQL
// beside the product's Drizzle handle. Whatever it creates is dropped or removed at close.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";

export type EngineKind = "postgres" | "pglite";

export interface BenchDatabase {
  kind: EngineKind;
  /** "PostgreSQL 15.20" or "PGlite 0.5.16 (PostgreSQL 17.5)". */
  label: string;
  /** The product's Drizzle database, to pass to the product's functions. */
  db: unknown;
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  /** One or more statements, no parameters. */
  exec(text: string): Promise<void>;
  /**
   * Runs `body` with `settings` (e.g. enable_bitmapscan = off) in force on every connection the
   * product's queries may use, then restores them.
   */
  withSettings<T>(settings: Record<string, string>, body: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

interface DbModule {
  openDatabase(
    target: { kind: "postgres"; url: string } | { kind: "pglite"; dataDir: string | null },
  ): Promise<{ db: unknown; close(): Promise<void> }>;
}

/** Loads a module of the server from source (tsx compiles it), so the bench measures what ships. */
export const serverModule = <T>(root: string, path: string) =>
  import(pathToFileURL(join(root, "apps/server/src", path)).href) as Promise<T>;

async function admin<T>(url: string, run: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await run(c);
  } finally {
    await c.end();
  }
}

export async function openBenchDatabase(
  root: string,
  kind: EngineKind,
  opts: { postgresUrl: string; name: string },
): Promise<BenchDatabase> {
  const server = await serverModule<DbModule>(root, "db/client.ts");
  if (kind === "postgres") {
    const name = `tessera_bench_${opts.name}_${randomBytes(4).toString("hex")}`;
    await admin(opts.postgresUrl, (c) => c.query(`create database ${name}`));
    const url = new URL(opts.postgresUrl);
    url.pathname = `/${name}`;
    // Raw SQL goes through a connection of its own, so session settings hold from one statement
    // to the next; the product's queries use the product's pool.
    const raw = new pg.Client({ connectionString: url.toString() });
    raw.on("error", () => undefined); // ended by the DROP below
    let handle: Awaited<ReturnType<DbModule["openDatabase"]>> | undefined;
    const drop = async () => {
      await raw.end().catch(() => undefined);
      await handle?.close().catch(() => undefined);
      await admin(opts.postgresUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
    };
    try {
      handle = await server.openDatabase({ kind: "postgres", url: url.toString() });
      await raw.connect();
      const version = (await raw.query<{ v: string }>("select current_setting('server_version') as v"))
        .rows[0]!.v;
      // Settings reach every pooled connection through the database's defaults: the pool's
      // connections are ended from outside, so the next checkout opens a fresh one that reads them.
      const others = "from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()";
      const applyToPool = async (statement: string) => {
        await raw.query(statement);
        await raw.query(`select pg_terminate_backend(pid) ${others}`);
        // pg_terminate_backend only signals: a query sent before the backend is gone fails with
        // "terminating connection due to administrator command". Wait until every one has exited,
        // then a moment for the pool to see its sockets close and drop those clients.
        for (let i = 0; i < 100; i++) {
          const [row] = (await raw.query<{ n: number }>(`select count(*)::int as n ${others}`)).rows;
          if (row?.n === 0) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        await new Promise((r) => setTimeout(r, 200));
      };
      return {
        kind,
        label: `PostgreSQL ${version.split(" ")[0]}`,
        db: handle.db,
        query: async <T>(text: string, params?: unknown[]) => (await raw.query(text, params)).rows as T[],
        exec: async (text) => void (await raw.query(text)),
        async withSettings(settings, body) {
          const list = Object.entries(settings);
          for (const [k, v] of list) {
            await applyToPool(`alter database ${name} set ${k} = ${v}`);
            await raw.query(`set ${k} = ${v}`);
          }
          try {
            return await body();
          } finally {
            for (const [k] of list) {
              await applyToPool(`alter database ${name} reset ${k}`);
              await raw.query(`reset ${k}`);
            }
          }
        },
        close: drop,
      };
    } catch (err) {
      await drop();
      throw err;
    }
  }
  const dir = mkdtempSync(join(tmpdir(), `tessera-bench-${opts.name}-`));
  try {
    const handle = await server.openDatabase({ kind: "pglite", dataDir: dir });
    type Client = {
      query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
      exec(text: string): Promise<unknown>;
    };
    const client = (handle.db as { $client: Client }).$client;
    const version = (await client.query<{ v: string }>("select current_setting('server_version') as v"))
      .rows[0]!.v;
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    const pkg = JSON.parse(readFileSync(join(dirname(entry), "../package.json"), "utf8")) as {
      version: string;
    };
    return {
      kind,
      label: `PGlite ${pkg.version} (PostgreSQL ${version.split(" ")[0]})`,
      db: handle.db,
      query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      exec: async (text) => void (await client.exec(text)),
      async withSettings(settings, body) {
        const list = Object.entries(settings);
        for (const [k, v] of list) await client.exec(`set ${k} = ${v}`);
        try {
          return await body();
        } finally {
          for (const [k] of list) await client.exec(`reset ${k}`);
        }
      },
      async close() {
        await handle.close().catch(() => undefined);
        rmSync(dir, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
}

export interface PlanNode {
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

export interface Explained {
  plan: PlanNode;
  ms: number;
}

/** EXPLAIN (ANALYZE, BUFFERS) of one statement, after one run to warm the cache. */
export async function explain(d: BenchDatabase, sql: string, params: unknown[]): Promise<Explained> {
  await d.query(sql, params);
  const rows = await d.query<{ "QUERY PLAN": unknown }>(
    `explain (analyze, buffers, format json) ${sql}`,
    params,
  );
  const raw = rows[0]!["QUERY PLAN"];
  const doc = (typeof raw === "string" ? JSON.parse(raw) : raw) as [
    { Plan: PlanNode; "Execution Time": number },
  ];
  return { plan: doc[0].Plan, ms: doc[0]["Execution Time"] };
}

/** The plan in one line: each node that touches a table or an index, outermost first. */
export function summarizePlan(node: PlanNode): string {
  const parts: string[] = [];
  const walk = (n: PlanNode) => {
    if (n["Relation Name"] || n["Index Name"]) {
      const on = n["Index Name"] ?? n["Relation Name"];
      const loops = n["Actual Loops"] > 1 ? ` ×${n["Actual Loops"]}` : "";
      const fetches = n["Heap Fetches"] !== undefined ? `, heap fetches ${n["Heap Fetches"]}` : "";
      const blocks = (n["Shared Hit Blocks"] ?? 0) + (n["Shared Read Blocks"] ?? 0);
      parts.push(
        `${n["Node Type"]} \`${on}\` (${n["Actual Rows"]} rows${loops}${fetches}, ${blocks} buffers)`,
      );
    }
    for (const c of n.Plans ?? []) walk(c);
  };
  walk(node);
  return `${node["Node Type"]} ← ${parts.join(" → ")}`;
}
