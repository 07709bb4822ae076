// How row 1's one-at-a-time time to first token depends on how long the processes idled before the
// request. In `npm run bench` the client alternates the two targets, so the upstream has just streamed
// an answer when the direct request comes, while Tessera has idled through that answer (about 50 ms).
// Here each side gets the same pause before every request: a settling request, then ten, each after
// the pause, the sides in turn and their order swapped every round. Beside it, a one-byte round trip
// between two processes over loopback TCP after the same pause: what an idle hop costs on the machine,
// with nothing of Tessera's in it.
// Not part of `npm run bench`. Usage, from bench/ (the server built as the README describes):
//   npx tsx idle-gap.ts postgres|pglite [pauses in ms, default 0,2,10,50,200] [rounds, default 8]
import { resolve } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { startEcho } from "./lib/echo";
import { BENCH_POSTGRES_URL } from "./lib/server";
import { newAgent } from "./lib/sse-client";
import { percentile } from "./lib/stats";
import { startUpstream } from "./lib/upstream";
import { direct, firstChunkMs, tessera, withServer, type Db } from "./stream";

const db = (process.argv[2] ?? "postgres") as Db;
const pauses = (process.argv[3] ?? "0,2,10,50,200").split(",").map(Number);
const rounds = Number(process.argv[4] ?? 8);
if (!["postgres", "pglite"].includes(db) || pauses.some((p) => !(p >= 0)) || !(rounds >= 1)) {
  console.error("usage: npx tsx idle-gap.ts postgres|pglite [pauses in ms, as 0,10,50] [rounds]");
  process.exit(2);
}
const ctx = {
  root: resolve(import.meta.dirname, ".."),
  postgresUrl: BENCH_POSTGRES_URL,
};
const PER_PAUSE = 10;

const upstream = await startUpstream();
const echo = await startEcho();
try {
  await withServer(ctx, db, upstream, async (server, token) => {
    /** Samples by pause. */
    const byPause = () => new Map(pauses.map((pause) => [pause, [] as number[]]));
    const sides = [
      { name: "direct", target: direct(upstream), agent: newAgent(), ttft: byPause() },
      { name: "Tessera", target: tessera(server, token), agent: newAgent(), ttft: byPause() },
    ];
    const answer = (s: (typeof sides)[number]) => firstChunkMs(s.target, s.agent, s.name);
    for (let i = 0; i < 50; i++) for (const s of sides) await answer(s);
    for (let round = 0; round < rounds; round++)
      for (const pause of pauses)
        for (const s of round % 2 ? [...sides].reverse() : sides) {
          await sleep(pause);
          await answer(s);
          for (let i = 0; i < PER_PAUSE; i++) {
            await sleep(pause);
            s.ttft.get(pause)!.push(await answer(s));
          }
        }
    const rtt = byPause();
    for (let round = 0; round < rounds; round++)
      for (const pause of pauses)
        for (let i = 0; i < PER_PAUSE; i++) {
          await sleep(pause);
          rtt.get(pause)!.push(await echo.ping());
        }
    console.log(`\n${db}, ${rounds * PER_PAUSE} answers a side per pause (TTFT p50, ms; echo p50, µs)\n`);
    console.log("| pause before each | direct | via Tessera | added | loopback echo |");
    console.log("|---|---|---|---|---|");
    for (const pause of pauses) {
      const [d, t] = sides.map((s) => percentile(s.ttft.get(pause)!, 50)) as [number, number];
      const echoUs = Math.round(percentile(rtt.get(pause)!, 50) * 1000);
      console.log(`| ${pause} ms | ${d.toFixed(2)} | ${t.toFixed(2)} | ${(t - d).toFixed(2)} | ${echoUs} |`);
    }
    for (const s of sides) s.agent.destroy();
  });
} finally {
  await echo.stop();
  await upstream.stop();
}
