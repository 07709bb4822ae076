// Two builds of the server side by side, for a change too small to see across runs on a noisy machine:
// both run at once on the same database engine and loopback upstream, and one client asks them for
// answers in turn (B then A, A then B, and so on), one at a time, so that whatever the machine is doing hits both.
// Not part of `npm run bench`. Usage, from bench/ (a build is a bundle the way the README describes):
//   A_ENTRY=../apps/server/dist/base/main.js B_ENTRY=../apps/server/dist/main.js \
//     npx tsx ab-chat.ts postgres|pglite [answers each, default 300]
// BENCH_NODE_ARGS applies to both servers (say, --cpu-prof --cpu-prof-dir=/tmp/prof).
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { signUpAndIn } from "./lib/account";
import { cpuMs, startServer, type RunningServer } from "./lib/server";
import { newAgent, streamOnce } from "./lib/sse-client";
import { benchModel, startUpstream } from "./lib/upstream";

const db = (process.argv[2] ?? "postgres") as "postgres" | "pglite";
const n = Number(process.argv[3] ?? 300);
const entries = { a: process.env.A_ENTRY, b: process.env.B_ENTRY };
if (!entries.a || !entries.b || !["postgres", "pglite"].includes(db)) {
  console.error("usage: A_ENTRY=… B_ENTRY=… npx tsx ab-chat.ts postgres|pglite [answers]");
  process.exit(2);
}
const model = benchModel(10, 5);
const upstream = await startUpstream();
const root = resolve(import.meta.dirname, "..");
async function boot(entry: string, who: string) {
  process.env.BENCH_SERVER_ENTRY = entry;
  const server = await startServer({
    root,
    db,
    env: {
      LOG_LEVEL: "info",
      OPENAI_BASE_URL: upstream.url,
      OPENAI_API_KEY: "sk-bench",
      OPENAI_MODELS: model,
      RATE_LIMIT_CHAT: "1000000",
      RATE_LIMIT_SIGN_UP: "1000",
      RATE_LIMIT_SIGN_IN: "1000",
    },
  });
  const token = await signUpAndIn(server, `ab-${who}-${db}@example.com`);
  return { server, token, agent: newAgent(), ttft: [] as number[], cpu: 0 };
}
const a = await boot(entries.a, "a");
const b = await boot(entries.b, "b");
const one = (s: { server: RunningServer; token: string; agent: ReturnType<typeof newAgent> }) =>
  streamOnce({
    url: `${s.server.url}/api/chat-stream`,
    body: { message: "Count to ten.", model: `local/${model}`, clientMessageId: randomUUID() },
    headers: { authorization: `Bearer ${s.token}` },
    agent: s.agent,
    format: "tessera",
  });
for (let i = 0; i < 30; i++) {
  await one(a);
  await one(b);
}
const ca = cpuMs(a.server.pid);
const cb = cpuMs(b.server.pid);
for (let i = 0; i < n; i++) {
  for (const s of i % 2 ? [a, b] : [b, a]) {
    const r = await one(s);
    if (r.status !== 200 || r.end !== "complete") throw new Error(`an answer ended ${r.end} (${r.status})`);
    s.ttft.push(r.firstChunkMs);
  }
}
a.cpu = (cpuMs(a.server.pid) - ca) / n;
b.cpu = (cpuMs(b.server.pid) - cb) / n;
const q = (xs: number[], p: number) =>
  ([...xs].sort((x, y) => x - y)[Math.floor(xs.length * p)] ?? NaN).toFixed(2);
for (const [name, s] of [
  ["A", a],
  ["B", b],
] as const)
  console.log(
    `${db} ${name}: cpu/answer ${s.cpu.toFixed(2)} ms, ttft p25 ${q(s.ttft, 0.25)} p50 ${q(s.ttft, 0.5)} p90 ${q(s.ttft, 0.9)} ms`,
  );
await a.server.stop();
await b.server.stop();
await upstream.stop();
