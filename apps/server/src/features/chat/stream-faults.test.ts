// The chat stream against a misbehaving provider: every fault ends in exactly one closing event with
// the spec's words, the text that arrived is stored and no answer stays "streaming", and neither the
// provider key nor anything of the upstream's error body reaches the client. The idle timeout is 1 s
// here (production: STREAM_IDLE_TIMEOUT_MS), so "a long silence" takes seconds, not a minute.
import {
  CHAT_ERROR_MESSAGES,
  RESPONSE_INTERRUPTED_MARK,
  STREAM_MESSAGES,
  type StoredMessage,
} from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, discardedModelCalls, messages, user } from "../../db/schema";
import {
  createTestApp,
  eventually,
  readRest,
  readSse,
  readUntil,
  type SseEvent,
  type TestApp,
} from "../../test/test-app";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { TINY_PNG } from "../../test/tiny-pdf";
import { createLogger } from "../../lib/logger";
import { createDatabaseBus } from "../../streams/bus";
import { createDurableAnswers, STOP_CHANNEL, type DurableAnswers } from "../../streams/durable-answers";
import { closedAsInterrupted } from "./close-orphaned-answers";
import { stopAnswer } from "./stop-answer";

const KEY = "sk-fault-suite-3f9a1c7e5b2d";
/** Planted in every upstream error body: it must never reach the client. */
const CANARY = "CANARY-upstream-body-8e41";
const PARTS = ["Half", " an", " answer", " that", " never", " ends."];
const PACED = Array.from({ length: 60 }, (_, i) => `w${i} `);

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let ada: string;
let adaId: string;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: [
      "hangup-ok",
      "hangup-twice",
      "retry-ok",
      "retry-late",
      "error-at-2",
      "reset-at-2",
      "silent-at-2",
      "malformed-at-2",
      "paced",
    ],
    scripts: {
      "hangup-ok": {
        kind: "sequence",
        scripts: [{ kind: "hangup" }, { kind: "stream", chunks: ["Fresh", " line."] }],
      },
      "hangup-twice": {
        kind: "sequence",
        scripts: [{ kind: "hangup" }, { kind: "hangup" }, { kind: "stream", chunks: ["Third", " time."] }],
      },
      "retry-ok": {
        kind: "sequence",
        scripts: [
          {
            kind: "status",
            status: 429,
            headers: { "retry-after": "1" },
            body: { error: { message: `Slow down ${CANARY} ${KEY}`, type: "rate_limit" } },
          },
          { kind: "stream", chunks: ["Second", " time", " lucky."] },
        ],
      },
      "retry-late": {
        kind: "sequence",
        scripts: [
          {
            kind: "status",
            status: 429,
            headers: { "retry-after": "30" },
            body: { error: { message: `Quota ${CANARY}`, type: "rate_limit" } },
          },
          { kind: "stream", chunks: ["Never", " asked."] },
        ],
      },
      "error-at-2": {
        kind: "fault",
        chunks: PARTS,
        after: 2,
        fault: "error",
        body: { error: { message: `Internal error ${CANARY} key=${KEY}`, type: "server_error", code: 500 } },
      },
      "reset-at-2": { kind: "fault", chunks: PARTS, after: 2, fault: "reset" },
      "silent-at-2": { kind: "fault", chunks: PARTS, after: 2, fault: "silence", ms: 10_000 },
      "malformed-at-2": { kind: "fault", chunks: PARTS, after: 2, fault: "malformed", body: CANARY },
      paced: { kind: "stream", chunks: PACED, delayMs: 50 },
    },
  });
  t = await createTestApp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: KEY }, { chatIdleMs: 1_000 });
  ada = await t.newUser("ada@example.com");
  const [row] = await t.services.database.db
    .select({ id: user.id })
    .from(user)
    .where(eq(user.email, "ada@example.com"));
  adaId = row!.id;
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const chat = (body: Record<string, unknown>, init: RequestInit = {}) =>
  t.request("/api/chat-stream", { method: "POST", token: ada, json: body, ...init });
