import {
  CHAT_ERROR_MESSAGES,
  COMPARISON_MESSAGES,
  type Comparison,
  type ComparisonSummary,
  type LeaderboardEntry,
  type StoredMessage,
} from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, ORIGIN, readSse, type SseEvent, type TestApp } from "../../test/test-app";

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let ada: string;
let bob: string;

const ALPHA = "local/alpha";
const BETA = "local/beta";
const BROKEN = "local/broken";

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["alpha", "beta", "broken"],
    scripts: {
      alpha: {
        kind: "stream",
        chunks: ["Alpha", " says", " hello."],
        usage: { prompt_tokens: 20, completion_tokens: 7 },
      },
      beta: { kind: "stream", chunks: ["Beta", " answers", " too."] },
      broken: {
        kind: "status",
        status: 500,
        body: { error: { message: "upstream trace", type: "server_error" } },
      },
    },
  });
  t = await createTestApp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-test-key" });
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

async function json<T>(res: Response): Promise<{ status: number; body: T }> {
  return { status: res.status, body: (await res.json()) as T };
}
const create = (token: string, body: Record<string, unknown>) =>
  t.request("/api/comparisons", { method: "POST", token, json: body });
const streamAnswer = (token: string, comparisonId: string, responseId: string, extra = {}) =>
  t.request("/api/chat-stream", {
    method: "POST",
    token,
    json: { comparison: true, comparisonId, responseId, ...extra },
  });
const rate = (token: string, id: string, responseId: string, rating: unknown) =>
  t.request(`/api/comparisons/${id}/responses/${responseId}/rating`, {
    method: "PUT",
    token,
    json: { rating },
  });
const get = async (token: string, id: string) =>
  json<Comparison>(await t.request(`/api/comparisons/${id}`, { token }));

async function createOk(token: string, body: Record<string, unknown>): Promise<Comparison> {
  const res = await json<Comparison>(await create(token, body));
  expect(res.status).toBe(201);
  return res.body;
}

/** Streams every answer of a comparison at once, as the dialog does. */
async function streamAll(token: string, c: Comparison): Promise<SseEvent[][]> {
  return Promise.all(c.responses.map(async (r) => readSse(await streamAnswer(token, c.id, r.id))));
}

const text = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");

describe("creating a comparison", () => {
  it("answers 400 with the spec's messages for an empty prompt, no model or more than four, and a prompt over the limit", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ prompt: "   ", models: ["tessera-local"] }, COMPARISON_MESSAGES.invalidInput],
      [{ prompt: "Hello there", models: [] }, COMPARISON_MESSAGES.invalidInput],
      [
        { prompt: "Hello there", models: ["tessera-local", ALPHA, BETA, BROKEN, "guide"] },
        COMPARISON_MESSAGES.modelLimit,
      ],
      [{ prompt: "Hello there", models: [ALPHA, ALPHA] }, COMPARISON_MESSAGES.duplicateModel],
      [{ prompt: "x".repeat(32_001), models: [ALPHA] }, COMPARISON_MESSAGES.tooLong],
    ];
    for (const [body, message] of cases) {
      const res = await json<{ error: { message: string } }>(await create(ada, body));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(
      (await json<ComparisonSummary[]>(await t.request("/api/comparisons", { token: ada }))).body,
    ).toEqual([]);
  });

  it("refuses unknown models and models not enabled on this server, naming no variable", async () => {
    const unknown = await json<{ error: { message: string } }>(
      await create(ada, { prompt: "Hi", models: ["no-such-model"] }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.message).toContain(CHAT_ERROR_MESSAGES.unsupported);
    const unconfigured = await json<{ error: { message: string } }>(
      await create(ada, { prompt: "Hi", models: ["claude-sonnet"] }),
    );
    expect(unconfigured.status).toBe(400);
    expect(unconfigured.body.error.message).toBe("claude-sonnet: Not enabled on this server.");
  });

  it("refuses two models that one engine serves: Tessa and Tessera Local would answer word for word alike", async () => {
    // Tessa's upstream has no provider here, so she runs on Tessera Local too.
    const twins = await json<{ error: { message: string } }>(
      await create(ada, {
        prompt: "How do I delete a conversation?",
        models: ["guide", ALPHA, "tessera-local"],
      }),
    );
    expect(twins.status).toBe(400);
    expect(twins.body.error.message).toBe(
      "Tessa and Tessera Local both run on Tessera Local on this server, so they would give the same answer. Compare one of them with another model.",
    );
    expect(
      (await json<ComparisonSummary[]>(await t.request("/api/comparisons", { token: ada }))).body,
    ).toEqual([]);
    expect((await create(ada, { prompt: "Hi", models: ["tessera-local", ALPHA] })).status).toBe(201);
  });

  it("needs a session", async () => {
    expect((await create("", { prompt: "Hi", models: [ALPHA] })).status).toBe(401);
    expect((await t.request("/api/comparisons")).status).toBe(401);
  });
});

