// Personal API keys and the OpenAI-compatible API, driven by OpenAI's own client (the `openai`
// package), through Tessera Local and a loopback OpenAI-compatible upstream.
import { eq } from "drizzle-orm";
import OpenAI from "openai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiCalls, apiKeys } from "../../db/schema";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let base: string;
let max: string;
let core: string;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["normal", "slow", "busy", "tools", "two-tools"],
    scripts: {
      tools: {
        kind: "tool-steps",
        steps: [
          { text: ["Let me look."], calls: [{ name: "get_weather", arguments: { city: "Oslo" } }] },
          { text: ["It is ", "4 °C in Oslo."] },
        ],
        usage: { prompt_tokens: 20, completion_tokens: 7 },
      },
      "two-tools": {
        kind: "tool-steps",
        steps: [
          {
            calls: [
              { name: "get_weather", arguments: { city: "Oslo" } },
              { name: "get_weather", arguments: { city: "Bergen" } },
            ],
          },
          { text: ["Oslo 4 °C, Bergen 7 °C."] },
        ],
      },
      slow: { kind: "stream", chunks: Array.from({ length: 200 }, (_, i) => `w${i} `), delayMs: 50 },
      busy: { kind: "status", status: 429, body: { error: { message: "slow down" } } },
    },
  });
  t = await createTestApp({
    OPENAI_BASE_URL: upstream.url,
    OPENAI_API_KEY: "sk-upstream",
    RATE_LIMIT_CHAT: "1000",
  });
  base = await t.listen();
  max = await t.newUser("max@example.com");
  await t.setPlan("max@example.com", "max");
  core = await t.newUser("core@example.com");
});
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const createKey = async (token: string, body: unknown = { name: "script" }) =>
  t.request("/api/api-keys", { method: "POST", token, json: body });
const newKey = async (token = max, body?: unknown) =>
  ((await (await createKey(token, body)).json()) as { id: string; key: string }).key;
const client = (apiKey: string) => new OpenAI({ apiKey, baseURL: `${base}/v1`, maxRetries: 0 });

describe("API keys", () => {
  it("are made once, listed without the secret, and revoked", async () => {
    const made = await createKey(max, { name: "laptop", expiresInDays: 30 });
    expect(made.status).toBe(201);
    const key = (await made.json()) as { id: string; key: string; start: string; expiresAt: string };
    expect(key.key).toMatch(/^tsr_[\w-]{40,}$/);
    expect(key.key.startsWith(key.start)).toBe(true);
    expect(new Date(key.expiresAt).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);

    const listed = await t.request("/api/api-keys", { token: max });
    const text = await listed.text();
    expect(text).not.toContain(key.key);
    expect(JSON.parse(text)).toMatchObject({
      keys: [expect.objectContaining({ id: key.id, name: "laptop" })],
    });
    const [row] = await t.services.database.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.key);

    expect((await t.request(`/api/api-keys/${key.id}`, { method: "DELETE", token: core })).status).toBe(404);
    expect((await t.request(`/api/api-keys/${key.id}`, { method: "DELETE", token: max })).status).toBe(204);
    expect((await t.request(`/api/api-keys/${key.id}`, { method: "DELETE", token: max })).status).toBe(404);
  });

  it("are for plans with API access: others are told which plan grants it", async () => {
    const refused = await createKey(core);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: "API access is on the Max plan and up. Upgrade to use it." },
    });
  });

  it("refuse bad input and strangers", async () => {
    expect((await createKey(max, { name: "" })).status).toBe(400);
    expect((await createKey(max, { name: "x", expiresInDays: 0 })).status).toBe(400);
    expect((await t.request("/api/api-keys", { method: "POST", json: { name: "x" } })).status).toBe(401);
    expect((await t.request("/api/api-keys/not-an-id", { method: "DELETE", token: max })).status).toBe(400);
  });

  it("are not sessions: a key opens nothing under /api", async () => {
    expect((await t.request("/api/profile", { token: await newKey() })).status).toBe(401);
  });
});

