import {
  MAX_MESSAGE_CHARS,
  RESPONSE_INTERRUPTED_MARK,
  STREAM_MESSAGES,
  type StoredMessage,
} from "@tessera/contracts";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, discardedModelCalls, messages } from "../../db/schema";
import { sweepAsIfDead } from "../../test/leases";
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

const PACED = Array.from({ length: 60 }, (_, i) => `w${i} `);

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let ada: string;
let bob: string;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["hello", "first", "second", "broken", "paced", "silent"],
    scripts: {
      hello: { kind: "stream", chunks: ["Hi", " there."] },
      first: { kind: "stream", chunks: ["First", " answer."] },
      second: { kind: "stream", chunks: ["Second", " answer."] },
      broken: { kind: "status", status: 500, body: { error: { message: "upstream trace" } } },
      paced: { kind: "stream", chunks: PACED, delayMs: 50 },
      silent: { kind: "silence", ms: 20_000 },
    },
  });
  t = await createTestApp(
    { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-test-key" },
    { chatIdleMs: 10_000 },
  );
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const chat = (body: Record<string, unknown>) =>
  t.request("/api/chat-stream", { method: "POST", token: ada, json: body });
const regenerate = (body: Record<string, unknown>, token = ada, init: RequestInit = {}) =>
  t.request("/api/chat-stream/regenerate", { method: "POST", token, json: body, ...init });
const streamed = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");
const listed = async (conversationId: string) =>
  (await (
    await t.request(`/api/conversations/${conversationId}/messages`, { token: ada })
  ).json()) as StoredMessage[];
const rowsOf = (conversationId: string) =>
  t.services.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.createdAt);
const callsTo = (model: string) => upstream.requests.filter((r) => r.body.model === model);
const sentMessages = (model: string) =>
  (callsTo(model).at(-1)!.body.messages as { role: string; content: string }[]).map((m) => [
    m.role,
    m.content,
  ]);

/** A conversation of two turns: "Hello" answered by `hello`, then "Capital of France?" by `first`. */
async function twoTurns() {
  const one = await readSse(await chat({ message: "Hello", model: "local/hello" }));
  const conversationId = one[0]!.conversationId as string;
  const two = await readSse(
    await chat({ message: "Capital of France?", model: "local/first", conversationId }),
  );
  return {
    conversationId,
    answerId: two[0]!.messageId as string,
    firstAnswerId: one[0]!.messageId as string,
  };
}