describe("streaming, rating and the leaderboard", () => {
  it("streams three models in parallel through the chat stream's comparison mode and stores each answer", async () => {
    const c = await createOk(ada, {
      prompt: "Say hello in one line",
      models: ["tessera-local", ALPHA, BETA],
    });
    expect(c.responses.map((r) => [r.modelId, r.status, r.label])).toEqual([
      ["tessera-local", "pending", "A"],
      [ALPHA, "pending", "B"],
      [BETA, "pending", "C"],
    ]);
    const [local, alpha, beta] = await streamAll(ada, c);
    for (const events of [local!, alpha!, beta!]) {
      expect(events[0]).toMatchObject({ type: "start", comparisonId: c.id });
      expect(events.filter((e) => ["complete", "error"].includes(e.type))).toHaveLength(1);
      expect(events.at(-1)).toMatchObject({ type: "complete", done: true });
    }
    expect(text(alpha!)).toBe("Alpha says hello.");
    expect(alpha!.at(-1)).toMatchObject({ tokens: 7, cost: null });
    expect(alpha!.at(-1)!.timeToFirstTokenMs).toEqual(expect.any(Number));
    expect(local!.at(-1)).toMatchObject({ cost: 0 });
    expect(text(beta!)).toBe("Beta answers too.");

    // The upstream got the stored prompt as the person's message.
    const call = upstream.requests.find((r) => r.body.model === "alpha")!;
    expect(JSON.stringify(call.body.messages)).toContain("Say hello in one line");

    const stored = (await get(ada, c.id)).body;
    expect(stored.responses.map((r) => r.status)).toEqual(["complete", "complete", "complete"]);
    expect(stored.responses[1]).toMatchObject({ content: "Alpha says hello.", tokensUsed: 7 });
    expect(stored.responses[1]!.responseTimeMs).toBeGreaterThanOrEqual(
      stored.responses[1]!.timeToFirstTokenMs!,
    );

    // A complete answer runs once.
    const again = await json<{ error: { message: string } }>(
      await streamAnswer(ada, c.id, c.responses[1]!.id),
    );
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(COMPARISON_MESSAGES.alreadyAnswered);
  });

  it("shows Error on a failed answer while the others complete; only complete answers can be rated", async () => {
    const c = await createOk(ada, { prompt: "Which is faster?", models: [ALPHA, BROKEN] });
    const [alpha, broken] = await streamAll(ada, c);
    expect(alpha!.at(-1)!.type).toBe("complete");
    expect(broken!.at(-1)).toMatchObject({ type: "error", message: CHAT_ERROR_MESSAGES.unavailable });
    expect(JSON.stringify(broken)).not.toContain("upstream trace");

    const stored = (await get(ada, c.id)).body;
    expect(stored.responses[1]).toMatchObject({ status: "error", error: CHAT_ERROR_MESSAGES.unavailable });
    const refused = await json<{ error: { message: string } }>(await rate(ada, c.id, c.responses[1]!.id, 4));
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(COMPARISON_MESSAGES.notRatable);
    expect((await rate(ada, c.id, c.responses[0]!.id, 6)).status).toBe(400);
    expect((await rate(ada, c.id, c.responses[0]!.id, 0)).status).toBe(400);
    expect((await rate(ada, c.id, c.responses[0]!.id, 4)).status).toBe(200);

    // A failed answer may be run again.
    expect((await streamAnswer(ada, c.id, c.responses[1]!.id)).status).toBe(200);
  });

  it("builds the personal leaderboard from ratings: comparisons, average and outright wins", async () => {
    const fresh = await t.newUser("lea@example.com");
    const first = await createOk(fresh, { prompt: "First question", models: [ALPHA, BETA] });
    const second = await createOk(fresh, {
      prompt: "Second question",
      models: [ALPHA, BETA, "tessera-local"],
    });
    await streamAll(fresh, first);
    await streamAll(fresh, second);
    await rate(fresh, first.id, first.responses[0]!.id, 5); // alpha
    await rate(fresh, first.id, first.responses[1]!.id, 3); // beta
    await rate(fresh, second.id, second.responses[0]!.id, 4); // alpha
    await rate(fresh, second.id, second.responses[1]!.id, 4); // beta: a tie, nobody wins
    await rate(fresh, second.id, second.responses[2]!.id, 2);

    const { body } = await json<{ entries: LeaderboardEntry[] }>(
      await t.request("/api/comparisons/leaderboard", { token: fresh }),
    );
    expect(body.entries).toEqual([
      { modelId: ALPHA, comparisons: 2, averageRating: 4.5, wins: 1 },
      { modelId: BETA, comparisons: 2, averageRating: 3.5, wins: 0 },
      { modelId: "tessera-local", comparisons: 1, averageRating: 2, wins: 0 },
    ]);
    const list = (await json<ComparisonSummary[]>(await t.request("/api/comparisons", { token: fresh })))
      .body;
    expect(list.map((s) => [s.prompt, s.ratedCount, s.winnerModelId])).toEqual([
      ["Second question", 3, null],
      ["First question", 2, ALPHA],
    ]);
    // Others see none of it.
    const other = await json<{ entries: LeaderboardEntry[] }>(
      await t.request("/api/comparisons/leaderboard", { token: bob }),
    );
    expect(other.body.entries.some((e) => e.modelId === "tessera-local" && e.averageRating === 2)).toBe(
      false,
    );
  });
});