const closing = (events: SseEvent[]) =>
  events.filter((e) => e.type === "complete" || e.type === "end" || e.type === "error");
const streamed = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");
const requestsFor = (model: string) => upstream.requests.filter((r) => r.body.model === model).length;

async function answerOf(conversationId: string) {
  const [row] = await t.services.database.db
    .select()
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), eq(messages.role, "assistant")));
  return row;
}

/** Sends one message and reads the whole stream: its raw text, its events, and the stored answer. */
async function turn(model: string, message = "Tell me something") {
  const res = await chat({ message, model: `local/${model}` });
  expect(res.status).toBe(200);
  const raw = await res.clone().text();
  const events = await readSse(res);
  const conversationId = events[0]!.conversationId as string;
  return { raw, events, stored: await answerOf(conversationId) };
}

function expectNothingLeaked(raw: string) {
  expect(raw).not.toContain(KEY);
  expect(raw).not.toContain(CANARY);
}

/** Reads events off a live stream until `until` holds for one of them. */
describe("stream faults: one closing event, the partial answer kept, nothing leaked", () => {
  it("429 with a short Retry-After, then success: asked once more after the wait, and the person gets the answer", async () => {
    const started = Date.now();
    const { raw, events, stored } = await turn("retry-ok");
    expect(requestsFor("retry-ok")).toBe(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(closing(events)).toEqual([
      { type: "complete", outputTokens: expect.any(Number) as number, sources: [], messageId: stored!.id },
    ]);
    expect(streamed(events)).toBe("Second time lucky.");
    expect(stored).toMatchObject({ status: "complete", content: "Second time lucky." });
    expectNothingLeaked(raw);
  });

  it("a connection closed before any answer is asked again once, on a fresh connection", async () => {
    const { raw, events, stored } = await turn("hangup-ok");
    expect(requestsFor("hangup-ok")).toBe(2);
    expect(closing(events)).toEqual([
      { type: "complete", outputTokens: expect.any(Number) as number, sources: [], messageId: stored!.id },
    ]);
    expect(stored).toMatchObject({ status: "complete", content: "Fresh line." });
    expectNothingLeaked(raw);
  });

  it("a connection closed before any answer twice in a row is one error, without a third request", async () => {
    const { raw, events, stored } = await turn("hangup-twice");
    expect(requestsFor("hangup-twice")).toBe(2);
    expect(closing(events)).toEqual([
      { type: "error", error: expect.any(String) as string, message: expect.any(String) as string },
    ]);
    expect(stored).toBeUndefined();
    expectNothingLeaked(raw);
  });

  it("429 asking for a long wait is reported at once with the rate-limit message, without a second request", async () => {
    const { raw, events, stored } = await turn("retry-late");
    expect(requestsFor("retry-late")).toBe(1);
    expect(closing(events)).toEqual([
      { type: "error", error: "RATE_LIMITED", message: CHAT_ERROR_MESSAGES.rateLimited },
    ]);
    // No text at all: the turn is undone (spec §4), as before.
    expect(stored).toBeUndefined();
    expectNothingLeaked(raw);
  });

  it("an error object from the upstream at chunk 3 (HTTP 500 after the 200): one error, the two chunks stored", async () => {
    const { raw, events, stored } = await turn("error-at-2");
    expect(streamed(events)).toBe("Half an");
    expect(closing(events)).toEqual([
      { type: "error", error: "STREAM_FAILED", message: CHAT_ERROR_MESSAGES.failed },
    ]);
    expect(events.at(-1)!.type).toBe("error");
    expect(stored).toMatchObject({ status: "error", content: "Half an" });
    expectNothingLeaked(raw);
  });

  it("a TCP reset mid-stream: one error, the text before it stored", async () => {
    const { raw, events, stored } = await turn("reset-at-2");
    expect(streamed(events)).toBe("Half an");
    expect(closing(events)).toEqual([
      { type: "error", error: "STREAM_FAILED", message: CHAT_ERROR_MESSAGES.failed },
    ]);
    expect(stored).toMatchObject({ status: "error", content: "Half an" });
    expectNothingLeaked(raw);
  });

  it("silence after two chunks, longer than the idle timeout: one timeout error, the text stored", async () => {
    const started = Date.now();
    const { raw, events, stored } = await turn("silent-at-2");
    // Given up after the idle timeout (1 s here), not after the upstream's 10 s.
    expect(Date.now() - started).toBeLessThan(8_000);
    expect(streamed(events)).toBe("Half an");
    expect(closing(events)).toEqual([
      { type: "error", error: "TIMEOUT", message: CHAT_ERROR_MESSAGES.unavailable },
    ]);
    expect(stored).toMatchObject({ status: "error", content: "Half an" });
    expectNothingLeaked(raw);
  });

  it("a malformed JSON line in the stream: one error, and nothing after the bad line is taken as the answer", async () => {
    const { raw, events, stored } = await turn("malformed-at-2");
    expect(streamed(events)).toBe("Half an");
    expect(closing(events)).toEqual([
      { type: "error", error: "STREAM_FAILED", message: CHAT_ERROR_MESSAGES.failed },
    ]);
    expect(stored).toMatchObject({ status: "error", content: "Half an" });
    expectNothingLeaked(raw);
  });

  it("stores the text while it streams (status streaming), at most about once a second", async () => {
    const before = requestsFor("paced");
    const res = await chat({ message: "Count slowly", model: "local/paced" });
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk" && e.content === "w30 ");
    const conversationId = events[0]!.conversationId as string;
    const draft = await answerOf(conversationId);
    expect(draft?.status).toBe("streaming");
    // 31 chunks in ~1.5 s: at least one flush happened, and it holds a prefix of what was sent.
    expect(draft!.content.length).toBeGreaterThan(0);
    expect(streamed(events).startsWith(draft!.content)).toBe(true);
    expect(draft!.content.length).toBeLessThan(streamed(events).length);
    // The rest of the stream: one complete, and the final text replaces the draft.
    const rest = await readRest(reader);
    expect(rest.match(/"type":"(complete|error)"/g)).toEqual(['"type":"complete"']);
    expect(await answerOf(conversationId)).toMatchObject({ status: "complete", content: PACED.join("") });
    expect(requestsFor("paced") - before).toBe(1);
  });

  it("a client that leaves once the answer began: the answer goes on to its end and is stored whole", async () => {
    const before = requestsFor("paced");
    const controller = new AbortController();
    const res = await chat({ message: "Go on", model: "local/paced" }, { signal: controller.signal });
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk" && e.content === "w3 ");
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const conversationId = events[0]!.conversationId as string;
    // Still being written: a reload reads it back as it grows.
    expect((await answerOf(conversationId))?.status).toBe("streaming");
    const stored = await eventually(
      () => answerOf(conversationId),
      (row) => row?.status !== "streaming",
    );
    expect(stored).toMatchObject({ status: "complete", content: PACED.join("") });
    expect(stored!.tokensUsed).toBeGreaterThan(0);
    const call = upstream.requests.slice(before).find((r) => r.body.model === "paced")!;
    expect(await call.closed).toEqual({ early: false });
    expect(requestsFor("paced") - before).toBe(1);
  });
});

/** Starts a paced answer and reads it until its fourth chunk; the stream stays open. */
async function started(clientMessageId?: string) {
  const before = upstream.requests.length;
  const controller = new AbortController();
  const res = await chat(
    { message: "Go on", model: "local/paced", ...(clientMessageId ? { clientMessageId } : {}) },
    { signal: controller.signal },
  );
  const { reader, events } = await readUntil(res, (e) => e.type === "chunk" && e.content === "w3 ");
  const call = upstream.requests.slice(before).find((r) => r.body.model === "paced")!;
  return {
    conversationId: events[0]!.conversationId as string,
    messageId: events[0]!.messageId as string,
    events,
    reader,
    call,
    leave: async () => {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    },
  };
}

describe("Stop: POST /api/chat-stream/stop names the answer", () => {
  const stop = (body: unknown, token = ada) =>
    t.request("/api/chat-stream/stop", { method: "POST", token, json: body });

  async function expectStoppedEarly(answer: Awaited<ReturnType<typeof started>>) {
    expect(await answer.call.closed).toEqual({ early: true });
    // The stream has stored its final text (a stop from elsewhere closes the row first, with its draft).
    await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
    const stored = await answerOf(answer.conversationId);
    expect(stored?.status).toBe("interrupted");
    expect(stored!.content.startsWith(streamed(answer.events))).toBe(true);
    expect(stored!.content.endsWith(`\n\n${RESPONSE_INTERRUPTED_MARK}`)).toBe(true);
    // Stopped before its end: the text before the mark is less than the whole answer (the mark itself
    // is not counted against it, or a Stop a few chunks late on a busy machine would read as too long).
    const text = stored!.content.slice(0, -`\n\n${RESPONSE_INTERRUPTED_MARK}`.length);
    expect(text.length).toBeLessThan(PACED.join("").length);
    // What the conversation shows afterwards.
    const listed = (await (
      await t.request(`/api/conversations/${answer.conversationId}/messages`, { token: ada })
    ).json()) as StoredMessage[];
    expect(listed.map((m) => [m.role, m.status])).toEqual([
      ["user", "complete"],
      ["assistant", "interrupted"],
    ]);
  }

  it("by the start event's messageId: the text so far stored as interrupted, the upstream call closed", async () => {
    const answer = await started();
    expect(answer.messageId).toBe((await answerOf(answer.conversationId))!.id);
    const [res] = await Promise.all([stop({ messageId: answer.messageId }), answer.leave()]);
    expect(res.status).toBe(204);
    // Answered once the answer was stored as stopped, so the page can read at once what was kept.
    expect(await answerOf(answer.conversationId)).toMatchObject({ status: "interrupted" });
    await expectStoppedEarly(answer);
  });

  it("by the question's clientMessageId, which the client knows before the start event", async () => {
    const clientMessageId = randomUUID();
    const answer = await started(clientMessageId);
    await answer.leave();
    expect((await stop({ clientMessageId })).status).toBe(204);
    await expectStoppedEarly(answer);
  });

  it("answers once the stream it aborted in this process has finished storing what it had", async () => {
    const answer = await started();
    await answer.leave();
    // This process's answers, with the stream's end held back a while after it has really finished.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const answers: DurableAnswers = {
      ...t.services.answers,
      stop: (keys, closeUnheard) => t.services.answers.stop(keys, closeUnheard).then(() => held),
    };
    let answered = false;
    const stopping = stopAnswer({ db: t.services.database.db, answers }, adaId, {
      messageId: answer.messageId,
    }).then(() => (answered = true));
    await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toBe(false);
    release();
    await stopping;
    await expectStoppedEarly(answer);
  });

  it("from another process: the row is closed and the process running the stream hears it", async () => {
    const answer = await started();
    await answer.leave();
    // A process that does not run this stream (its own answers are none of them), on the same database.
    const elsewhere = createDurableAnswers({
      db: t.services.database.db,
      bus: createDatabaseBus(t.services.database),
      logger: createLogger("silent"),
      rules: [],
      leaseMs: 30_000,
      maxAnswerMs: 120_000,
      soleProcess: false,
    });
    await stopAnswer({ db: t.services.database.db, answers: elsewhere }, adaId, {
      messageId: answer.messageId,
    });
    await expectStoppedEarly(answer);
  });

  it("a notice on the stop channel alone (Stop heard from another process) ends the stream it names", async () => {
    const answer = await started();
    await answer.leave();
    expect((await answerOf(answer.conversationId))?.status).toBe("streaming");
    await t.services.database.db.execute(sql`select pg_notify(${STOP_CHANNEL}, ${answer.messageId})`);
    await expectStoppedEarly(answer);
  });

  it("a stream whose row was closed behind it (no notice heard) stops at its next draft write", async () => {
    const answer = await started();
    await answer.leave();
    await t.services.database.db
      .update(messages)
      .set(closedAsInterrupted())
      .where(eq(messages.id, answer.messageId));
    await expectStoppedEarly(answer);
  });

  it("an answer that has ended is left as it is; someone else's or an unknown one is 404; bad bodies 400", async () => {
    const { stored } = await turn("paced", "Count for me");
    expect((await stop({ messageId: stored!.id })).status).toBe(204);
    expect(await answerOf(stored!.conversationId)).toMatchObject({
      status: "complete",
      content: PACED.join(""),
    });

    const answer = await started();
    await answer.leave();
    const bob = await t.newUser(`bob-${randomUUID()}@example.com`);
    expect((await stop({ messageId: answer.messageId }, bob)).status).toBe(404);
    expect((await stop({ messageId: randomUUID() })).status).toBe(404);
    expect((await stop({ clientMessageId: randomUUID() })).status).toBe(404);
    const anonymous = await t.request("/api/chat-stream/stop", {
      method: "POST",
      json: { messageId: answer.messageId },
    });
    expect(anonymous.status).toBe(401);
    for (const bad of [
      {},
      { messageId: "nope" },
      { messageId: randomUUID(), clientMessageId: randomUUID() },
    ]) {
      const res = await stop(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
    // None of those touched it: it is still being written.
    expect((await answerOf(answer.conversationId))?.status).toBe("streaming");
    expect((await stop({ messageId: answer.messageId })).status).toBe(204);
    await expectStoppedEarly(answer);
  });
});

describe("Follow: GET /api/chat-stream/:messageId/follow, for a page that did not ask (a reload)", () => {
  const follow = (messageId: string, token = ada, init: RequestInit = {}) =>
    t.request(`/api/chat-stream/${messageId}/follow`, { token, ...init });
  const text = (events: SseEvent[]) =>
    events.map((e) => (e.type === "resume" || e.type === "chunk" ? (e.content as string) : "")).join("");

  it("the text so far, then every piece as it comes, then end, once the answer is stored whole", async () => {
    const answer = await started();
    await answer.leave();
    const [first, second] = await Promise.all([follow(answer.messageId), follow(answer.messageId)]);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("text/event-stream");
    const [a, b] = await Promise.all([readSse(first), readSse(second)]);
    for (const events of [a, b]) {
      expect(events[0]).toMatchObject({ type: "resume", messageId: answer.messageId });
      // It joined mid-answer: some text was already written, and more came piece by piece.
      expect((events[0]!.content as string).startsWith(streamed(answer.events))).toBe(true);
      expect(events.filter((e) => e.type === "chunk").length).toBeGreaterThan(5);
      expect(text(events)).toBe(PACED.join(""));
      expect(events.at(-1)).toEqual({ type: "end" });
    }
    // Told it ended, the page reads the stored answer: already in its final form.
    expect(await answerOf(answer.conversationId)).toMatchObject({
      status: "complete",
      content: PACED.join(""),
    });
    expect(await answer.call.closed).toEqual({ early: false });
  });

  it("a follower that leaves changes nothing for the answer, and another can follow after it", async () => {
    const answer = await started();
    await answer.leave();
    const controller = new AbortController();
    const res = await follow(answer.messageId, ada, { signal: controller.signal });
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk");
    expect(events[0]!.type).toBe("resume");
    controller.abort();
    await reader.cancel().catch(() => undefined);
    const again = await readSse(await follow(answer.messageId));
    expect(text(again)).toBe(PACED.join(""));
    expect(again.at(-1)).toEqual({ type: "end" });
    expect(await answer.call.closed).toEqual({ early: false });
    expect(await answerOf(answer.conversationId)).toMatchObject({ status: "complete" });
  });

  it("Stop ends the followers too, with the text as stored (interrupted)", async () => {
    const answer = await started();
    await answer.leave();
    const res = await follow(answer.messageId);
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk");
    const stop = await t.request("/api/chat-stream/stop", {
      method: "POST",
      token: ada,
      json: { messageId: answer.messageId },
    });
    expect(stop.status).toBe(204);
    const all = [...events, ...(await readSse(new Response(await readRest(reader))))];
    expect(all.at(-1)).toEqual({ type: "end" });
    const stored = await answerOf(answer.conversationId);
    expect(stored?.status).toBe("interrupted");
    expect(stored!.content).toBe(`${text(all)}\n\n${RESPONSE_INTERRUPTED_MARK}`);
  });

  it("204 for an answer that has ended or is written by another process; 404, 400 and 401 otherwise", async () => {
    const { stored } = await turn("paced", "Count once more");
    const ended = await follow(stored!.id);
    expect(ended.status).toBe(204);
    expect(await ended.text()).toBe("");
    // Still streaming in its row, but no stream here writes it (another process does).
    const [elsewhere] = await t.services.database.db
      .insert(messages)
      .values({
        conversationId: stored!.conversationId,
        userId: adaId,
        role: "assistant",
        content: "Half",
        status: "streaming",
      })
      .returning({ id: messages.id });
    expect((await follow(elsewhere!.id)).status).toBe(204);
    const bob = await t.newUser(`bob-${randomUUID()}@example.com`);
    expect((await follow(elsewhere!.id, bob)).status).toBe(404);
    expect((await follow(randomUUID())).status).toBe(404);
    const question = (
      await t.services.database.db
        .select({ id: messages.id })
        .from(messages)
        .where(and(eq(messages.conversationId, stored!.conversationId), eq(messages.role, "user")))
    )[0]!;
    expect((await follow(question.id)).status).toBe(404);
    const bad = await follow("not-an-id");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toContain(
      "not a message id",
    );
    expect((await t.request(`/api/chat-stream/${elsewhere!.id}/follow`)).status).toBe(401);
    await t.services.database.db.delete(messages).where(eq(messages.id, elsewhere!.id));
  });
});

describe("a picture that cannot be read when the answer starts", () => {
  it("ends with one error and undoes the turn, instead of a stream that breaks", async () => {
    const form = new FormData();
    form.append("file", new File([TINY_PNG], "photo.png", { type: "image/png" }));
    const uploaded = await t.request("/api/chat-images", { method: "POST", token: ada, body: form });
    expect(uploaded.status).toBe(201);
    const { id, url } = (await uploaded.json()) as { id: string; url: string };
    // The file is gone from storage (a lost volume, a bucket outage) after the upload was accepted.
    await t.services.storage.remove(decodeURIComponent(url.slice("/files/".length)));
    // Tessa reads pictures (vision), so the answer needs the bytes.
    const res = await chat({ message: "What is in this picture?", model: "guide", images: [{ id }] });
    const events = await readSse(res);
    expect(closing(events)).toEqual([
      { type: "error", error: "STREAM_FAILED", message: CHAT_ERROR_MESSAGES.failed },
    ]);
    const conversationId = events[0]!.conversationId as string;
    expect(
      await t.services.database.db.select().from(messages).where(eq(messages.conversationId, conversationId)),
    ).toEqual([]);
  });
});

describe("a double submit of the same client message id", () => {
  it("answers once: the second request is refused with 409, its model call aborted and recorded", async () => {
    const discarded = async () =>
      (await t.services.database.db.select().from(discardedModelCalls)).filter((r) => r.userId === adaId);
    const discardedBefore = (await discarded()).length;
    const clientMessageId = crypto.randomUUID();
    const body = { message: "Only once, please", model: "local/paced", clientMessageId };
    const [a, b] = await Promise.all([chat(body), chat(body)]);
    const [ok, refused] = a.status === 200 ? [a, b] : [b, a];
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await refused.json()).toMatchObject({
      error: { code: "CONFLICT", message: STREAM_MESSAGES.duplicate },
    });
    const events = await readSse(ok);
    expect(closing(events).map((e) => e.type)).toEqual(["complete"]);
    // Sent again after the answer (a client retry): still refused. Each refused request's model call,
    // begun while the question was written, was aborted at once and written down with what the
    // provider had reported for it (nothing, this soon).
    expect((await chat(body)).status).toBe(409);
    const refusedCalls = (await discarded()).slice(discardedBefore);
    expect(refusedCalls).toHaveLength(2);
    for (const call of refusedCalls)
      expect(call).toMatchObject({ model: "local/paced", reason: "duplicate", outputTokens: null });
    const questions = await t.services.database.db
      .select()
      .from(messages)
      .where(eq(messages.clientMessageId, clientMessageId));
    expect(questions).toHaveLength(1);
    // The refused requests left no conversation behind.
    const mine = await t.services.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.title, "Only once, please"));
    expect(mine).toHaveLength(1);
  });

  it("refuses an id that is not a uuid with 400", async () => {
    const res = await chat({ message: "Hi", model: "local/paced", clientMessageId: "twice" });
    expect(res.status).toBe(400);
  });
});