describe("the OpenAI-compatible API", () => {
  it("lists the models the key's owner may use, in OpenAI's format", async () => {
    const ids = [];
    for await (const model of client(await newKey()).models.list()) ids.push(model.id);
    expect(ids).toEqual(expect.arrayContaining(["tessera-local", "local/normal"]));
  });

  it("answers a chat completion with the upstream's text and usage", async () => {
    const answer = await client(await newKey()).chat.completions.create({
      model: "local/normal",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Say hello." },
      ],
      temperature: 0.2,
      max_tokens: 50,
      stop: ["\n\n"],
    });
    expect(answer.object).toBe("chat.completion");
    expect(answer.choices[0]!.message).toEqual({ role: "assistant", content: "Hello from the test server." });
    expect(answer.usage).toEqual({ prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 });
    const sent = upstream.requests.at(-1)!.body;
    expect(sent).toMatchObject({ temperature: 0.2, max_tokens: 50, stop: ["\n\n"] });
    expect(sent.messages).toEqual([
      { role: "system", content: "Be brief." },
      { role: "user", content: "Say hello." },
    ]);
  });

  it("streams OpenAI's chunks, ends with usage when asked, and counts the call", async () => {
    const key = await newKey();
    const stream = await client(key).chat.completions.create({
      model: "local/normal",
      messages: [{ role: "user", content: "Say hello." }],
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let usage: unknown = null;
    let finish: string | null = null;
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? "";
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(text).toBe("Hello from the test server.");
    expect(finish).toBe("stop");
    expect(usage).toEqual({ prompt_tokens: 11, completion_tokens: 5, total_tokens: 16 });
    const listed = (await (await t.request("/api/api-keys", { token: max })).json()) as {
      keys: { start: string; usage: { calls: number; tokens: number }; lastUsedAt: string | null }[];
    };
    const mine = listed.keys.find((k) => key.startsWith(k.start))!;
    expect(mine.usage).toMatchObject({ calls: 1, tokens: 16 });
    expect(mine.lastUsedAt).not.toBeNull();
    // The person's dashboard and the admin's usage page count it as API use (max@ is the first account).
    const dashboard = (await (await t.request("/api/dashboard/metrics", { token: max })).json()) as {
      api: { calls: number; models: { model: string; tokens: number }[] };
      totals: { chats: number };
    };
    expect(dashboard.api.calls).toBeGreaterThanOrEqual(1);
    expect(dashboard.api.models).toContainEqual(expect.objectContaining({ model: "local/normal" }));
    const admin = (await (await t.request("/api/admin/usage", { token: max })).json()) as {
      api: { calls: number };
    };
    expect(admin.api.calls).toBeGreaterThanOrEqual(1);
  });

  it("answers through Tessera Local, the offline model", async () => {
    const answer = await client(await newKey()).chat.completions.create({
      model: "tessera-local",
      messages: [{ role: "user", content: "What can Tessera do?" }],
    });
    expect(answer.choices[0]!.message.content?.length).toBeGreaterThan(20);
    expect(answer.usage!.completion_tokens).toBeGreaterThan(0);
  });

  it("cancels the upstream call when the client goes, and counts what was used", async () => {
    const key = await newKey();
    const before = upstream.requests.length;
    const controller = new AbortController();
    const stream = await client(key).chat.completions.create(
      { model: "local/slow", messages: [{ role: "user", content: "Talk a lot." }], stream: true },
      { signal: controller.signal },
    );
    let seen = 0;
    // The client ends the iteration quietly or with an abort error, as it likes: either way it left.
    await (async () => {
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta.content && ++seen === 3) controller.abort();
      }
    })().catch(() => undefined);
    expect(seen).toBe(3);
    const call = upstream.requests.slice(before).find((r) => r.body.model === "slow")!;
    expect(await call.closed).toEqual({ early: true });
    await expect
      .poll(async () =>
        (await t.services.database.db.select({ status: apiCalls.status }).from(apiCalls)).map(
          (r) => r.status,
        ),
      )
      .toContain("stopped");
  });

  describe("errors, in OpenAI's shape", () => {
    it("401 for a missing, wrong, revoked or expired key", async () => {
      await expect(client("tsr_nothing-like-a-real-key").models.list()).rejects.toBeInstanceOf(
        OpenAI.AuthenticationError,
      );
      const noKey = await fetch(`${base}/v1/models`);
      expect(noKey.status).toBe(401);
      expect(await noKey.json()).toMatchObject({
        error: { type: "authentication_error", code: "invalid_api_key", param: null },
      });

      const made = (await (await createKey(max)).json()) as { id: string; key: string };
      await client(made.key).models.list();
      await t.request(`/api/api-keys/${made.id}`, { method: "DELETE", token: max });
      await expect(client(made.key).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);

      const expiring = (await (await createKey(max, { name: "soon", expiresInDays: 1 })).json()) as {
        id: string;
        key: string;
      };
      await t.services.database.db
        .update(apiKeys)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(apiKeys.id, expiring.id));
      await expect(client(expiring.key).models.list()).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    });

    it("403 when the plan no longer grants API access", async () => {
      const owner = await t.newUser("downgraded@example.com");
      await t.setPlan("downgraded@example.com", "max");
      const key = await newKey(owner);
      await t.setPlan("downgraded@example.com", "core");
      const refused = await client(key)
        .chat.completions.create({ model: "tessera-local", messages: [{ role: "user", content: "Hi" }] })
        .catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(OpenAI.PermissionDeniedError);
      expect((refused as InstanceType<typeof OpenAI.PermissionDeniedError>).message).toContain("Max plan");
    });

    it("404 model_not_found for a model that does not exist", async () => {
      const missing = await client(await newKey())
        .chat.completions.create({ model: "no-such-model", messages: [{ role: "user", content: "Hi" }] })
        .catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(OpenAI.NotFoundError);
      expect(missing).toMatchObject({ status: 404, code: "model_not_found", param: "model" });
    });

    it("400 naming the field for bad input", async () => {
      const bad = await client(await newKey())
        .chat.completions.create({
          model: "tessera-local",
          messages: [{ role: "user", content: "Hi" }],
          temperature: 5,
        })
        .catch((e: unknown) => e);
      expect(bad).toBeInstanceOf(OpenAI.BadRequestError);
      expect(bad).toMatchObject({ status: 400, param: "temperature" });
      const empty = await client(await newKey())
        .chat.completions.create({ model: "tessera-local", messages: [] })
        .catch((e: unknown) => e);
      expect(empty).toMatchObject({ status: 400, param: "messages" });
    });

    it("429 with Retry-After over the rate limit, and for an upstream that limits", async () => {
      const limited = await createTestApp({ RATE_LIMIT_CHAT: "2" });
      try {
        const url = await limited.listen();
        const owner = await limited.newUser("limited@example.com");
        await limited.setPlan("limited@example.com", "max");
        const made = (await (
          await limited.request("/api/api-keys", { method: "POST", token: owner, json: { name: "k" } })
        ).json()) as { key: string };
        const ask = () =>
          fetch(`${url}/v1/chat/completions`, {
            method: "POST",
            headers: { authorization: `Bearer ${made.key}`, "content-type": "application/json" },
            body: JSON.stringify({ model: "tessera-local", messages: [{ role: "user", content: "Hi" }] }),
          });
        expect((await ask()).status).toBe(200);
        expect((await ask()).status).toBe(200);
        const over = await ask();
        expect(over.status).toBe(429);
        expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(await over.json()).toMatchObject({ error: { type: "rate_limit_exceeded" } });
      } finally {
        await limited.close();
      }
      const busy = await client(await newKey())
        .chat.completions.create({ model: "local/busy", messages: [{ role: "user", content: "Hi" }] })
        .catch((e: unknown) => e);
      expect(busy).toBeInstanceOf(OpenAI.RateLimitError);
    });
  });
});

