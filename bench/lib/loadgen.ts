// The load generator for held streams, in a process of its own so its sockets and buffers never count
// towards the server's memory or share its CPU time slice. The parent asks it, over IPC, to open
// `count` chat streams as fast as the server takes them (within `rampMs`), to report how they are doing, and to close them all.
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { isChild } from "./child-server";
import { newAgent, streamOnce, type StreamResult } from "./sse-client";

export interface HoldStatus {
  /** Streams that delivered their first chunk. */
  opened: number;
  /** Requests refused or failed. */
  failed: number;
  /** Streams that ended before they were closed on purpose (a drop), by how they ended. */
  ended: Record<string, number>;
  /** Open streams whose last chunk came within `freshMs`. */
  flowing: number;
  chunks: number;
  /** Time to first chunk of each opened stream, ms. */
  firstChunkMs: number[];
  /** This process's own resident memory, bytes. */
  rss: number;
}

export interface HoldPlan {
  url: string;
  token: string;
  model: string;
  count: number;
  /** Streams waiting for their first chunk at once, at most: they open as fast as the server takes them. */
  pending: number;
  /** Stop opening after this long, however many are open. */
  rampMs: number;
}

export interface LoadGenerator {
  pid: number;
  open(plan: HoldPlan): Promise<void>;
  status(freshMs: number): Promise<HoldStatus>;
  /** Aborts every stream and ends the process. */
  close(): Promise<void>;
}

export function startLoadGenerator(): Promise<LoadGenerator> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ["--import", "tsx"],
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const ask = <T>(message: unknown) =>
    new Promise<T>((resolve) => {
      child.once("message", (m) => resolve(m as T));
      child.send(message as object);
    });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("message", () =>
      resolve({
        pid: child.pid!,
        open: (plan) => ask<void>({ type: "open", plan }),
        status: (freshMs) => ask<HoldStatus>({ type: "status", freshMs }),
        close: async () => {
          const exited = new Promise<void>((done) => child.once("exit", () => done()));
          child.send({ type: "close" });
          await exited;
        },
      }),
    );
  });
}

function run() {
  const agent = newAgent();
  const streams: { openedAt: number; lastChunkAt: number; result?: StreamResult; abort: AbortController }[] =
    [];
  let closing = false;
  let chunks = 0;
  const firstChunkMs: number[] = [];
  const statusOf = (freshMs: number): HoldStatus => {
    const now = performance.now();
    const ended: Record<string, number> = {};
    let opened = 0;
    let failed = 0;
    let flowing = 0;
    for (const s of streams) {
      const r = s.result;
      if (r && (r.end === "failed" || r.status !== 200)) failed++;
      if (r && r.status === 200) ended[r.end] = (ended[r.end] ?? 0) + 1;
      if (s.lastChunkAt > s.openedAt) opened++;
      if (!r && s.lastChunkAt > s.openedAt && now - s.lastChunkAt <= freshMs) flowing++;
    }
    return { opened, failed, ended, flowing, chunks, firstChunkMs, rss: process.memoryUsage.rss() };
  };
  process.on("message", (m: { type: string; plan?: HoldPlan; freshMs?: number }) => {
    if (m.type === "open") {
      const plan = m.plan!;
      const started = performance.now();
      const timer = setInterval(() => {
        const late = performance.now() - started > plan.rampMs;
        let waiting = streams.filter((x) => x.lastChunkAt === x.openedAt && !x.result).length;
        while (!late && streams.length < plan.count && waiting++ < plan.pending) {
          const now = performance.now();
          const s: (typeof streams)[number] = {
            openedAt: now,
            lastChunkAt: now,
            abort: new AbortController(),
          };
          streams.push(s);
          void streamOnce({
            url: `${plan.url}/api/chat-stream`,
            body: { message: "Count slowly, please.", model: plan.model },
            headers: { authorization: `Bearer ${plan.token}` },
            agent,
            format: "tessera",
            signal: s.abort.signal,
            onChunk: () => {
              const at = performance.now();
              if (s.lastChunkAt === s.openedAt) firstChunkMs.push(at - s.openedAt);
              chunks++;
              s.lastChunkAt = at;
            },
          }).then((r) => {
            if (!closing) s.result = r;
          });
        }
        if (late || (streams.length >= plan.count && waiting === 0)) {
          clearInterval(timer);
          process.send!({ type: "opened" });
        }
      }, 10);
    } else if (m.type === "status") {
      process.send!(statusOf(m.freshMs ?? 2_500));
    } else if (m.type === "close") {
      closing = true;
      for (const s of streams) s.abort.abort();
      agent.destroy();
      setTimeout(() => process.exit(0), 100);
    }
  });
  process.on("disconnect", () => process.exit(0));
  process.send!({ type: "ready" });
}

if (isChild(import.meta.url)) run();