describe("blind mode", () => {
  it("hides which model wrote which answer until every complete answer is rated", async () => {
    const fresh = await t.newUser("blind@example.com");
    const c = await createOk(fresh, {
      prompt: "Blind question",
      models: [ALPHA, BETA, "tessera-local"],
      blind: true,
    });
    expect(c.blind).toBe(true);
    expect(c.revealed).toBe(false);
    expect(c.responses.map((r) => r.modelId)).toEqual([null, null, null]);
    expect(c.responses.map((r) => r.label)).toEqual(["A", "B", "C"]);
    const streams = await streamAll(fresh, c);
    expect(streams.map((s) => s[0])).toEqual(
      c.responses.map((r) => ({ type: "start", comparisonId: c.id, responseId: r.id })),
    );
    expect(streams.every((s) => s.at(-1)!.cost === null)).toBe(true);

    await rate(fresh, c.id, c.responses[0]!.id, 5);
    const partly = (await json<Comparison>(await rate(fresh, c.id, c.responses[1]!.id, 2))).body;
    expect(partly.revealed).toBe(false);
    expect(partly.responses.map((r) => r.modelId)).toEqual([null, null, null]);
    expect(
      (
        await t.request(`/api/comparisons/${c.id}/responses/${c.responses[0]!.id}/continue`, {
          method: "POST",
          token: fresh,
        })
      ).status,
    ).toBe(409);
    const board = await json<{ entries: LeaderboardEntry[] }>(
      await t.request("/api/comparisons/leaderboard", { token: fresh }),
    );
    expect(board.body.entries).toEqual([]);

    const done = (await json<Comparison>(await rate(fresh, c.id, c.responses[2]!.id, 3))).body;
    expect(done.revealed).toBe(true);
    expect(new Set(done.responses.map((r) => r.modelId))).toEqual(new Set([ALPHA, BETA, "tessera-local"]));
    const winner = done.responses[0]!.modelId;
    const after = await json<{ entries: LeaderboardEntry[] }>(
      await t.request("/api/comparisons/leaderboard", { token: fresh }),
    );
    expect(after.body.entries[0]).toMatchObject({ modelId: winner, wins: 1, averageRating: 5 });
  });
});

describe("continuing in chat", () => {
  it("starts a conversation holding the prompt and the chosen answer", async () => {
    const c = await createOk(ada, { prompt: "Continue from here", models: [ALPHA, BETA] });
    await streamAll(ada, c);
    const res = await json<{ conversationId: string }>(
      await t.request(`/api/comparisons/${c.id}/responses/${c.responses[0]!.id}/continue`, {
        method: "POST",
        token: ada,
      }),
    );
    expect(res.status).toBe(201);
    const messages = (
      await json<StoredMessage[]>(
        await t.request(`/api/conversations/${res.body.conversationId}/messages`, { token: ada }),
      )
    ).body;
    expect(messages.map((m) => [m.role, m.content, m.model])).toEqual([
      ["user", "Continue from here", null],
      ["assistant", "Alpha says hello.", ALPHA],
    ]);
  });
});

