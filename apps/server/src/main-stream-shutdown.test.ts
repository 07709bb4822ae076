// The real process with a chat stream open: SIGTERM ends the stream with one closing event that says
// the server is restarting, stores the text so far and exits 0; kill -9 leaves the answer "streaming"
// under a lease nobody renews, and it is closed as interrupted with the text it had stored: by the next
// start on PGlite (no other process can share its database), within the lease by the sweep of the next
// process on PostgreSQL. The provider is a slow loopback server in this test process; the database is
// PGlite in DATA_DIR, or (postgres project) a fresh PostgreSQL database.
import type { ChildProcess } from "node:child_process";
import { join } from "node:path";
import { RESPONSE_INTERRUPTED_MARK, STREAM_MESSAGES, type StoredMessage } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseTarget } from "./db/client";
import { messages } from "./db/schema";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "./test/openai-compatible-server";
import { scratchDirs } from "./test/scratch-dirs";
import { parseSse, type SseEvent } from "./test/test-app";
import { createScratchDatabase, testDbKind } from "./test/test-database";
import { freePort, signUpThroughLog, startServerProcess, waitHealthy } from "./test/server-process";

const KEY = "sk-shutdown-suite-51c0de";
const LEASE_MS = 3_000;
const running: ChildProcess[] = [];
const dropDatabases: (() => Promise<void>)[] = [];
let upstream: OpenAiCompatibleServer;

const newDataDir = scratchDirs("tessera-shutdown-");
beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["paced"],
    scripts: {
      paced: { kind: "stream", chunks: Array.from({ length: 300 }, (_, i) => `t${i} `), delayMs: 100 },
    },
  });
});
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
});
afterAll(async () => {
  await upstream.close();
  for (const drop of dropDatabases) await drop();
});

/** Where the process keeps its data: a data dir, and a fresh PostgreSQL database in that project. */
async function newInstance() {
  const dataDir = newDataDir();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    OPENAI_BASE_URL: upstream.url,
    OPENAI_API_KEY: KEY,
    // Short, so that an answer whose process was killed is closed within the test's patience.
    STREAM_LEASE_MS: String(LEASE_MS),
  };
  let target: DatabaseTarget = { kind: "pglite", dataDir: join(dataDir, "pglite") };
  if (testDbKind() === "postgres") {
    const scratch = await createScratchDatabase("tessera_shutdown");
    env.DATABASE_URL = scratch.url;
    target = { kind: "postgres", url: scratch.url };
    dropDatabases.push(scratch.drop);
  }
  return { url, env, target };
}

function start(env: Record<string, string>) {
  const p = startServerProcess(env);
  running.push(p.child);
  return p;
}

const newUser = signUpThroughLog;

/** Opens a chat stream and reads until `chunks` chunks arrived; `rest()` reads it to its end. */
async function openStream(url: string, token: string, chunks: number) {
  const res = await fetch(`${url}/api/chat-stream`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, origin: url },
    body: JSON.stringify({ message: "Count for me, slowly", model: "local/paced" }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let raw = "";
  while (parseSse(raw).filter((e) => e.type === "chunk").length < chunks) {
    const { value, done } = await reader.read();
    if (done) throw new Error("stream ended early");
    raw += decoder.decode(value, { stream: true });
  }
  return {
    head: raw,
    async rest() {
      let text = raw;
      for (;;) {
        let next: { done: boolean; value?: Uint8Array };
        try {
          next = await reader.read();
        } catch {
          return text; // the connection broke (the process was killed)
        }
        if (next.done) return text;
        text += decoder.decode(next.value, { stream: true });
      }
    },
  };
}

const chunksOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");

async function storedAnswers(url: string, token: string, conversationId: string) {
  const res = await fetch(`${url}/api/conversations/${conversationId}/messages`, {
    headers: { authorization: `Bearer ${token}`, origin: url },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as StoredMessage[]).filter((m) => m.role === "assistant");
}

/** After the last process stopped: no answer anywhere in the database is still "streaming". */
async function streamingLeft(target: DatabaseTarget) {
  const handle = await openDatabase(target, { onConnectionError: () => undefined });
  try {
    return await handle.db.select().from(messages).where(eq(messages.status, "streaming"));
  } finally {
    await handle.close();
  }
}

describe("the process with a stream open", () => {
  it("on SIGTERM ends the stream with one closing event, stores the partial answer and exits 0", async () => {
    const { url, env, target } = await newInstance();
    const first = start(env);
    await waitHealthy(url);
    const token = await newUser(url, first.output, "sam@example.com");

    const stream = await openStream(url, token, 3);
    const sent = Date.now();
    first.child.kill("SIGTERM");
    const raw = await stream.rest();
    expect(await first.exited).toBe(0);
    expect(Date.now() - sent).toBeLessThan(10_000);
    expect(first.output()).toContain('"event":"boot.streams_ended","aborted":1,"finished":true');

    const events = parseSse(raw);
    const closing = events.filter((e) => e.type === "complete" || e.type === "error");
    expect(closing).toEqual([
      { type: "error", error: "SERVER_RESTARTING", message: STREAM_MESSAGES.serverRestarting },
    ]);
    expect(events.at(-1)).toEqual(closing[0]);
    expect(raw).not.toContain(KEY);
    const text = chunksOf(events);
    expect(text.length).toBeGreaterThan(0);

    const second = start(env);
    await waitHealthy(url);
    const conversationId = events[0]!.conversationId as string;
    const [answer] = await storedAnswers(url, token, conversationId);
    expect(answer).toMatchObject({
      status: "interrupted",
      content: `${text}\n\n${RESPONSE_INTERRUPTED_MARK}`,
    });
    // Nothing was left for a sweep: the shutdown closed it.
    expect(second.output()).not.toContain("streams.orphans_closed");
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await streamingLeft(target)).toEqual([]);
  }, 180_000);

  it("after kill -9 the answer is closed as interrupted with the text it had stored, by the next process", async () => {
    const { url, env, target } = await newInstance();
    const first = start(env);
    await waitHealthy(url);
    const token = await newUser(url, first.output, "kim@example.com");

    // 25 chunks at 100 ms: the text so far has been stored at least once (once a second).
    const stream = await openStream(url, token, 25);
    first.child.kill("SIGKILL");
    expect(await first.exited).toBe(null);
    const events = parseSse(await stream.rest());
    // The process died: no closing event was sent (the client sees the stream break).
    expect(events.filter((e) => e.type === "complete" || e.type === "error")).toEqual([]);
    const received = chunksOf(events);

    const second = start(env);
    await waitHealthy(url);
    // On PGlite at once; on PostgreSQL once the dead process's lease ran out, by the sweep.
    await expect
      .poll(() => second.output(), { timeout: 60_000, interval: 200 })
      .toMatch(/"event":"streams.orphans_closed","messages":1/);
    const [answer] = await storedAnswers(url, token, events[0]!.conversationId as string);
    expect(answer?.status).toBe("interrupted");
    const kept = answer!.content.slice(0, -`\n\n${RESPONSE_INTERRUPTED_MARK}`.length);
    expect(answer!.content.endsWith(`\n\n${RESPONSE_INTERRUPTED_MARK}`)).toBe(true);
    expect(kept.length).toBeGreaterThan(0);
    expect(received.startsWith(kept)).toBe(true);
    second.child.kill("SIGTERM");
    expect(await second.exited).toBe(0);
    expect(await streamingLeft(target)).toEqual([]);
  }, 180_000);
});
