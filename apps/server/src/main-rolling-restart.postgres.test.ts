// A rolling restart, with real processes on one PostgreSQL database: process A writes 20 answers while
// process B is stopped (SIGTERM) and started again, twice. No start or stop of B touches A's answers:
// none is marked interrupted and none loses text. B's own answers end with one closing event each,
// their partial text kept. Then A is killed with SIGKILL: its answers are closed as interrupted by B's
// sweep once A's lease has run out, each with the text A had stored.
import type { ChildProcess } from "node:child_process";
import { RESPONSE_INTERRUPTED_MARK, STREAM_MESSAGES, type StoredMessage } from "@tessera/contracts";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "./test/openai-compatible-server";
import { scratchDirs } from "./test/scratch-dirs";
import {
  freePort,
  openChatStream,
  signUpThroughLog,
  startServerProcess,
  waitHealthy,
  type OpenStream,
} from "./test/server-process";
import { createScratchDatabase } from "./test/test-database";

const LEASE_MS = 5_000;
/** Long enough to outlast B's two restarts: 600 chunks, 150 ms apart (90 s). */
const CHUNKS = Array.from({ length: 600 }, (_, i) => `c${i} `);
const running: ChildProcess[] = [];
let upstream: OpenAiCompatibleServer;
let drop: () => Promise<void>;
let databaseUrl: string;
const newDataDir = scratchDirs("tessera-rolling-");

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["long"],
    scripts: { long: { kind: "stream", chunks: CHUNKS, delayMs: 150 } },
  });
  const scratch = await createScratchDatabase("tessera_rolling");
  databaseUrl = scratch.url;
  drop = scratch.drop;
});
afterEach(() => {
  for (const p of running.splice(0)) if (p.exitCode === null) p.kill("SIGKILL");
});
afterAll(async () => {
  await upstream.close();
  await drop();
});

/** One server process of the instance: its own port and data folder, the shared database and secrets. */
async function processOf() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: newDataDir(),
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: "rolling-restart-instance-secret-0123456789",
    ENCRYPTION_KEY: "cd".repeat(32),
    OPENAI_BASE_URL: upstream.url,
    OPENAI_API_KEY: "sk-rolling-restart",
    STREAM_LEASE_MS: String(LEASE_MS),
    RATE_LIMIT_CHAT: "1000",
  };
  const start = async () => {
    const p = startServerProcess(env);
    running.push(p.child);
    await waitHealthy(url);
    return p;
  };
  return { url, start };
}

const ask = { message: "Count for me, slowly", model: "local/long" };

async function stored(url: string, token: string, stream: OpenStream): Promise<StoredMessage> {
  const conversationId = stream.events()[0]!.conversationId as string;
  const res = await fetch(`${url}/api/conversations/${conversationId}/messages`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as StoredMessage[]).find((m) => m.role === "assistant")!;
}

const closingOf = (stream: OpenStream) =>
  stream.events().filter((e) => e.type === "complete" || e.type === "error");

describe("a rolling restart of one process while another writes answers", () => {
  it("leaves A's answers alone, closes B's with their text, and closes A's once A is killed", async () => {
    const a = await processOf();
    const b = await processOf();
    const [procA, firstB] = await Promise.all([a.start(), b.start()]);
    const token = await signUpThroughLog(a.url, procA.output, "rolling@example.com");

    const onA = await Promise.all(Array.from({ length: 20 }, () => openChatStream(a.url, token, 2, ask)));
    for (let round = 0; round < 2; round++) {
      const procB = round === 0 ? firstB : await b.start();
      const onB = await Promise.all(Array.from({ length: 3 }, () => openChatStream(b.url, token, 3, ask)));
      procB.child.kill("SIGTERM");
      await Promise.all(onB.map((s) => s.ended));
      // Gone before the next one starts on its port: else the next one's health check can reach the
      // old one still shutting down, and the new one then finds the port taken.
      await procB.exited;
      for (const stream of onB) {
        // One closing event, saying the text so far was kept; and it was.
        expect(closingOf(stream)).toEqual([
          { type: "error", error: "SERVER_RESTARTING", message: STREAM_MESSAGES.serverRestarting },
        ]);
        const answer = await stored(a.url, token, stream);
        expect(answer.status).toBe("interrupted");
        expect(answer.content).toBe(`${stream.text()}\n\n${RESPONSE_INTERRUPTED_MARK}`);
      }
    }
    await b.start();

    // A's answers went on through it all: still streaming, their stored text a prefix of what arrived,
    // and more arriving.
    const before = onA.map((s) => s.text().length);
    for (const stream of onA) {
      expect(closingOf(stream)).toEqual([]);
      const answer = await stored(b.url, token, stream);
      expect(answer.status).toBe("streaming");
      expect(stream.text().startsWith(answer.content)).toBe(true);
    }
    await expect
      .poll(() => onA.every((s, i) => s.text().length > before[i]!), { timeout: 30_000 })
      .toBe(true);

    // A dies without a word. Its answers are closed by B once A's lease has run out, each keeping the
    // text A had stored.
    const drafts = await Promise.all(onA.map((s) => stored(b.url, token, s)));
    procA.child.kill("SIGKILL");
    await Promise.all(onA.map((s) => s.ended));
    await expect
      .poll(async () => (await Promise.all(onA.map((s) => stored(b.url, token, s)))).map((m) => m.status), {
        timeout: 60_000,
        interval: 500,
      })
      .toEqual(onA.map(() => "interrupted"));
    for (const [i, stream] of onA.entries()) {
      const answer = await stored(b.url, token, stream);
      const kept = answer.content.slice(0, -`\n\n${RESPONSE_INTERRUPTED_MARK}`.length);
      expect(answer.content.endsWith(`\n\n${RESPONSE_INTERRUPTED_MARK}`)).toBe(true);
      // At least what was stored before the kill, and nothing that never arrived.
      expect(kept.startsWith(drafts[i]!.content)).toBe(true);
      expect(stream.text().startsWith(kept)).toBe(true);
    }
  }, 300_000);
});