describe("a program's own tools on /v1", () => {
  const weather = {
    type: "function" as const,
    function: {
      name: "get_weather",
      description: "The weather in a city now.",
      parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
    },
  };
  const ask = [{ role: "user" as const, content: "Weather in Oslo?" }];

  it("offers the tools to the model and returns its call, not running it", async () => {
    const key = await newKey();
    const completions = () => upstream.requests.filter((r) => r.path.endsWith("/chat/completions")).length;
    const before = completions();
    const answer = await client(key).chat.completions.create({
      model: "local/tools",
      messages: ask,
      tools: [weather],
      tool_choice: "auto",
    });
    expect(answer.choices[0]!.finish_reason).toBe("tool_calls");
    expect(answer.choices[0]!.message).toMatchObject({
      role: "assistant",
      content: "Let me look.",
      tool_calls: [
        { id: "call_0_0", type: "function", function: { name: "get_weather", arguments: '{"city":"Oslo"}' } },
      ],
    });
    expect(answer.usage).toEqual({ prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 });
    // One upstream call: the call came back to the program instead of a second round here.
    expect(completions()).toBe(before + 1);
    expect(upstream.requests.at(-1)!.body).toMatchObject({
      tools: [
        { type: "function", function: { name: "get_weather", parameters: weather.function.parameters } },
      ],
      tool_choice: "auto",
    });
  });

  it("streams the call as tool_calls deltas, ending with finish_reason tool_calls and usage", async () => {
    const stream = await client(await newKey()).chat.completions.create({
      model: "local/tools",
      messages: ask,
      tools: [weather],
      tool_choice: { type: "function", function: { name: "get_weather" } },
      stream: true,
      stream_options: { include_usage: true },
    });
    let text = "";
    let finish: string | null = null;
    let usage: unknown = null;
    const calls: { id?: string; name?: string; arguments: string }[] = [];
    for await (const chunk of stream) {
      const choice = chunk.choices[0];
      text += choice?.delta.content ?? "";
      finish = choice?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
      for (const piece of choice?.delta.tool_calls ?? []) {
        const call = (calls[piece.index] ??= { arguments: "" });
        call.id ??= piece.id;
        call.name ??= piece.function?.name;
        call.arguments += piece.function?.arguments ?? "";
      }
    }
    expect(text).toBe("Let me look.");
    expect(calls).toEqual([{ id: "call_0_0", name: "get_weather", arguments: '{"city":"Oslo"}' }]);
    expect(finish).toBe("tool_calls");
    expect(usage).toEqual({ prompt_tokens: 20, completion_tokens: 7, total_tokens: 27 });
    expect(upstream.requests.at(-1)!.body).toMatchObject({
      tool_choice: { type: "function", function: { name: "get_weather" } },
    });
  });

  it("passes the call and the program's result back to the model for the final answer", async () => {
    const c = client(await newKey());
    const first = await c.chat.completions.create({ model: "local/tools", messages: ask, tools: [weather] });
    const call = first.choices[0]!.message;
    const final = await c.chat.completions.create({
      model: "local/tools",
      tools: [weather],
      messages: [
        ...ask,
        call,
        { role: "tool", tool_call_id: call.tool_calls![0]!.id, content: '{"celsius":4}' },
      ],
    });
    expect(final.choices[0]!.finish_reason).toBe("stop");
    expect(final.choices[0]!.message).toEqual({ role: "assistant", content: "It is 4 °C in Oslo." });
    expect(upstream.requests.at(-1)!.body.messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
      {
        role: "assistant",
        content: "Let me look.",
        tool_calls: [
          {
            id: "call_0_0",
            type: "function",
            function: { name: "get_weather", arguments: '{"city":"Oslo"}' },
          },
        ],
      },
      { role: "tool", tool_call_id: "call_0_0", content: '{"celsius":4}' },
    ]);
    const rows = await t.services.database.db
      .select()
      .from(apiCalls)
      .where(eq(apiCalls.model, "local/tools"));
    expect(rows.length).toBeGreaterThanOrEqual(2);
    expect(rows.every((r) => r.status === "complete" && r.outputTokens === 7)).toBe(true);
  });

  it("streams two calls of one round, then the answer to both results", async () => {
    const c = client(await newKey());
    const collect = async (messages: OpenAI.ChatCompletionMessageParam[]) => {
      const stream = await c.chat.completions.create({
        model: "local/two-tools",
        messages,
        tools: [weather],
        stream: true,
      });
      let text = "";
      let finish: string | null = null;
      const calls: { id: string; type: "function"; function: { name: string; arguments: string } }[] = [];
      for await (const chunk of stream) {
        const choice = chunk.choices[0];
        text += choice?.delta.content ?? "";
        finish = choice?.finish_reason ?? finish;
        for (const piece of choice?.delta.tool_calls ?? [])
          calls[piece.index] = {
            id: piece.id!,
            type: "function",
            function: { name: piece.function!.name!, arguments: piece.function!.arguments! },
          };
      }
      return { text, finish, calls };
    };
    const first = await collect(ask);
    expect(first.finish).toBe("tool_calls");
    expect(first.text).toBe("");
    expect(first.calls.map((call) => JSON.parse(call.function.arguments) as unknown)).toEqual([
      { city: "Oslo" },
      { city: "Bergen" },
    ]);
    const final = await collect([
      ...ask,
      { role: "assistant", content: null, tool_calls: first.calls },
      ...first.calls.map((call, i) => ({
        role: "tool" as const,
        tool_call_id: call.id,
        content: i ? "7 °C" : "4 °C",
      })),
    ]);
    expect(final).toEqual({ text: "Oslo 4 °C, Bergen 7 °C.", finish: "stop", calls: [] });
    expect(upstream.requests.at(-1)!.body.messages).toEqual([
      { role: "user", content: "Weather in Oslo?" },
      { role: "assistant", content: null, tool_calls: first.calls },
      { role: "tool", tool_call_id: first.calls[0]!.id, content: "4 °C" },
      { role: "tool", tool_call_id: first.calls[1]!.id, content: "7 °C" },
    ]);
  });

  it("refuses a bad tool definition, an unknown call id and a model without tools, with a reason", async () => {
    const c = client(await newKey());
    const refused = (body: Record<string, unknown>) =>
      c.chat.completions
        .create({ model: "local/tools", messages: ask, ...body } as never)
        .catch((e: unknown) => e);
    expect(await refused({ tools: [{ type: "function", function: { name: "bad name!" } }] })).toMatchObject({
      status: 400,
      param: "tools[0].function.name",
    });
    expect(await refused({ tools: [{ type: "retrieval" }] })).toMatchObject({ status: 400 });
    expect(
      await refused({
        tools: [{ type: "function", function: { name: "x", parameters: { type: "string" } } }],
      }),
    ).toMatchObject({ status: 400, param: "tools[0].function.parameters" });
    expect(
      await refused({ tools: [weather], tool_choice: { type: "function", function: { name: "other" } } }),
    ).toMatchObject({ status: 400, param: "tool_choice" });
    expect(
      await refused({ messages: [...ask, { role: "tool", tool_call_id: "call_nowhere", content: "4" }] }),
    ).toMatchObject({ status: 400, param: "messages[1].tool_call_id" });
    const local = (await c.chat.completions
      .create({ model: "tessera-local", messages: ask, tools: [weather] })
      .catch((e: unknown) => e)) as InstanceType<typeof OpenAI.BadRequestError>;
    expect(local).toBeInstanceOf(OpenAI.BadRequestError);
    expect(local).toMatchObject({ status: 400, param: "tools" });
    expect(local.message).toContain("cannot call tools");
  });
});
