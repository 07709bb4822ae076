// Two builds of the server side by side, for a change too small to see across runs on a noisy machine:
// both run at once on the same database engine and loopback upstream, and one client asks them for
// answers in turn (B then A, A then B, and so on), one at a time, so that whatever the machine is doing hits both.
// Not part of `npm run bench`. Usage, from bench/ (a build is a bundle the way the README describes):
//   A_ENTRY=../apps/server/dist/base/main.js B_ENTRY=../apps/server/dist/main.js \
//     npx tsx ab-chat.ts postgres|pglite [answers each, default 300]
// BENCH_NODE_ARGS applies to both servers (say, --cpu-prof --cpu-prof-dir=/tmp/prof).
import { resolve } from "node:path";
import { BENCH_POSTGRES_URL, cpuMs, type RunningServer } from "./lib/server";
import { newAgent } from "./lib/sse-client";
import { percentile } from "./lib/stats";
import { startUpstream } from "./lib/upstream";
import { firstChunkMs, tessera, withServer, type Db, type Target } from "./stream";

const db = (process.argv[2] ?? "postgres") as Db;
const n = Number(process.argv[3] ?? 300);
const { A_ENTRY, B_ENTRY } = process.env;
if (!A_ENTRY || !B_ENTRY || !["postgres", "pglite"].includes(db)) {
  console.error("usage: A_ENTRY=… B_ENTRY=… npx tsx ab-chat.ts postgres|pglite [answers]");
  process.exit(2);
}
const ctx = {
  root: resolve(import.meta.dirname, ".."),
  postgresUrl: BENCH_POSTGRES_URL,
};

interface Side {
  name: string;
  server: RunningServer;
  target: Target;
  agent: ReturnType<typeof newAgent>;
  ttft: number[];
}
const side = (name: string, server: RunningServer, token: string): Side => ({
  name,
  server,
  target: tessera(server, token),
  agent: newAgent(),
  ttft: [],
});
const answer = (s: Side) => firstChunkMs(s.target, s.agent, s.name);

const upstream = await startUpstream();
try {
  await withServer(
    ctx,
    db,
    upstream,
    (serverA, tokenA) =>
      withServer(
        ctx,
        db,
        upstream,
        async (serverB, tokenB) => {
          const a = side("A", serverA, tokenA);
          const b = side("B", serverB, tokenB);
          for (let i = 0; i < 30; i++) for (const s of [a, b]) await answer(s);
          const cpuBefore = [a, b].map((s) => cpuMs(s.server.pid));
          for (let i = 0; i < n; i++) for (const s of i % 2 ? [a, b] : [b, a]) s.ttft.push(await answer(s));
          for (const [k, s] of [a, b].entries()) {
            const cpu = (cpuMs(s.server.pid) - cpuBefore[k]!) / n;
            const at = (p: number) => percentile(s.ttft, p).toFixed(2);
            console.log(
              `${db} ${s.name}: cpu/answer ${cpu.toFixed(2)} ms, ttft p25 ${at(25)} p50 ${at(50)} p90 ${at(90)} ms`,
            );
          }
        },
        B_ENTRY,
      ),
    A_ENTRY,
  );
} finally {
  await upstream.stop();
}
