// Starts the built server (apps/server/dist/main.js) for a benchmark, on PGlite in a fresh folder
// or on a fresh database of the PostgreSQL server, and stops it. Loopback only.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";

/** The PostgreSQL server the benchmarks make their databases on: `BENCH_DATABASE_URL`, or the local one. */
export const BENCH_POSTGRES_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/** CPU time (user + system) a process has used so far, in milliseconds (10 ms resolution). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export interface RunningServer {
  url: string;
  pid: number;
  child: ChildProcess;
  /** Milliseconds from spawn to the first healthy /api/health. */
  bootMs: number;
  /** The next JSON log line (stdout) that `match` accepts; the server must log at that level. */
  waitForLog(
    match: (line: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<Record<string, unknown>>;
  stop(): Promise<void>;
}

export interface StartOptions {
  root: string;
  db: "pglite" | "postgres";
  /** Server for db "postgres": a fresh database is made on it and dropped at stop. */
  postgresUrl?: string;
  env?: Record<string, string>;
  /** Extra node flags, e.g. ["--cpu-prof", "--cpu-prof-dir=…"]. */
  nodeArgs?: string[];
  /** The server bundle to run; default: `serverEntry(root)`. */
  entry?: string;
  /** A DATA_DIR to reuse (a restart on existing data); kept at stop. Default: a fresh one, removed. */
  dataDir?: string;
}

/**
 * The server bundle to run: the build, or another one named by BENCH_SERVER_ENTRY (say, an older
 * commit's build, to compare before and after in one run).
 */
export const serverEntry = (root: string) =>
  process.env.BENCH_SERVER_ENTRY ?? join(root, "apps/server/dist/main.js");

/** Node flags for every server a run starts (BENCH_NODE_ARGS, space-separated), to compare flags. */
const benchNodeArgs = () => (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);

async function withAdmin<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

export async function startServer(opts: StartOptions): Promise<RunningServer> {
  const dir = opts.dataDir ?? mkdtempSync(join(tmpdir(), "tessera-bench-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let databaseUrl = "";
  let dbName = "";
  if (opts.db === "postgres") {
    const base = opts.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/test";
    dbName = `tessera_bench_${process.pid}_${port}`;
    await withAdmin(base, (c) => c.query(`CREATE DATABASE ${dbName}`));
    const u = new URL(base);
    u.pathname = `/${dbName}`;
    databaseUrl = u.toString();
  }
  const started = performance.now();
  const child = spawn(
    process.execPath,
    [...benchNodeArgs(), ...(opts.nodeArgs ?? []), opts.entry ?? serverEntry(opts.root)],
    {
      env: {
        PATH: process.env.PATH ?? "",
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: url,
        DATA_DIR: dir,
        LOG_LEVEL: "warn",
        ...opts.env,
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  // Log lines are read only while someone waits for one; the pipe is always drained.
  const waiters = new Set<(line: Record<string, unknown>) => boolean>();
  let partial = "";
  child.stdout.setEncoding("utf8");
  child.stdout.on("data", (text: string) => {
    if (waiters.size === 0) return void (partial = "");
    const lines = (partial + text).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(line) as Record<string, unknown>;
      } catch {
        continue; // the banner, or the tail of a line cut before anyone waited
      }
      for (const w of waiters) if (w(parsed)) waiters.delete(w);
    }
  });
  const waitForLog: RunningServer["waitForLog"] = (match, timeoutMs = 10_000) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        reject(new Error("the expected log line did not come"));
      }, timeoutMs);
      const waiter = (line: Record<string, unknown>) => {
        if (!match(line)) return false;
        clearTimeout(timer);
        resolve(line);
        return true;
      };
      waiters.add(waiter);
    });
  const exited = new Promise<void>((done) => child.once("exit", () => done()));
  const cleanup = async () => {
    if (!opts.dataDir) rmSync(dir, { recursive: true, force: true });
    if (dbName)
      await withAdmin(opts.postgresUrl ?? "postgres://postgres@127.0.0.1:5432/test", (c) =>
        c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`),
      );
  };
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null || performance.now() - started > 60_000) {
      child.kill("SIGKILL");
      await cleanup();
      throw new Error("the server did not become healthy");
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const bootMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    child,
    bootMs,
    waitForLog,
    async stop() {
      if (child.exitCode === null) {
        child.kill("SIGTERM");
        const t = setTimeout(() => child.kill("SIGKILL"), 15_000);
        await exited;
        clearTimeout(t);
      }
      await cleanup();
    },
  };
}
