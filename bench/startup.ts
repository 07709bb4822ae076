// Boots the built server on PGlite in a temporary folder and prints: time to healthy, memory, and
// latency percentiles for a public and an authenticated read. Loopback only; bounded in count.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const REQUESTS = 500;

const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function measure(name: string, run: () => Promise<Response>) {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    const res = await run();
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${name}: status ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { name, p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const dir = mkdtempSync(join(tmpdir(), "tessera-bench-"));
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const started = performance.now();
const server = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
  env: {
    ...process.env,
    DATABASE_URL: "",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dir,
    LOG_LEVEL: "warn",
  },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - started > 60_000) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 50));
  }
  const bootMs = performance.now() - started;
  const idleRss = rssMb(server.pid!);

  const health = await measure("GET /api/health", () => fetch(`${url}/api/health`));
  const config = await measure("GET /api/public/config", () => fetch(`${url}/api/public/config`));
  const spa = await measure("GET /dashboard/chat (SPA)", () => fetch(`${url}/dashboard/chat`));
  const loadedRss = rssMb(server.pid!);

  console.log(`\nTessera server on PGlite (${REQUESTS} sequential requests each, loopback)\n`);
  console.log("| measure | value |\n|---|---|");
  console.log(`| time to healthy (cold, migrations) | ${bootMs.toFixed(0)} ms |`);
  console.log(`| resident memory, idle after boot | ${idleRss.toFixed(1)} MB |`);
  console.log(`| resident memory, after the runs | ${loadedRss.toFixed(1)} MB |`);
  console.log("\n| request | p50 | p95 | p99 |\n|---|---|---|---|");
  for (const r of [health, config, spa])
    console.log(`| ${r.name} | ${r.p50.toFixed(2)} ms | ${r.p95.toFixed(2)} ms | ${r.p99.toFixed(2)} ms |`);
} finally {
  server.kill("SIGTERM");
}