describe("the sweep of answers left streaming", () => {
  it("closes those whose writer's lease ran out as interrupted with their text; spares live ones", async () => {
    const db = t.services.database.db;
    const userId = (await me()).id;
    const [conversation] = await db
      .insert(conversations)
      .values({ userId, title: "Left behind" })
      .returning({ id: conversations.id });
    // Two left by a writer whose lease is gone (no such writer holds one), one of a live writer (this
    // process), and one stored before leases (no writer) that is older than any answer can run.
    const gone = randomUUID();
    const left = {
      conversationId: conversation!.id,
      userId,
      role: "assistant" as const,
      status: "streaming",
    };
    const rows = await db
      .insert(messages)
      .values([
        { ...left, content: "Partial text", writerId: gone },
        { ...left, content: "", writerId: gone },
        { ...left, content: "Still coming", writerId: t.services.answers.writerId },
        { ...left, content: "Old", createdAt: new Date(Date.now() - 86_400_000) },
        { ...left, content: "Recent, unleased" },
      ])
      .returning({ id: messages.id });
    expect((await t.services.answers.sweep()).messages).toBeGreaterThanOrEqual(3);
    const after = await db.select().from(messages).where(eq(messages.conversationId, conversation!.id));
    const byId = new Map(after.map((m) => [m.id, m]));
    expect(byId.get(rows[2]!.id)).toMatchObject({ status: "streaming", content: "Still coming" });
    expect(byId.get(rows[3]!.id)).toMatchObject({
      status: "interrupted",
      content: `Old\n\n${RESPONSE_INTERRUPTED_MARK}`,
    });
    expect(byId.get(rows[4]!.id)).toMatchObject({ status: "streaming" });
    expect(byId.get(rows[0]!.id)).toMatchObject({
      status: "interrupted",
      content: `Partial text\n\n${RESPONSE_INTERRUPTED_MARK}`,
    });
    expect(byId.get(rows[1]!.id)).toMatchObject({
      status: "interrupted",
      content: RESPONSE_INTERRUPTED_MARK,
    });
  });
});