describe("owner scoping", () => {
  it("answers 404 to anyone else for every comparison route, and changes nothing", async () => {
    const c = await createOk(ada, { prompt: "Private question", models: [ALPHA] });
    const r = c.responses[0]!.id;
    expect((await t.request(`/api/comparisons/${c.id}`, { token: bob })).status).toBe(404);
    expect((await streamAnswer(bob, c.id, r)).status).toBe(404);
    expect((await rate(bob, c.id, r, 5)).status).toBe(404);
    expect(
      (await t.request(`/api/comparisons/${c.id}/responses/${r}/continue`, { method: "POST", token: bob }))
        .status,
    ).toBe(404);
    expect((await t.request(`/api/comparisons/${c.id}`, { method: "DELETE", token: bob })).status).toBe(404);
    expect((await t.request(`/api/comparisons/${c.id}/stop`, { method: "POST", token: bob })).status).toBe(
      404,
    );
    const bobs = (await json<ComparisonSummary[]>(await t.request("/api/comparisons", { token: bob }))).body;
    expect(bobs.some((s) => s.id === c.id)).toBe(false);
    expect((await get(ada, c.id)).body.responses[0]!.status).toBe("pending");

    expect((await t.request(`/api/comparisons/not-a-uuid`, { token: ada })).status).toBe(400);
    expect((await t.request(`/api/comparisons/not-a-uuid/stop`, { method: "POST", token: ada })).status).toBe(
      400,
    );
    expect((await t.request(`/api/comparisons/${c.id}/stop`, { method: "POST" })).status).toBe(401);
    expect((await streamAnswer(ada, c.id, c.id)).status).toBe(404);
    expect((await streamAnswer(ada, c.id, r, { model: BETA })).status).toBe(400);

    expect((await t.request(`/api/comparisons/${c.id}`, { method: "DELETE", token: ada })).status).toBe(204);
    expect((await t.request(`/api/comparisons/${c.id}`, { token: ada })).status).toBe(404);
  });

  it("leaves ordinary chat-stream requests to chat", async () => {
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: ada,
        json: { message: "Hello", model: ALPHA, comparison: false },
      }),
    );
    expect(events[0]).toMatchObject({ type: "start", conversationId: expect.any(String) as string });
    const bad = await t.request("/api/chat-stream", {
      method: "POST",
      token: ada,
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(bad.status).toBe(400);
  });
});

describe("stopping", () => {
  it("writes an answer whose stream the client left to its end", async () => {
    const c = await createOk(ada, {
      prompt: "Tell me everything about choosing a model",
      models: ["tessera-local"],
    });
    const base = await t.listen();
    const controller = new AbortController();
    const res = await fetch(`${base}/api/chat-stream`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${ada}`, origin: ORIGIN },
      body: JSON.stringify({ comparison: true, comparisonId: c.id, responseId: c.responses[0]!.id }),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    let seen = "";
    while (!seen.includes('"type":"chunk"')) {
      const { value } = (await reader.read()) as { value?: Uint8Array };
      seen += new TextDecoder().decode(value);
    }
    controller.abort();
    let answer = (await get(ada, c.id)).body.responses[0]!;
    for (let i = 0; i < 100 && answer.status === "streaming"; i++) {
      await new Promise((r) => setTimeout(r, 100));
      answer = (await get(ada, c.id)).body.responses[0]!;
    }
    expect(answer.status).toBe("complete");
    expect(answer.tokensUsed).toBeGreaterThan(0);
  });
});

describe("rate limit", () => {
  it("counts a comparison as one chat message", async () => {
    const limited = await createTestApp({ RATE_LIMIT_CHAT: "1" });
    try {
      const token = await limited.newUser("quick@example.com");
      const body = { prompt: "One", models: ["tessera-local"] };
      expect((await limited.request("/api/comparisons", { method: "POST", token, json: body })).status).toBe(
        201,
      );
      const second = await limited.request("/api/comparisons", { method: "POST", token, json: body });
      expect(second.status).toBe(429);
      expect(second.headers.get("retry-after")).toMatch(/^\d+$/);
    } finally {
      await limited.close();
    }
  });
});