describe("POST /api/chat-stream/regenerate", () => {
  it("answers the last question again in place of its answer; the old one is kept out of sight", async () => {
    const { conversationId, answerId } = await twoTurns();
    const res = await regenerate({ messageId: answerId, model: "local/second" });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    expect(events[0]).toMatchObject({ type: "start", conversationId, model: "local/second" });
    const newId = events[0]!.messageId as string;
    expect(newId).not.toBe(answerId);
    expect(streamed(events)).toBe("Second answer.");
    expect(events.at(-1)).toMatchObject({ type: "complete", messageId: newId });

    // The model read the history and the question, not the answer it replaces.
    expect(sentMessages("second").filter(([role]) => role !== "system")).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi there."],
      ["user", "Capital of France?"],
    ]);
    // Shown: the same four messages, the last one the new answer.
    const shown = await listed(conversationId);
    expect(shown.map((m) => [m.role, m.content])).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi there."],
      ["user", "Capital of France?"],
      ["assistant", "Second answer."],
    ]);
    expect(shown[3]).toMatchObject({ id: newId, model: "local/second", status: "complete" });
    const summary = (await (
      await t.request(`/api/conversations/${conversationId}`, { token: ada })
    ).json()) as {
      message_count: number;
      model: string;
    };
    expect(summary).toMatchObject({ message_count: 4, model: "local/second" });
    // Kept, out of sight: the replaced answer names its replacement.
    const rows = await rowsOf(conversationId);
    expect(rows.find((r) => r.id === answerId)).toMatchObject({
      content: "First answer.",
      replacedBy: newId,
    });
    // Nor is it exported.
    const exported = await (
      await t.request(`/api/conversations/${conversationId}/export`, { token: ada })
    ).text();
    expect(exported).toContain("Second answer.");
    expect(exported).not.toContain("First answer.");

    // The next turn's history holds the new answer.
    await readSse(await chat({ message: "And Germany?", model: "local/first", conversationId }));
    expect(sentMessages("first").filter(([role]) => role !== "system")).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi there."],
      ["user", "Capital of France?"],
      ["assistant", "Second answer."],
      ["user", "And Germany?"],
    ]);
  });

  it("the answers a regenerate replaced are listed, oldest first, under the one that replaced them", async () => {
    const { conversationId, answerId, firstAnswerId } = await twoTurns();
    const two = await readSse(await regenerate({ messageId: answerId, model: "local/second" }));
    const three = await readSse(await regenerate({ messageId: two[0]!.messageId, model: "local/hello" }));
    const latest = three[0]!.messageId as string;
    const earlier = (id: string, token = ada) =>
      t.request(`/api/conversations/${conversationId}/messages/${id}/earlier`, { token });

    const shown = await listed(conversationId);
    expect(shown.at(-1)).toMatchObject({ id: latest, content: "Hi there.", has_earlier: true });
    expect(shown.filter((m) => m.has_earlier)).toHaveLength(1);
    const res = await earlier(latest);
    expect(res.status).toBe(200);
    expect(((await res.json()) as StoredMessage[]).map((m) => [m.content, m.model])).toEqual([
      ["First answer.", "local/first"],
      ["Second answer.", "local/second"],
    ]);
    // None before the first answer; someone else's, or another conversation's, is a 404.
    expect(await (await earlier(firstAnswerId)).json()).toEqual([]);
    expect((await earlier(latest, bob)).status).toBe(404);
    expect((await earlier(randomUUID())).status).toBe(404);
    expect(
      (await t.request(`/api/conversations/${conversationId}/messages/nope/earlier`, { token: ada })).status,
    ).toBe(400);

    // An edited question starts afresh: its answer has no earlier ones.
    const edited = await readSse(
      await regenerate({ messageId: latest, model: "local/second", message: "Capital of Italy?" }),
    );
    expect((await listed(conversationId)).at(-1)).not.toHaveProperty("has_earlier");
    expect(await (await earlier(edited[0]!.messageId as string)).json()).toEqual([]);
  });

  it("with `message`, the question is edited first: the new wording is asked and shown, the old kept out of sight", async () => {
    const { conversationId, answerId } = await twoTurns();
    const oldQuestion = (await listed(conversationId))[2]!;
    const events = await readSse(
      await regenerate({ messageId: answerId, model: "local/second", message: "  Capital of Italy?  " }),
    );
    expect(streamed(events)).toBe("Second answer.");
    expect(sentMessages("second").filter(([role]) => role !== "system")).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi there."],
      ["user", "Capital of Italy?"],
    ]);
    const shown = await listed(conversationId);
    expect(shown.map((m) => [m.role, m.content])).toEqual([
      ["user", "Hello"],
      ["assistant", "Hi there."],
      ["user", "Capital of Italy?"],
      ["assistant", "Second answer."],
    ]);
    expect(shown[2]!.id).not.toBe(oldQuestion.id);
    expect(shown[3]!.id).toBe(events[0]!.messageId);
    const rows = await rowsOf(conversationId);
    expect(rows.find((r) => r.id === oldQuestion.id)).toMatchObject({
      content: "Capital of France?",
      replacedBy: shown[2]!.id,
    });
    // The old answer names the new question, as the old question does: it is no earlier answer of it.
    expect(rows.find((r) => r.id === answerId)?.replacedBy).toBe(shown[2]!.id);

    // An edit whose answer fails before its first word gives back the question and the answer it replaced.
    const failed = await readSse(
      await regenerate({ messageId: shown[3]!.id, model: "local/broken", message: "Capital of Spain?" }),
    );
    expect(failed.at(-1)).toMatchObject({ type: "error" });
    expect(await listed(conversationId)).toEqual(shown);
    expect(await rowsOf(conversationId)).toHaveLength(6);

    for (const message of ["", "   ", "x".repeat(MAX_MESSAGE_CHARS + 1)]) {
      const res = await regenerate({ messageId: shown[3]!.id, model: "local/second", message });
      expect(res.status).toBe(400);
    }
    expect(await listed(conversationId)).toEqual(shown);
  });

  it("an edited first question names its conversation anew, unless its owner renamed it; an undone edit puts the name back", async () => {
    const titleOf = async (id: string) =>
      ((await (await t.request(`/api/conversations/${id}`, { token: ada })).json()) as { title: string })
        .title;
    const one = await readSse(await chat({ message: "Tell me about otters", model: "local/hello" }));
    const conversationId = one[0]!.conversationId as string;
    expect(await titleOf(conversationId)).toBe("Tell me about otters");

    const edited = await readSse(
      await regenerate({
        messageId: one[0]!.messageId,
        model: "local/first",
        message: "Tell me about beavers",
      }),
    );
    expect(await titleOf(conversationId)).toBe("Tell me about beavers");

    // Failed before its first word, the edit is undone, and the name with it.
    const failed = await readSse(
      await regenerate({
        messageId: edited[0]!.messageId,
        model: "local/broken",
        message: "Tell me about moles",
      }),
    );
    expect(failed.at(-1)).toMatchObject({ type: "error" });
    expect(await titleOf(conversationId)).toBe("Tell me about beavers");

    // A name the owner gave stays.
    const renamed = await t.request(`/api/conversations/${conversationId}`, {
      method: "PATCH",
      token: ada,
      json: { title: "Rodents" },
    });
    expect(renamed.status).toBe(200);
    await readSse(
      await regenerate({
        messageId: edited[0]!.messageId,
        model: "local/second",
        message: "Tell me about voles",
      }),
    );
    expect(await titleOf(conversationId)).toBe("Rodents");

    // A later question, edited, leaves the name alone.
    const { conversationId: two, answerId } = await twoTurns();
    await readSse(
      await regenerate({ messageId: answerId, model: "local/second", message: "Capital of Peru?" }),
    );
    expect(await titleOf(two)).toBe("Hello");
  });

  it("only an answer shown: one out of sight is a 409, someone else's or a question a 404; nothing is asked or stored", async () => {
    const { conversationId, answerId } = await twoTurns();
    const replaced = await readSse(await regenerate({ messageId: answerId, model: "local/second" }));
    const latest = replaced[0]!.messageId as string;
    const before = upstream.requests.length;
    const rowsBefore = await rowsOf(conversationId);

    // An earlier answer in sight can be regenerated (branches.test.ts); one out of sight cannot.
    for (const messageId of [answerId]) {
      const res = await regenerate({ messageId, model: "local/second" });
      expect(res.status).toBe(409);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
        STREAM_MESSAGES.notLatest,
      );
    }
    const question = rowsBefore.find((r) => r.role === "user" && r.content === "Capital of France?")!;
    for (const [messageId, token] of [
      [latest, bob],
      [randomUUID(), ada],
      [question.id, ada],
    ] as const)
      expect((await regenerate({ messageId, model: "local/second" }, token)).status).toBe(404);
    expect(
      (
        await t.request("/api/chat-stream/regenerate", {
          method: "POST",
          json: { messageId: latest, model: "local/second" },
        })
      ).status,
    ).toBe(401);
    for (const bad of [{ messageId: "nope", model: "local/second" }, { messageId: latest }, {}]) {
      const res = await regenerate(bad);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
    // A model nobody serves is refused before anything is stored.
    expect((await regenerate({ messageId: latest, model: "nobody/nothing" })).status).toBeGreaterThanOrEqual(
      400,
    );

    expect(upstream.requests.length).toBe(before);
    expect(await rowsOf(conversationId)).toEqual(rowsBefore);
  });

  it("a replacement that fails before its first word gives the old answer back", async () => {
    const { conversationId, answerId } = await twoTurns();
    const shownBefore = await listed(conversationId);
    const events = await readSse(await regenerate({ messageId: answerId, model: "local/broken" }));
    expect(events.at(-1)).toMatchObject({ type: "error" });
    expect(streamed(events)).toBe("");
    expect(await listed(conversationId)).toEqual(shownBefore);
    const rows = await rowsOf(conversationId);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.id === answerId)?.replacedBy).toBeNull();
    // And it can be regenerated again.
    const again = await readSse(await regenerate({ messageId: answerId, model: "local/second" }));
    expect(streamed(again)).toBe("Second answer.");
  });

  it("a client message id sent again is refused with 409, its model call aborted and recorded", async () => {
    const { conversationId, answerId } = await twoTurns();
    const clientMessageId = randomUUID();
    const discarded = async () =>
      (await t.services.database.db.select().from(discardedModelCalls)).filter(
        (r) => r.model === "local/second" && r.reason === "duplicate",
      ).length;
    const discardedBefore = await discarded();
    const first = await readSse(
      await regenerate({ messageId: answerId, model: "local/second", clientMessageId }),
    );
    const newId = first[0]!.messageId as string;
    const res = await regenerate({ messageId: newId, model: "local/second", clientMessageId });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      STREAM_MESSAGES.duplicate,
    );
    // The model was asked while the replacement was written; refused, the call was aborted at once.
    expect((await discarded()) - discardedBefore).toBe(1);
    // The duplicate undid all it began: the answer it named is still shown.
    expect((await listed(conversationId)).at(-1)).toMatchObject({ id: newId, content: "Second answer." });
  });

  it("while the replacement is written it is the one to follow or stop; Stop by the client id keeps its text so far", async () => {
    const { conversationId, answerId } = await twoTurns();
    const clientMessageId = randomUUID();
    const controller = new AbortController();
    const res = await regenerate({ messageId: answerId, model: "local/paced", clientMessageId }, ada, {
      signal: controller.signal,
    });
    const { reader, events } = await readUntil(res, (e) => e.type === "chunk" && e.content === "w3 ");
    const newId = events[0]!.messageId as string;
    // Neither the answer being replaced nor the one being written can be regenerated meanwhile.
    for (const messageId of [answerId, newId])
      expect((await regenerate({ messageId, model: "local/second" })).status).toBe(409);
    // A reload shows the replacement being written, in the old one's place.
    expect((await listed(conversationId)).map((m) => [m.id, m.status]).at(-1)).toEqual([newId, "streaming"]);

    const stop = await t.request("/api/chat-stream/stop", {
      method: "POST",
      token: ada,
      json: { clientMessageId },
    });
    expect(stop.status).toBe(204);
    await readRest(reader);
    const stored = await eventually(
      async () => (await listed(conversationId)).at(-1),
      (m) => m?.status !== "streaming",
    );
    expect(stored).toMatchObject({ id: newId, status: "interrupted" });
    expect(stored!.content.startsWith("w0 w1 w2 w3 ")).toBe(true);
    expect(stored!.content.endsWith(RESPONSE_INTERRUPTED_MARK)).toBe(true);
    expect((await rowsOf(conversationId)).find((r) => r.id === answerId)?.replacedBy).toBe(newId);
  });

  it("stopped before its first word, the replacement gives the old answer back", async () => {
    const { conversationId, answerId } = await twoTurns();
    const shownBefore = await listed(conversationId);
    const res = await regenerate({ messageId: answerId, model: "local/silent" });
    const { reader, events } = await readUntil(res, (e) => e.type === "start");
    const stop = await t.request("/api/chat-stream/stop", {
      method: "POST",
      token: ada,
      json: { messageId: events[0]!.messageId },
    });
    expect(stop.status).toBe(204);
    await readRest(reader);
    await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
    expect(await listed(conversationId)).toEqual(shownBefore);
    expect(await rowsOf(conversationId)).toHaveLength(4);
    const [conv] = await t.services.database.db
      .select()
      .from(conversations)
      .where(eq(conversations.id, conversationId));
    expect(conv).toBeDefined();
  });

  it("an edited first question left unanswered by a process that died gives its conversation's name back in the sweep, unless renamed", async () => {
    const titleOf = async (id: string) =>
      ((await (await t.request(`/api/conversations/${id}`, { token: ada })).json()) as { title: string })
        .title;
    for (const rename of [null, "Rodents"]) {
      const one = await readSse(await chat({ message: "Tell me about otters", model: "local/hello" }));
      const conversationId = one[0]!.conversationId as string;
      const shownBefore = await listed(conversationId);
      const res = await regenerate({
        messageId: one[0]!.messageId,
        model: "local/silent",
        message: "Tell me about beavers",
      });
      const { reader, events } = await readUntil(res, (e) => e.type === "start");
      expect(await titleOf(conversationId)).toBe("Tell me about beavers");
      if (rename) {
        const renamed = await t.request(`/api/conversations/${conversationId}`, {
          method: "PATCH",
          token: ada,
          json: { title: rename },
        });
        expect(renamed.status).toBe(200);
      }

      // The sweep once this process's lease ran out, as after a crash: the stream here is left
      // running, as if elsewhere.
      expect((await sweepAsIfDead(t.services)).messages).toBeGreaterThanOrEqual(1);
      expect(await listed(conversationId)).toEqual(shownBefore);
      expect(await titleOf(conversationId)).toBe(rename ?? "Tell me about otters");

      // The stream giving up later changes nothing more.
      void t.services.answers.stopHere(events[0]!.messageId as string);
      await readRest(reader);
      await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
      expect(await listed(conversationId)).toEqual(shownBefore);
      expect(await titleOf(conversationId)).toBe(rename ?? "Tell me about otters");
    }
  });

  it("left streaming without a word by a process that died, the sweep gives back what the replacement replaced", async () => {
    for (const edit of [{}, { message: "Capital of Spain?" }]) {
      const { conversationId, answerId } = await twoTurns();
      const shownBefore = await listed(conversationId);
      const res = await regenerate({ messageId: answerId, model: "local/silent", ...edit });
      const { reader, events } = await readUntil(res, (e) => e.type === "start");
      const newId = events[0]!.messageId as string;
      expect((await listed(conversationId)).at(-1)).toMatchObject({ id: newId, status: "streaming" });

      // The sweep once this process's lease ran out, as after a crash: the stream here is left
      // running, as if elsewhere.
      expect((await sweepAsIfDead(t.services)).messages).toBeGreaterThanOrEqual(1);
      expect(await listed(conversationId)).toEqual(shownBefore);
      expect(await rowsOf(conversationId)).toHaveLength(4);

      // A later regenerate holds the place when the first stream finally gives up: it is not undone.
      const again = await readSse(await regenerate({ messageId: answerId, model: "local/second" }));
      expect(streamed(again)).toBe("Second answer.");
      void t.services.answers.stopHere(newId);
      await readRest(reader);
      await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
      const shown = await listed(conversationId);
      expect(shown.map((m) => m.content)).toEqual([
        "Hello",
        "Hi there.",
        "Capital of France?",
        "Second answer.",
      ]);
    }
  });
});
