import {
  STREAM_MESSAGES,
  type ConversationsExport,
  type SharedConversation,
  type StoredMessage,
} from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let ada: string;
let bob: string;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["one", "two", "three", "again", "edited", "later", "paced"],
    scripts: {
      one: { kind: "stream", chunks: ["Answer", " one."] },
      two: { kind: "stream", chunks: ["Answer", " two."] },
      three: { kind: "stream", chunks: ["Answer", " three."] },
      again: { kind: "stream", chunks: ["Answer", " again."] },
      edited: { kind: "stream", chunks: ["Edited", " answer."] },
      later: { kind: "stream", chunks: ["Later", " answer."] },
      paced: { kind: "stream", chunks: Array.from({ length: 40 }, (_, i) => `w${i} `), delayMs: 50 },
    },
  });
  t = await createTestApp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-test-key" });
  ada = await t.newUser("ada.branches@example.com");
  bob = await t.newUser("bob.branches@example.com");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const chat = (body: Record<string, unknown>) =>
  t.request("/api/chat-stream", { method: "POST", token: ada, json: body });
const regenerate = (body: Record<string, unknown>) =>
  t.request("/api/chat-stream/regenerate", { method: "POST", token: ada, json: body });
const switchTo = (conversationId: string, messageId: string, token = ada) =>
  t.request(`/api/conversations/${conversationId}/branch`, {
    method: "PATCH",
    token,
    json: { messageId },
  });
const listed = async (conversationId: string) =>
  (await (
    await t.request(`/api/conversations/${conversationId}/messages`, { token: ada })
  ).json()) as StoredMessage[];
const contents = (shown: StoredMessage[]) => shown.map((m) => m.content);
const listedAs = async (token: string, conversationId: string) =>
  (await (
    await t.request(`/api/conversations/${conversationId}/messages`, { token })
  ).json()) as StoredMessage[];
/** What the model was last sent under `model`, the system prompt left out. */
const sentTo = (model: string) =>
  (
    upstream.requests.filter((r) => r.body.model === model).at(-1)!.body.messages as {
      role: string;
      content: string;
    }[]
  )
    .filter((m) => m.role !== "system")
    .map((m) => m.content);

/** Three turns: Q1 → "Answer one.", Q2 → "Answer two.", Q3 → "Answer three.". */
async function threeTurns() {
  const one = await readSse(await chat({ message: "Q1", model: "local/one" }));
  const conversationId = one[0]!.conversationId as string;
  const two = await readSse(await chat({ message: "Q2", model: "local/two", conversationId }));
  await readSse(await chat({ message: "Q3", model: "local/three", conversationId }));
  const shown = await listed(conversationId);
  return {
    conversationId,
    firstAnswer: one[0]!.messageId as string,
    secondAnswer: two[0]!.messageId as string,
    ids: shown.map((m) => m.id),
  };
}

