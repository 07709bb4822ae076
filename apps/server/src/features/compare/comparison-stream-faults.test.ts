// A comparison's answers under the same faults as the chat stream: each answer's stream ends in
// exactly one closing event, the text that arrived is stored (status error or stopped, never left
// streaming), and neither the provider key nor the upstream's error body reaches the client.
import {
  STREAM_MESSAGES,
  CHAT_ERROR_MESSAGES,
  type Comparison,
  type ComparisonSummary,
} from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { comparisonResponses } from "../../db/schema";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type SseEvent, type TestApp } from "../../test/test-app";
import { sweepAsIfDead } from "../../test/leases";

const KEY = "sk-compare-faults-9d2e77";
const CANARY = "CANARY-compare-body-51aa";
const PARTS = ["Half", " an", " answer", " that", " never", " ends."];
const PACED = Array.from({ length: 60 }, (_, i) => `c${i} `);
/** Some 20 s at its pace: longer than any test waits. */
const LONG = Array.from({ length: 400 }, (_, i) => `l${i} `);

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let ada: string;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["error-at-2", "reset-at-2", "paced", "long"],
    scripts: {
      "error-at-2": {
        kind: "fault",
        chunks: PARTS,
        after: 2,
        fault: "error",
        body: { error: { message: `Internal ${CANARY} ${KEY}`, type: "server_error", code: 500 } },
      },
      "reset-at-2": { kind: "fault", chunks: PARTS, after: 2, fault: "reset" },
      paced: { kind: "stream", chunks: PACED, delayMs: 50 },
      long: { kind: "stream", chunks: LONG, delayMs: 50 },
    },
  });
  t = await createTestApp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: KEY }, { chatIdleMs: 1_000 });
  ada = await t.newUser("ada@example.com");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

async function compare(models: string[]): Promise<Comparison> {
  const res = await t.request("/api/comparisons", {
    method: "POST",
    token: ada,
    json: { prompt: "Say something", models },
  });
  expect(res.status).toBe(201);
  return (await res.json()) as Comparison;
}
const streamAnswer = (comparisonId: string, responseId: string) =>
  t.request("/api/chat-stream", {
    method: "POST",
    token: ada,
    json: { comparison: true, comparisonId, responseId },
  });
const closing = (events: SseEvent[]) => events.filter((e) => e.type === "complete" || e.type === "error");
const streamed = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");
async function storedAnswer(responseId: string) {
  const [row] = await t.services.database.db
    .select()
    .from(comparisonResponses)
    .where(eq(comparisonResponses.id, responseId));
  return row!;
}

async function readUntil(res: Response, chunks: number) {
  const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  let raw = "";
  while ((raw.match(/"type":"chunk"/g) ?? []).length < chunks) {
    const { value, done } = await reader.read();
    if (done) break;
    raw += decoder.decode(value, { stream: true });
  }
  return {
    raw,
    async rest() {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return raw + decoder.decode();
        raw += decoder.decode(value, { stream: true });
      }
    },
  };
}

