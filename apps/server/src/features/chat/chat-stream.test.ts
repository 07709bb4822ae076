import { CHAT_ERROR_MESSAGES, type StoredMessage } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, messages } from "../../db/schema";
import { createTestApp, readSse, type SseEvent, type TestApp } from "../../test/test-app";
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
    models: ["normal", "limited", "broken", "dropped", "silent"],
    scripts: {
      normal: {
        kind: "stream",
        chunks: ["Paris", " is the", " capital."],
        usage: { prompt_tokens: 20, completion_tokens: 7 },
      },
      limited: {
        kind: "status",
        status: 429,
        body: { error: { message: "Rate limit exceeded: sk-secret-upstream-detail", type: "rate_limit" } },
      },
      broken: {
        kind: "status",
        status: 500,
        body: { error: { message: "internal upstream trace", type: "server_error" } },
      },
      dropped: { kind: "disconnect", chunks: ["Half", " an", " answer", " never"], after: 2 },
      silent: { kind: "silence", ms: 5_000 },
    },
  });
  t = await createTestApp(
    { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-test-key" },
    { chatIdleMs: 1_000 },
  );
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const chat = (token: string, body: Record<string, unknown>) =>
  t.request("/api/chat-stream", { method: "POST", token, json: body });
const closing = (events: SseEvent[]) =>
  events.filter((e) => e.type === "complete" || e.type === "end" || e.type === "error");
const text = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");

async function storedMessages(conversationId: string) {
  return t.services.database.db
    .select()
    .from(messages)
    .where(eq(messages.conversationId, conversationId))
    .orderBy(messages.createdAt);
}

describe("POST /api/chat-stream with Tessera Local (no provider needed)", () => {
  it("streams start, chunks and one complete with sources; creates the conversation titled by the message", async () => {
    const res = await chat(ada, { message: "Which model should I use for code?", model: "guide" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/event-stream");
    expect(res.headers.get("x-accel-buffering")).toBe("no");
    const events = await readSse(res);
    expect(events[0]).toMatchObject({ type: "start", conversationId: expect.any(String) as string });
    expect(closing(events)).toHaveLength(1);
    const done = events.at(-1)!;
    expect(done.type).toBe("complete");
    expect(done.outputTokens).toBeGreaterThan(0);
    expect((done.sources as { url: string }[]).length).toBeGreaterThan(0);
    expect(text(events)).toMatch(/Qwen|Kimi|DeepSeek|GPT-5/);

    const id = events[0]!.conversationId as string;
    const [conv] = await t.services.database.db.select().from(conversations).where(eq(conversations.id, id));
    expect(conv?.title).toBe("Which model should I use for code?");
    const stored = await storedMessages(id);
    expect(stored.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(stored[1]).toMatchObject({
      content: text(events),
      model: "guide",
      status: "complete",
      tokensUsed: done.outputTokens,
      // Tessera Local runs in the server: it costs nothing.
      cost: 0,
      sources: done.sources,
    });
  });

  it("answers the same question the same way (deterministic)", async () => {
    const a = text(
      await readSse(await chat(ada, { message: "How do I turn on two-factor?", model: "tessera-local" })),
    );
    const b = text(
      await readSse(await chat(ada, { message: "How do I turn on two-factor?", model: "tessera-local" })),
    );
    expect(a).toBe(b);
    expect(a.toLowerCase()).toContain("authenticator");
  });
});

describe("POST /api/chat-stream through an OpenAI-compatible provider", () => {
  it("streams the upstream text and reports its usage", async () => {
    const events = await readSse(await chat(ada, { message: "Capital of France?", model: "local/normal" }));
    expect(text(events)).toBe("Paris is the capital.");
    expect(events.at(-1)).toMatchObject({ type: "complete", outputTokens: 7 });
    const request = upstream.requests.findLast((r) => r.body.model === "normal");
    expect(request?.headers.authorization).toBe("Bearer sk-test-key");
  });

  it("continues a conversation with its history", async () => {
    const first = await readSse(
      await chat(ada, { message: "Remember the word teal.", model: "local/normal" }),
    );
    const conversationId = first[0]!.conversationId as string;
    await readSse(await chat(ada, { message: "Which word?", model: "local/normal", conversationId }));
    const sent = upstream.requests.findLast((r) => r.body.model === "normal")!.body.messages as {
      role: string;
      content: unknown;
    }[];
    expect(sent.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(JSON.stringify(sent)).toContain("Remember the word teal.");
    expect((await storedMessages(conversationId)).length).toBe(4);
  });

  it.each([
    ["limited", CHAT_ERROR_MESSAGES.rateLimited],
    ["broken", CHAT_ERROR_MESSAGES.unavailable],
  ])(
    "maps an upstream %s failure to the spec's message, once, without leaking upstream text",
    async (model, message) => {
      const before = upstream.requests.length;
      const res = await chat(ada, { message: "Hello?", model: `local/${model}` });
      const raw = await res.clone().text();
      const events = await readSse(res);
      expect(closing(events)).toEqual([{ type: "error", error: expect.any(String) as string, message }]);
      expect(raw).not.toContain("sk-");
      expect(raw).not.toContain("upstream");
      expect(upstream.requests.length - before).toBe(1);
      // Nothing came back, so the turn is undone: no stray question, and no empty new conversation.
      const conversationId = events[0]!.conversationId as string;
      expect(await storedMessages(conversationId)).toEqual([]);
      expect((await t.request(`/api/conversations/${conversationId}`, { token: ada })).status).toBe(404);
    },
  );

  it("keeps the partial text when the upstream drops mid-stream, and ends with one error", async () => {
    const events = await readSse(await chat(ada, { message: "Tell me more", model: "local/dropped" }));
    expect(text(events)).toBe("Half an");
    expect(closing(events)).toHaveLength(1);
    expect(events.at(-1)!.type).toBe("error");
    const conversationId = events[0]!.conversationId as string;
    const stored = await storedMessages(conversationId);
    expect(stored[1]).toMatchObject({ role: "assistant", content: "Half an", status: "error" });
    // The reason is kept, so a reload can say it as the live answer did.
    const reason = events.at(-1)!.message as string;
    expect(reason).toBeTruthy();
    const res = await t.request(`/api/conversations/${conversationId}/messages`, { token: ada });
    const listed = (await res.json()) as StoredMessage[];
    expect(listed.map((m) => m.error)).toEqual([undefined, reason]);
  });

  it("gives up on a silent upstream after the idle timeout with one error", async () => {
    const events = await readSse(await chat(ada, { message: "Anyone there?", model: "local/silent" }));
    expect(closing(events)).toEqual([
      { type: "error", error: "TIMEOUT", message: CHAT_ERROR_MESSAGES.unavailable },
    ]);
  });

  it("asks the model before its start event is read, so the two overlap", async () => {
    const asked = () => upstream.requests.filter((r) => r.body.model === "normal").length;
    const before = asked();
    const res = await chat(ada, { message: "Before anyone reads", model: "local/normal" });
    expect(res.status).toBe(200);
    // Nobody reads the body: the start event waits in the stream, and the model is asked regardless.
    await expect.poll(asked, { timeout: 2_000, interval: 10 }).toBe(before + 1);
    const events = await readSse(res);
    expect(events[0]).toMatchObject({ type: "start" });
    expect(text(events)).toBe("Paris is the capital.");
  });
});

describe("bad chat input", () => {
  it("refuses an unknown model with the 'not supported' message and writes nothing", async () => {
    const before = await t.services.database.db.select().from(messages);
    const res = await chat(ada, { message: "Hi", model: "gpt-17-ultra" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: CHAT_ERROR_MESSAGES.unsupported } });
    expect((await t.services.database.db.select().from(messages)).length).toBe(before.length);
  });

  it("says a catalogue model without its provider is unavailable", async () => {
    const res = await chat(ada, { message: "Hi", model: "claude-sonnet" });
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ error: { message: CHAT_ERROR_MESSAGES.unavailable } });
  });

  it("refuses empty messages, bad ids and missing fields with 400", async () => {
    for (const body of [
      { message: "   ", model: "guide" },
      { model: "guide" },
      { message: "x", model: "guide", conversationId: "nope" },
      { message: 5, model: "guide" },
    ]) {
      expect((await chat(ada, body)).status, JSON.stringify(body)).toBe(400);
    }
  });

  it("answers 404 for someone else's conversation and writes nothing into it", async () => {
    const mine = await readSse(await chat(ada, { message: "Private thoughts", model: "guide" }));
    const id = mine[0]!.conversationId as string;
    const res = await chat(bob, { message: "Let me in", model: "guide", conversationId: id });
    expect(res.status).toBe(404);
    expect((await storedMessages(id)).length).toBe(2);
  });

  it("needs a session", async () => {
    expect(
      (await t.request("/api/chat-stream", { method: "POST", json: { message: "Hi", model: "guide" } }))
        .status,
    ).toBe(401);
  });
});

describe("GET /api/models", () => {
  it("lists the catalogue with availability, the server's own models, and why others are off", async () => {
    const res = await t.request("/api/models", { token: ada });
    expect(res.status).toBe(200);
    const { groups } = (await res.json()) as {
      groups: {
        id: string;
        models: { id: string; available: boolean; unavailableReason: string | null }[];
      }[];
    };
    const all = groups.flatMap((g) => g.models);
    expect(all.find((m) => m.id === "guide")?.available).toBe(true);
    expect(all.find((m) => m.id === "tessera-local")?.available).toBe(true);
    expect(
      groups.find((g) => g.id === "open-source")?.models.some((m) => m.id === "local/normal" && m.available),
    ).toBe(true);
    const claude = all.find((m) => m.id === "claude-sonnet");
    expect(claude?.available).toBe(false);
    // Members read no variable's name: a model without a provider is not enabled here.
    expect(claude?.unavailableReason).toBe("Not enabled on this server.");
    expect(JSON.stringify(groups)).not.toContain("sk-test-key");
    expect((await t.request("/api/models")).status).toBe(401);
  });
});

describe("a failed turn inside an existing conversation", () => {
  it("removes only the failed question and keeps the conversation", async () => {
    const first = await readSse(await chat(ada, { message: "Capital of France?", model: "local/normal" }));
    const conversationId = first[0]!.conversationId as string;
    const failed = await readSse(
      await chat(ada, { message: "And of Spain?", model: "local/limited", conversationId }),
    );
    expect(failed.at(-1)!.type).toBe("error");
    const stored = await storedMessages(conversationId);
    expect(stored.map((m) => [m.role, m.content])).toEqual([
      ["user", "Capital of France?"],
      ["assistant", "Paris is the capital."],
    ]);
  });
});
