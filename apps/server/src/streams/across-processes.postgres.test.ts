// Two server processes on one PostgreSQL database, in one test process: two apps built as main.ts
// builds them (each with its own pool, writer lease, listeners and sweep). An answer written by one is
// followed live and stopped through the other; the other's sweep leaves it alone while its writer's
// lease lasts, and closes it once the lease has run out. (PGlite is one process's database: nothing
// to share.) main-rolling-restart.postgres.test.ts does the same with real processes.
import { RESPONSE_INTERRUPTED_MARK, type StoredMessage } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { endLease } from "../test/leases";
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from "../test/openai-compatible-server";
import { createTestApp, parseSse, readUntil, readRest, type TestApp } from "../test/test-app";
import { createScratchDatabase } from "../test/test-database";

const CHUNKS = Array.from({ length: 40 }, (_, i) => `p${i} `);
let upstream: OpenAiCompatibleServer;
let writer: TestApp;
let other: TestApp;
let ada: string;
const closeAll: (() => Promise<void>)[] = [];

/** Two pools on one fresh database, as two processes have. */
async function twoHandles(): Promise<[DatabaseHandle, DatabaseHandle]> {
  const quiet = { onConnectionError: () => undefined };
  const scratch = await createScratchDatabase("tessera_two");
  closeAll.push(scratch.drop);
  return [
    await openDatabase({ kind: "postgres", url: scratch.url }, quiet),
    await openDatabase({ kind: "postgres", url: scratch.url }, quiet),
  ];
}

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["paced", "clock"],
    scripts: {
      paced: { kind: "stream", chunks: CHUNKS, delayMs: 60 },
      clock: {
        kind: "tool-steps",
        steps: [
          { delayMs: 800, text: ["Checking."], calls: [{ name: "current_time", arguments: {} }] },
          { text: ["It is now."] },
        ],
      },
    },
  });
  const [a, b] = await twoHandles();
  // One instance: the processes share its secrets, so a session made on one is good on the other.
  const env = {
    OPENAI_BASE_URL: upstream.url,
    OPENAI_API_KEY: "sk-two-processes",
    AUTH_SECRET: "two-processes-share-this-secret-of-32-chars",
    ENCRYPTION_KEY: "ab".repeat(32),
  };
  writer = await createTestApp(env, { database: a });
  other = await createTestApp(env, { database: b });
  ada = await writer.newUser("ada@example.com");
});
afterAll(async () => {
  await writer.close();
  await other.close();
  for (const close of closeAll.reverse()) await close();
  await upstream.close();
});