describe("comparison answers under stream faults", () => {
  it("an upstream error at chunk 3 and a reset each end their own answer with one error; the partial text is stored", async () => {
    const c = await compare(["local/error-at-2", "local/reset-at-2", "local/paced"]);
    const results = await Promise.all(
      c.responses.map(async (r) => {
        const res = await streamAnswer(c.id, r.id);
        const raw = await res.clone().text();
        return { r, raw, events: await readSse(res) };
      }),
    );
    for (const { r, raw, events } of results) {
      expect(raw).not.toContain(KEY);
      expect(raw).not.toContain(CANARY);
      const stored = await storedAnswer(r.id);
      if (r.modelId === "local/paced") {
        expect(closing(events).map((e) => e.type)).toEqual(["complete"]);
        expect(stored).toMatchObject({ status: "complete", content: PACED.join("") });
      } else {
        expect(streamed(events)).toBe("Half an");
        expect(closing(events)).toEqual([
          { type: "error", error: "STREAM_FAILED", message: CHAT_ERROR_MESSAGES.failed },
        ]);
        expect(stored).toMatchObject({
          status: "error",
          content: "Half an",
          error: CHAT_ERROR_MESSAGES.failed,
        });
      }
    }
  });

  it("stores the text while it streams, and goes on to its end when the client leaves", async () => {
    const c = await compare(["local/paced"]);
    const responseId = c.responses[0]!.id;
    const controller = new AbortController();
    const res = await t.request("/api/chat-stream", {
      method: "POST",
      token: ada,
      json: { comparison: true, comparisonId: c.id, responseId },
      signal: controller.signal,
    });
    const head = await readUntil(res, 30);
    const draft = await storedAnswer(responseId);
    expect(draft.status).toBe("streaming");
    expect(draft.content.length).toBeGreaterThan(0);
    expect(streamed(await readSse(new Response(head.raw))).startsWith(draft.content)).toBe(true);

    // Past the next paced part, pulled ahead into the body: nothing reads it, so nothing else pulls.
    await new Promise((r) => setTimeout(r, 120));
    controller.abort();
    let stored = draft;
    for (let i = 0; i < 100 && stored.status === "streaming"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      stored = await storedAnswer(responseId);
    }
    expect(stored).toMatchObject({ status: "complete", content: PACED.join("") });
    expect(stored.responseTimeMs).toBeGreaterThan(0);
  });

  it("Stop ends every answer still coming, keeping its text as stopped; one that never began is stopped too", async () => {
    const c = await compare(["local/long", "local/error-at-2"]);
    const [long, never] = c.responses;
    const open = await readUntil(await streamAnswer(c.id, long!.id), 5);
    const listed = async () =>
      ((await (await t.request("/api/comparisons", { token: ada })).json()) as ComparisonSummary[]).find(
        (s) => s.id === c.id,
      );
    expect(await listed()).toMatchObject({ runningCount: 2, responseCount: 2 });
    const stop = await t.request(`/api/comparisons/${c.id}/stop`, { method: "POST", token: ada });
    expect(stop.status).toBe(204);
    // Answered once the text is stored: the stream ends with no closing event.
    const stored = await storedAnswer(long!.id);
    const events = await readSse(new Response(await open.rest()));
    expect(closing(events)).toEqual([]);
    expect(stored).toMatchObject({ status: "stopped", content: streamed(events) });
    expect(stored.content.length).toBeGreaterThan(0);
    expect(stored.content.length).toBeLessThan(LONG.join("").length);
    expect(await storedAnswer(never!.id)).toMatchObject({ status: "stopped", content: "" });
    expect(await listed()).toMatchObject({ runningCount: 0 });

    // Stopping again changes nothing.
    const again = await t.request(`/api/comparisons/${c.id}/stop`, { method: "POST", token: ada });
    expect(again.status).toBe(204);
    expect(await storedAnswer(long!.id)).toEqual(stored);
  });

  it("an answer whose comparison is deleted, or which another process closed, ends at its next draft", async () => {
    for (const close of ["delete", "closed elsewhere"] as const) {
      const c = await compare(["local/long"]);
      const responseId = c.responses[0]!.id;
      const open = await readUntil(await streamAnswer(c.id, responseId), 5);
      if (close === "delete") {
        const res = await t.request(`/api/comparisons/${c.id}`, { method: "DELETE", token: ada });
        expect(res.status).toBe(204);
      } else {
        // As another process's Stop leaves it when this one did not hear: the row closed under it.
        await t.services.database.db
          .update(comparisonResponses)
          .set({ status: "stopped" })
          .where(eq(comparisonResponses.id, responseId));
      }
      const started = Date.now();
      const events = await readSse(new Response(await open.rest()));
      // Ended within a draft's interval or two, long before the answer's own end.
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(closing(events)).toEqual([]);
      expect(streamed(events).length).toBeLessThan(LONG.join("").length);
      await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
      if (close === "closed elsewhere")
        expect(await storedAnswer(responseId)).toMatchObject({
          status: "stopped",
          content: streamed(events),
        });
    }
  });

  it("the sweep stops answers a dead process left streaming, and old pending ones, keeping their text", async () => {
    const db = t.services.database.db;
    const c = await compare(["local/paced", "local/error-at-2"]);
    // One left streaming by this process, one never started for longer than any answer runs.
    await db
      .update(comparisonResponses)
      .set({ status: "streaming", content: "Cut short", writerId: t.services.answers.writerId })
      .where(eq(comparisonResponses.id, c.responses[0]!.id));
    await db
      .update(comparisonResponses)
      .set({ updatedAt: sql`now() - interval '1 day'` })
      .where(eq(comparisonResponses.id, c.responses[1]!.id));
    // While this process's lease lasts, only the old pending one is closed.
    expect((await t.services.answers.sweep()).comparisonAnswers).toBe(1);
    expect(await storedAnswer(c.responses[0]!.id)).toMatchObject({ status: "streaming" });
    expect((await sweepAsIfDead(t.services)).comparisonAnswers).toBeGreaterThanOrEqual(1);
    expect(await storedAnswer(c.responses[0]!.id)).toMatchObject({ status: "stopped", content: "Cut short" });
    expect(await storedAnswer(c.responses[1]!.id)).toMatchObject({ status: "stopped", content: "" });
    // A stopped answer may be run again.
    const again = await readSse(await streamAnswer(c.id, c.responses[1]!.id));
    expect(closing(again)).toHaveLength(1);
    expect(await storedAnswer(c.responses[1]!.id)).toMatchObject({ status: "error", content: "Half an" });
  });

  // Last: after a shutdown this app takes no new streams.
  it("a shutdown ends each open answer with one closing error that says so; the text is kept as stopped", async () => {
    const c = await compare(["local/long"]);
    const responseId = c.responses[0]!.id;
    const open = await readUntil(await streamAnswer(c.id, responseId), 5);
    const shutdown = t.services.answers.shutdown(5_000);
    const events = await readSse(new Response(await open.rest()));
    expect(await shutdown).toEqual({ aborted: 1, finished: true });
    expect(closing(events)).toEqual([
      { type: "error", error: "SERVER_RESTARTING", message: STREAM_MESSAGES.serverRestarting },
    ]);
    expect(await storedAnswer(responseId)).toMatchObject({ status: "stopped", content: streamed(events) });
    const refused = await streamAnswer(c.id, responseId);
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { message: STREAM_MESSAGES.restarting } });
  });
});
