// Row 8 of the benchmark table: cold start to healthy, on PGlite (a fresh data folder: the database
// is unpacked from the dump the build ships, then migrated and seeded) and on PostgreSQL (a fresh,
// empty database), medians over several cold starts; a PGlite restart on existing data beside it;
// idle memory after each start; and the latency of a few cheap requests as a floor for everything
// else. Loopback only; bounded in count.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BenchContext, BenchNotes, BenchSection, GoalRow } from "./lib/report";
import { verdict } from "./lib/report";
import { rssBytes, startServer, type StartOptions } from "./lib/server";
import { mb, median, ms, summarize } from "./lib/stats";

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

export interface Boot {
  bootMs: number;
  idleRss: number;
}

/** Starts a server, waits a second at rest, reads its resident size and stops it. */
export async function boot(opts: StartOptions): Promise<Boot> {
  const server = await startServer(opts);
  try {
    await sleep(1_000);
    return { bootMs: server.bootMs, idleRss: rssBytes(server.pid) };
  } finally {
    await server.stop();
  }
}

async function latencies(ctx: BenchContext, requests: number): Promise<GoalRow[]> {
  const server = await startServer({ root: ctx.root, db: "pglite" });
  try {
    const rows: GoalRow[] = [];
    for (const [name, path] of [
      ["GET /api/health", "/api/health"],
      ["GET /api/public/config", "/api/public/config"],
      ["GET /dashboard/chat (the app's HTML)", "/dashboard/chat"],
    ] as const) {
      const times: number[] = [];
      for (let i = 0; i < requests; i++) {
        const t = performance.now();
        const res = await fetch(`${server.url}${path}`);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${path}: status ${res.status}`);
        times.push(performance.now() - t);
      }
      const s = summarize(times.slice(10));
      rows.push({ measure: `${name}, PGlite, p50 / p99 (n = ${s.n})`, value: `${ms(s.p50)} / ${ms(s.p99)}` });
    }
    return rows;
  } finally {
    await server.stop();
  }
}

export default async function startup(ctx: BenchContext): Promise<BenchSection[]> {
  const starts = ctx.quick ? 2 : 5;
  const cold: Record<"pglite" | "postgres", Boot[]> = { pglite: [], postgres: [] };
  const warm: Boot[] = [];
  // Alternating the databases spreads the machine's changing load over both.
  for (let i = 0; i < starts; i++) {
    ctx.log(`cold start ${i + 1} of ${starts} on PGlite, then PostgreSQL`);
    const dataDir = mkdtempSync(join(tmpdir(), "tessera-bench-"));
    try {
      cold.pglite.push(await boot({ root: ctx.root, db: "pglite", dataDir }));
      warm.push(await boot({ root: ctx.root, db: "pglite", dataDir }));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    cold.postgres.push(await boot({ root: ctx.root, db: "postgres", postgresUrl: ctx.postgresUrl }));
  }
  const bootOf = (b: Boot[]) => median(b.map((x) => x.bootMs));
  const rssOf = (b: Boot[]) => median(b.map((x) => x.idleRss));
  const spread = (b: Boot[]) =>
    `${starts} starts: ${b.map((x) => (x.bootMs / 1000).toFixed(2)).join(", ")} s; idle RSS ${mb(rssOf(b))}`;
  const rows: GoalRow[] = [
    {
      measure: "cold start to healthy, PGlite (new data folder), median",
      value: ms(bootOf(cold.pglite)),
      baseline: spread(cold.pglite),
      goal: "≤ 5 s",
      verdict: verdict(bootOf(cold.pglite) <= 5_000),
    },
    {
      measure: "cold start to healthy, PostgreSQL (empty database), median",
      value: ms(bootOf(cold.postgres)),
      baseline: spread(cold.postgres),
      goal: "≤ 1.5 s",
      verdict: verdict(bootOf(cold.postgres) <= 1_500),
    },
    {
      measure: "restart to healthy, PGlite (existing data), median",
      value: ms(bootOf(warm)),
      baseline: spread(warm),
    },
    ...(await latencies(ctx, ctx.quick ? 100 : 500)),
  ];
  return [{ id: "8", title: "Cold start to healthy", rows }];
}

const NOTES_8 = `
**Method.** \`startServer\` (bench/lib/server.ts) spawns the built server and polls \`/api/health\` every 10 ms; the
time runs from spawn to the first 200, so it holds Node's start, loading the bundle (\`dist/main.js\`, the server
and the packages it loads at every start in one file), opening the database, migrations and seeding. PGlite
starts in a new data folder (a first start unpacks \`dist/pglite-seed.tar.gz\`, a database with every migration
applied, instead of running initdb) and again on that folder (a restart); PostgreSQL starts on a new, empty
database of the local server. Idle RSS is read from /proc one second after healthy. The request latencies are
sequential, on loopback, after 10 warm-up requests.
`;

export const NOTES: BenchNotes = { "8": NOTES_8 };