async function me() {
  const res = await t.request("/api/auth/get-session", { token: ada });
  return ((await res.json()) as { user: { id: string } }).user;
}

// Last: after a shutdown this app takes no new streams.
describe("a server shutdown mid-stream (in process; main.test.ts drives the real process)", () => {
  it("stores the text as interrupted, sends one closing error that says so, and refuses new streams", async () => {
    const res = await chat({ message: "Long answer please", model: "local/paced" });
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk" && e.content === "w5 ");
    const shutdown = t.services.answers.shutdown(5_000);
    const rest = await readRest(reader);
    expect(await shutdown).toEqual({ aborted: 1, finished: true });
    const after = await readSse(new Response(rest));
    const all = [...events, ...after];
    expect(closing(all)).toEqual([
      { type: "error", error: "SERVER_RESTARTING", message: STREAM_MESSAGES.serverRestarting },
    ]);
    expect(all.at(-1)!.type).toBe("error");
    const stored = await answerOf(events[0]!.conversationId as string);
    expect(stored?.status).toBe("interrupted");
    expect(stored!.content).toBe(`${streamed(all)}\n\n${RESPONSE_INTERRUPTED_MARK}`);
    expectNothingLeaked(rest);

    const refused = await chat({ message: "Anyone?", model: "local/paced" });
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({ error: { message: STREAM_MESSAGES.restarting } });
  });
});