const streamed = (events: { type: string; content?: unknown }[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");

/** Starts an answer through the writer and reads until its `n`th chunk. */
async function startAnswer(n: number) {
  const res = await writer.request("/api/chat-stream", {
    method: "POST",
    token: ada,
    json: { message: "Count slowly", model: "local/paced" },
  });
  expect(res.status).toBe(200);
  let chunks = 0;
  const head = await readUntil(res, (e) => e.type === "chunk" && ++chunks >= n);
  return { ...head, messageId: head.events[0]!.messageId as string };
}

async function storedAnswer(app: TestApp, messageId: string, conversationId: string) {
  const res = await app.request(`/api/conversations/${conversationId}/messages`, { token: ada });
  return ((await res.json()) as StoredMessage[]).find((m) => m.id === messageId);
}

describe("an answer written by one process, seen from another", () => {
  it("is followed live through the other: the text so far, each piece as it comes, then end", async () => {
    const answer = await startAnswer(3);
    const follow = await other.request(`/api/chat-stream/${answer.messageId}/follow`, { token: ada });
    expect(follow.status).toBe(200);
    // Both read to their ends at once: the follower's pieces come as the writer's chunks do.
    const [followed] = await Promise.all([follow.text(), readRest(answer.reader)]);
    const events = parseSse(followed);
    expect(events[0]).toMatchObject({ type: "resume", messageId: answer.messageId });
    expect(events.at(-1)).toEqual({ type: "end" });
    const text = (events[0]!.content as string) + streamed(events);
    expect(text).toBe(CHUNKS.join(""));
    // More than the one draft a second would give: pieces as they came.
    expect(events.filter((e) => e.type === "chunk").length).toBeGreaterThan(3);
    const conversationId = answer.events[0]!.conversationId as string;
    expect(await storedAnswer(other, answer.messageId, conversationId)).toMatchObject({
      status: "complete",
      content: CHUNKS.join(""),
    });
  });

  it("is followed with its tool calls through the other: each call and its result as they come", async () => {
    const res = await writer.request("/api/chat-stream", {
      method: "POST",
      token: ada,
      json: { message: "What time is it?", model: "local/clock", tools: ["builtin:current_time"] },
    });
    const head = await readUntil(res, (e) => e.type === "start");
    const messageId = head.events[0]!.messageId as string;
    const follow = await other.request(`/api/chat-stream/${messageId}/follow`, { token: ada });
    expect(follow.status).toBe(200);
    const [followed, written] = await Promise.all([follow.text(), readRest(head.reader)]);
    const events = parseSse(followed);
    const [call] = parseSse(written).filter((e) => e.type === "tool_call");
    const [result] = parseSse(written).filter((e) => e.type === "tool_result");
    // Followed before the call: it came live, not in `resume`.
    expect(events[0]!.toolCalls).toBeUndefined();
    expect(events.filter((e) => e.type.startsWith("tool_"))).toEqual([
      { type: "tool_call", id: call!.id, name: "current_time", input: {} },
      result,
    ]);
    expect((events[0]!.content as string) + streamed(events)).toBe("Checking.\n\nIt is now.");
    expect(events.at(-1)).toEqual({ type: "end" });
  });

  it("is stopped through the other: the writer aborts it and keeps its text", async () => {
    const answer = await startAnswer(2);
    const stop = await other.request("/api/chat-stream/stop", {
      method: "POST",
      token: ada,
      json: { messageId: answer.messageId },
    });
    expect(stop.status).toBe(204);
    const rest = parseSse(await readRest(answer.reader));
    expect(rest.filter((e) => e.type === "complete" || e.type === "error")).toEqual([]);
    const text = streamed([...answer.events, ...rest]);
    expect(text.length).toBeLessThan(CHUNKS.join("").length);
    const conversationId = answer.events[0]!.conversationId as string;
    await expect
      .poll(async () => (await storedAnswer(writer, answer.messageId, conversationId))?.status)
      .toBe("interrupted");
    const stored = await storedAnswer(writer, answer.messageId, conversationId);
    expect(stored!.content.startsWith(text)).toBe(true);
    expect(stored!.content.endsWith(RESPONSE_INTERRUPTED_MARK)).toBe(true);
  });

  it("is left alone by the other's sweep while its writer's lease lasts, and closed once it ran out", async () => {
    const answer = await startAnswer(20);
    const conversationId = answer.events[0]!.conversationId as string;
    expect((await other.services.answers.sweep()).messages).toBe(0);
    expect((await storedAnswer(other, answer.messageId, conversationId))?.status).toBe("streaming");
    // As if the writer had died: its lease runs out, and the other's sweep closes what it left.
    await endLease(writer.services);
    expect((await other.services.answers.sweep()).messages).toBe(1);
    const stored = await storedAnswer(other, answer.messageId, conversationId);
    expect(stored?.status).toBe("interrupted");
    expect(stored!.content.endsWith(RESPONSE_INTERRUPTED_MARK)).toBe(true);
    expect(stored!.content.length).toBeGreaterThan(RESPONSE_INTERRUPTED_MARK.length);
    // The writer, alive after all, finds its row closed at its next draft and ends there.
    await readRest(answer.reader);
    await expect.poll(() => writer.services.answers.size, { timeout: 5_000 }).toBe(0);
  });
});