describe("branches of a conversation", () => {
  it("regenerates an earlier answer: the conversation branches there, the model sees only the branch", async () => {
    const { conversationId, firstAnswer } = await threeTurns();
    const res = await regenerate({ messageId: firstAnswer, model: "local/again" });
    expect(res.status).toBe(200);
    const events = await readSse(res);
    const newAnswer = events[0]!.messageId as string;
    expect(events.at(-1)).toMatchObject({ type: "complete", messageId: newAnswer });
    // Only the question before the answer: nothing of what followed the old one.
    expect(sentTo("again")).toEqual(["Q1"]);

    const shown = await listed(conversationId);
    expect(contents(shown)).toEqual(["Q1", "Answer again."]);
    expect(shown[1]!.versions).toEqual([firstAnswer, newAnswer]);
    expect(shown[0]!.versions).toBeUndefined();

    // A message appended now follows the new answer, and the model sees that branch alone.
    await readSse(await chat({ message: "Q2b", model: "local/later", conversationId }));
    expect(sentTo("later")).toEqual(["Q1", "Answer again.", "Q2b"]);
    expect(contents(await listed(conversationId))).toEqual(["Q1", "Answer again.", "Q2b", "Later answer."]);

    // The old version comes back with all that followed it, and stays after a reload.
    const back = await switchTo(conversationId, firstAnswer);
    expect(back.status).toBe(200);
    const old = (await back.json()) as StoredMessage[];
    expect(contents(old)).toEqual(["Q1", "Answer one.", "Q2", "Answer two.", "Q3", "Answer three."]);
    expect(contents(await listed(conversationId))).toEqual(contents(old));
    expect(old[1]!.versions).toEqual([firstAnswer, newAnswer]);

    // Appending to the old branch: the model sees it, not the other.
    await readSse(await chat({ message: "Q4", model: "local/later", conversationId }));
    expect(sentTo("later")).toEqual(["Q1", "Answer one.", "Q2", "Answer two.", "Q3", "Answer three.", "Q4"]);

    // And the other branch again, as it was left.
    const again = (await (await switchTo(conversationId, newAnswer)).json()) as StoredMessage[];
    expect(contents(again)).toEqual(["Q1", "Answer again.", "Q2b", "Later answer."]);
  });

  it("edits an earlier question: a new version of it is answered; the old one keeps its branch", async () => {
    const { conversationId, secondAnswer, ids } = await threeTurns();
    const oldQuestion = ids[2]!;
    const res = await regenerate({ messageId: secondAnswer, model: "local/edited", message: "Q2 edited" });
    expect(res.status).toBe(200);
    await readSse(res);
    expect(sentTo("edited")).toEqual(["Q1", "Answer one.", "Q2 edited"]);

    const shown = await listed(conversationId);
    expect(contents(shown)).toEqual(["Q1", "Answer one.", "Q2 edited", "Edited answer."]);
    expect(shown[2]!.versions).toEqual([oldQuestion, shown[2]!.id]);
    // The new answer has no other version: it is the first under its question.
    expect(shown[3]!.versions).toBeUndefined();

    const old = (await (await switchTo(conversationId, oldQuestion)).json()) as StoredMessage[];
    expect(contents(old)).toEqual(["Q1", "Answer one.", "Q2", "Answer two.", "Q3", "Answer three."]);
    await readSse(await chat({ message: "Q4", model: "local/later", conversationId }));
    expect(sentTo("later")).toEqual(["Q1", "Answer one.", "Q2", "Answer two.", "Q3", "Answer three.", "Q4"]);
  });

  it("edits the first question: both versions are first questions", async () => {
    const { conversationId, firstAnswer, ids } = await threeTurns();
    await readSse(await regenerate({ messageId: firstAnswer, model: "local/edited", message: "Q1 edited" }));
    expect(sentTo("edited")).toEqual(["Q1 edited"]);
    const shown = await listed(conversationId);
    expect(contents(shown)).toEqual(["Q1 edited", "Edited answer."]);
    expect(shown[0]!.versions).toEqual([ids[0], shown[0]!.id]);
    const old = (await (await switchTo(conversationId, ids[0]!)).json()) as StoredMessage[];
    expect(old).toHaveLength(6);
  });

  it("reaches a message deep in another branch by choosing each version on its way", async () => {
    const { conversationId, firstAnswer, ids } = await threeTurns();
    await readSse(await regenerate({ messageId: firstAnswer, model: "local/again" }));
    // Q3's answer lies in the branch of the first answer.
    const deep = ids[5]!;
    const res = await switchTo(conversationId, deep);
    expect(res.status).toBe(200);
    expect(contents((await res.json()) as StoredMessage[])).toEqual([
      "Q1",
      "Answer one.",
      "Q2",
      "Answer two.",
      "Q3",
      "Answer three.",
    ]);
    // A message already shown changes nothing.
    expect(contents((await (await switchTo(conversationId, deep)).json()) as StoredMessage[])).toHaveLength(
      6,
    );
  });

  it("refuses a switch or a regenerate while an answer of the branch is being written", async () => {
    const { conversationId, firstAnswer } = await threeTurns();
    await readSse(await regenerate({ messageId: firstAnswer, model: "local/again" }));
    const writing = await chat({ message: "slow", model: "local/paced", conversationId });
    const reader = readSse(writing);
    const res = await switchTo(conversationId, firstAnswer);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      STREAM_MESSAGES.notLatest,
    );
    const regen = await regenerate({ messageId: firstAnswer, model: "local/again" });
    expect(regen.status).toBe(409);
    await reader;
    expect((await switchTo(conversationId, firstAnswer)).status).toBe(200);
  });

  it("answers 404 for someone else's conversation or message, 400 for a bad body, 401 without a session", async () => {
    const { conversationId, firstAnswer } = await threeTurns();
    expect((await switchTo(conversationId, firstAnswer, bob)).status).toBe(404);
    const bobs = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: bob,
        json: { message: "Mine", model: "local/one" },
      }),
    );
    // Bob's message, named in Ada's conversation.
    expect((await switchTo(conversationId, bobs[0]!.messageId as string)).status).toBe(404);
    expect((await switchTo(bobs[0]!.conversationId as string, bobs[0]!.messageId as string)).status).toBe(
      404,
    );
    expect((await regenerate({ messageId: bobs[0]!.messageId, model: "local/again" })).status).toBe(404);
    const bad = await t.request(`/api/conversations/${conversationId}/branch`, {
      method: "PATCH",
      token: ada,
      json: { messageId: "nope" },
    });
    expect(bad.status).toBe(400);
    const anonymous = await t.request(`/api/conversations/${conversationId}/branch`, {
      method: "PATCH",
      json: { messageId: firstAnswer },
    });
    expect(anonymous.status).toBe(401);
  });

  it("exports every branch, and an import of the export brings them all back, the same one shown", async () => {
    const token = await t.newUser("carol.branches@example.com");
    const asCarol = (path: string, init: Parameters<TestApp["request"]>[1] = {}) =>
      t.request(path, { token, ...init });
    const one = await readSse(
      await asCarol("/api/chat-stream", { method: "POST", json: { message: "Q1", model: "local/one" } }),
    );
    const conversationId = one[0]!.conversationId as string;
    await readSse(
      await asCarol("/api/chat-stream", {
        method: "POST",
        json: { message: "Q2", model: "local/two", conversationId },
      }),
    );
    await readSse(
      await asCarol("/api/chat-stream/regenerate", {
        method: "POST",
        json: { messageId: one[0]!.messageId, model: "local/again" },
      }),
    );
    const exportOf = async () =>
      (await (await asCarol("/api/conversations/export")).json()) as ConversationsExport;
    const first = await exportOf();
    expect(first.conversations[0]!.messages.map((m) => m.content)).toEqual([
      "Q1",
      "Answer one.",
      "Q2",
      "Answer two.",
      "Answer again.",
    ]);

    const res = await asCarol("/api/conversations/import", { method: "POST", json: first });
    expect(res.status).toBe(200);
    const both = await exportOf();
    const imported = both.conversations.find((c) => c.id !== conversationId)!;
    // The same tree under new ids: each message follows the same one, and the same ones are out of sight.
    const shape = (c: ConversationsExport["conversations"][number]) => {
      const index = new Map(c.messages.map((m, i) => [m.id, i]));
      return c.messages.map((m) => ({
        content: m.content,
        parent: m.parent_id ? index.get(m.parent_id) : null,
        hidden: m.replaced_by !== null,
        versions: m.versions?.map((v) => index.get(v)),
      }));
    };
    expect(shape(imported)).toEqual(shape(first.conversations[0]!));
    expect(contents(await listedAs(token, imported.id))).toEqual(["Q1", "Answer again."]);
    // And its other branch is there to show.
    const old = imported.messages.find((m) => m.content === "Answer one.")!;
    const back = await t.request(`/api/conversations/${imported.id}/branch`, {
      method: "PATCH",
      token,
      json: { messageId: old.id },
    });
    expect(contents((await back.json()) as StoredMessage[])).toEqual([
      "Q1",
      "Answer one.",
      "Q2",
      "Answer two.",
    ]);
  });

  it("shares the branch shown", async () => {
    const { conversationId, firstAnswer } = await threeTurns();
    await readSse(await regenerate({ messageId: firstAnswer, model: "local/again" }));
    const made = await t.request(`/api/conversations/${conversationId}/share`, {
      method: "POST",
      token: ada,
      json: {},
    });
    expect(made.status).toBe(200);
    const { token } = (await made.json()) as { token: string };
    const snapshot = (await (await t.request(`/api/shared/${token}`)).json()) as SharedConversation;
    expect(snapshot.messages.map((m) => m.content)).toEqual(["Q1", "Answer again."]);
  });
});
