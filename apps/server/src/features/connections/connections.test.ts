// Admin → Connections through the API: who may call it, a connection tested before it is saved
// (against a protocol-faithful loopback server), keys never read back, the catalogue layer, and a
// change seen at once by GET /api/models and the chat.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

const KEY = "sk-loopback-0123456789-abcd";

let t: TestApp;
let server: OpenAiCompatibleServer;
let admin: string;
let member: string;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer({ apiKey: KEY, models: ["llama3.2:1b", "qwen2.5:0.5b"] });
  t = await createTestApp();
  // The first account is the instance admin.
  admin = await t.newUser("root@example.com");
  member = await t.newUser("member@example.com");
  // Every model within the plan, so what is unavailable is so for want of a connection only.
  await t.setPlan("member@example.com", "max");
});
afterAll(async () => {
  await t?.close();
  await server?.close();
});

type Json = Record<string, unknown>;
const call = async (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
  const res = await t.request(path, { token: admin, ...init });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const connect = (json: Json) => call("/api/admin/connections", { method: "POST", json });
const modelsFor = async (token: string) => {
  const { body } = await call("/api/models", { token });
  return (body.groups as { id: string; models: Json[] }[]).flatMap((g) =>
    g.models.map((m): Json => ({ ...m, group: g.id })),
  );
};

describe("who may call it", () => {
  it("answers 401 without a session and 403 to someone who is not an admin, for every route", async () => {
    const routes: [string, string][] = [
      ["GET", "/api/admin/connections"],
      ["POST", "/api/admin/connections"],
      ["PATCH", `/api/admin/connections/${crypto.randomUUID()}`],
      ["DELETE", `/api/admin/connections/${crypto.randomUUID()}`],
      ["POST", `/api/admin/connections/${crypto.randomUUID()}/test`],
      ["GET", `/api/admin/connections/${crypto.randomUUID()}/models`],
      ["GET", "/api/admin/models"],
      ["POST", "/api/admin/models"],
      ["PATCH", "/api/admin/models/gpt-5"],
      ["DELETE", "/api/admin/models/gpt-5"],
    ];
    for (const [method, path] of routes) {
      const body = method === "GET" || method === "DELETE" ? undefined : {};
      expect((await t.request(path, { method, json: body })).status, `${method} ${path}`).toBe(401);
      const refused = await call(path, { method, json: body, token: member });
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect((refused.body.error as Json).message).toBe(
        "Only administrators of this instance can manage connections.",
      );
    }
  });
});

describe("connecting a server", () => {
  it("refuses bad input with its reason and saves nothing", async () => {
    const cases: [Json, string][] = [
      [{ kind: "ollama", name: "x", baseUrl: server.url }, "kind: must be one of"],
      [
        { kind: "openai-compatible", name: "No address" },
        "baseUrl: OpenAI-compatible server needs an address",
      ],
      [{ kind: "openrouter", name: "No key" }, "apiKey: OpenRouter needs a key"],
      [
        { kind: "openai-compatible", name: "x", baseUrl: "file:///etc/passwd" },
        "baseUrl: must be an http://",
      ],
      [
        { kind: "openai-compatible", name: "x", baseUrl: `http://user:${KEY}@127.0.0.1/v1` },
        "apiKey, not in the address",
      ],
      [{ kind: "searxng", name: "x", baseUrl: "http://127.0.0.1:9", apiKey: "k" }, "SearXNG takes no key"],
      [{ kind: "openai-compatible", name: "", baseUrl: server.url }, "name: must not be empty"],
      [{ kind: "openai-compatible", name: "x", baseUrl: server.url, extra: 1 }, "extra"],
    ];
    for (const [json, message] of cases) {
      const res = await connect(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((res.body.error as Json).message).toContain(message);
      expect(JSON.stringify(res.body)).not.toContain(KEY);
    }
    expect((await call("/api/admin/connections")).body.connections).toEqual([]);
  });

  it("tests before saving: an unreachable address or a wrong key is not saved, and says why", async () => {
    const down = await connect({ kind: "openai-compatible", name: "Down", baseUrl: "http://127.0.0.1:9/v1" });
    expect(down.status).toBe(400);
    expect(down.body.error).toMatchObject({ code: "CONNECTION_FAILED" });
    expect((down.body.error as Json).message).toMatch(
      /^Not saved: the test call failed\. .*could not be reached \(the connection was refused/,
    );

    const wrong = "sk-wrong-key-that-the-server-echoes-9876";
    const refused = await connect({
      kind: "openai-compatible",
      name: "Wrong",
      baseUrl: server.url,
      apiKey: wrong,
    });
    expect(refused.status).toBe(400);
    // The upstream's own words, with the key it echoed taken out.
    expect((refused.body.error as Json).message).toContain(
      "It answered 401: Incorrect API key provided: [key].",
    );
    expect(JSON.stringify(refused.body)).not.toContain(wrong);
    expect((await call("/api/admin/connections")).body.connections).toEqual([]);
  });

  it("saves a working connection with its key sealed, shows the last four characters only, and lists its models to everyone", async () => {
    const made = await connect({
      kind: "openai-compatible",
      name: "Lab server",
      baseUrl: `${server.url}/`,
      apiKey: KEY,
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      kind: "openai-compatible",
      name: "Lab server",
      baseUrl: server.url,
      enabled: true,
      inUse: true,
      key: { state: "stored", last4: "abcd" },
    });
    expect(JSON.stringify(made.body)).not.toContain(KEY);
    const stored = await t.services.database.db.execute(sql`select sealed_key from connections`);
    expect(JSON.stringify(stored)).not.toContain(KEY);

    // Everyone's picker has the server's models at once, in the Open Source group.
    const models = await modelsFor(member);
    expect(models).toContainEqual(
      expect.objectContaining({
        id: "local/qwen2.5:0.5b",
        available: true,
        provider: "openai-compatible",
        group: "open-source",
      }),
    );
  });

  it("tests a saved connection with a real call and shows what came back", async () => {
    const { body } = await call("/api/admin/connections");
    const id = (body.connections as Json[])[0]!.id as string;
    const res = await call(`/api/admin/connections/${id}/test`, { method: "POST" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      ok: true,
      message: "It lists 2 models.",
      items: ["llama3.2:1b", "qwen2.5:0.5b"],
      total: 2,
    });
    const listed = await call(`/api/admin/connections/${id}/models`);
    expect(listed.body).toMatchObject({
      error: null,
      models: [{ id: "llama3.2:1b" }, { id: "qwen2.5:0.5b" }],
    });
  });

  it("answers 404 for a connection that does not exist, whatever its id looks like", async () => {
    for (const id of [crypto.randomUUID(), "not-a-uuid"]) {
      expect(
        (await call(`/api/admin/connections/${id}`, { method: "PATCH", json: { name: "x" } })).status,
      ).toBe(404);
      expect((await call(`/api/admin/connections/${id}`, { method: "DELETE" })).status).toBe(404);
      expect((await call(`/api/admin/connections/${id}/test`, { method: "POST" })).status).toBe(404);
      expect((await call(`/api/admin/connections/${id}/models`)).status).toBe(404);
    }
  });
});

describe("the catalogue", () => {
  let connectionId: string;
  beforeAll(async () => {
    const { body } = await call("/api/admin/connections");
    connectionId = (body.connections as Json[])[0]!.id as string;
  });

  it("adds a server's model with a display name and group, and everyone can chat with it", async () => {
    const added = await call("/api/admin/models", {
      method: "POST",
      json: {
        connectionId,
        upstream: "llama3.2:1b",
        name: "Llama Lab",
        group: "industry",
        description: "On the lab server.",
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body).toMatchObject({
      id: "llama3.2:1b",
      name: "Llama Lab",
      group: "industry",
      builtIn: false,
      servedBy: "Lab server",
    });
    const models = await modelsFor(member);
    expect(models).toContainEqual(
      expect.objectContaining({ id: "llama3.2:1b", name: "Llama Lab", group: "industry", available: true }),
    );
    // Listed once: not also as local/llama3.2:1b.
    expect(models.some((m) => m.id === "local/llama3.2:1b")).toBe(false);

    const chat = await t.request("/api/chat-stream", {
      method: "POST",
      token: member,
      json: { message: "Hi", model: "llama3.2:1b" },
    });
    const events = await readSse(chat);
    expect(
      events
        .filter((e) => e.type === "chunk")
        .map((e) => e.content)
        .join(""),
    ).toBe("Hello from the test server.");

    const again = await call("/api/admin/models", {
      method: "POST",
      json: { connectionId, upstream: "llama3.2:1b", name: "Twice", group: "open-source" },
    });
    expect(again.status).toBe(409);
    const builtIn = await call("/api/admin/models", {
      method: "POST",
      json: { connectionId, upstream: "gpt-5", name: "Mine", group: "industry" },
    });
    expect(builtIn.status).toBe(409);
    expect((builtIn.body.error as Json).message).toBe(
      "GPT-5 is in the catalogue already: choose its connection there.",
    );
  });

  it("switches a built-in model off for everyone, and back on", async () => {
    const off = await call("/api/admin/models/grok-4", { method: "PATCH", json: { enabled: false } });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ id: "grok-4", enabled: false, builtIn: true });
    expect((await modelsFor(member)).some((m) => m.id === "grok-4")).toBe(false);
    const chat = await t.request("/api/chat-stream", {
      method: "POST",
      token: member,
      json: { message: "Hi", model: "grok-4" },
    });
    expect(chat.status).toBe(503);
    expect(await chat.text()).toContain("The selected model is currently unavailable.");
    expect((await call("/api/admin/models/grok-4", { method: "DELETE" })).status).toBe(204);
    expect((await modelsFor(member)).some((m) => m.id === "grok-4")).toBe(true);
    expect(
      (await call("/api/admin/models/tessera-local", { method: "PATCH", json: { enabled: false } })).status,
    ).toBe(400);
    expect(
      (
        await call(`/api/admin/models/${encodeURIComponent("no/such-model")}`, {
          method: "PATCH",
          json: { enabled: false },
        })
      ).status,
    ).toBe(404);
  });

  it("routes a built-in model through the connection an admin chooses", async () => {
    const router = await connect({ kind: "openrouter", name: "Router", baseUrl: server.url, apiKey: KEY });
    expect(router.status, JSON.stringify(router.body)).toBe(201);
    const before = await modelsFor(member);
    expect(before.find((m) => m.id === "claude-sonnet")).toMatchObject({
      available: true,
      provider: "openrouter",
    });
    const chosen = await call("/api/admin/models/claude-sonnet", { method: "PATCH", json: { connectionId } });
    expect(chosen.status).toBe(400);
    expect((chosen.body.error as Json).message).toContain("give the model's name there");
    const named = await call("/api/admin/models/claude-sonnet", {
      method: "PATCH",
      json: { connectionId, upstream: "qwen2.5:0.5b" },
    });
    expect(named.body).toMatchObject({ connectionId, upstream: "qwen2.5:0.5b", servedBy: "Lab server" });
    expect((await modelsFor(member)).find((m) => m.id === "claude-sonnet")).toMatchObject({
      provider: "openai-compatible",
    });
    await chatOnce("claude-sonnet");
    expect(server.requests.at(-1)?.body.model).toBe("qwen2.5:0.5b");
    await call(`/api/admin/connections/${router.body.id as string}`, { method: "DELETE" });
  });

  it("switching the connection off leaves its models listed as not enabled, with no variable named", async () => {
    const off = await call(`/api/admin/connections/${connectionId}`, {
      method: "PATCH",
      json: { enabled: false },
    });
    expect(off.body).toMatchObject({ enabled: false, inUse: false });
    const models = await modelsFor(member);
    expect(models.find((m) => m.id === "llama3.2:1b")).toMatchObject({
      available: false,
      unavailableReason: "Not enabled on this server.",
      needsConnection: true,
    });
    expect(models.some((m) => JSON.stringify(m.id).startsWith(`"local/`))).toBe(false);
    for (const m of models) expect(JSON.stringify(m.unavailableReason)).not.toMatch(/[A-Z]{3,}_[A-Z_]+/);
    const on = await call(`/api/admin/connections/${connectionId}`, {
      method: "PATCH",
      json: { enabled: true },
    });
    expect(on.body).toMatchObject({ enabled: true, inUse: true });
  });

  it("says so when a stored key cannot be opened with this server's ENCRYPTION_KEY", async () => {
    await t.services.database.db.execute(
      sql`update connections set sealed_key = 'v1.AAAA.BBBB.CCCC' where id = ${connectionId}`,
    );
    await t.services.connections.reload();
    const { body } = await call("/api/admin/connections");
    const c = (body.connections as Json[]).find((x) => x.id === connectionId);
    expect(c).toMatchObject({ key: { state: "unreadable" }, inUse: false });
    expect(String(c?.note)).toContain("ENCRYPTION_KEY");
    const test = await call(`/api/admin/connections/${connectionId}/test`, { method: "POST" });
    expect(test.body).toMatchObject({ ok: false });
    // A new key mends it.
    const mended = await call(`/api/admin/connections/${connectionId}`, {
      method: "PATCH",
      json: { apiKey: KEY },
    });
    expect(mended.body).toMatchObject({ key: { state: "stored", last4: "abcd" }, inUse: true });
  });

  it("removes a connection; its added model stays listed, not enabled", async () => {
    expect((await call(`/api/admin/connections/${connectionId}`, { method: "DELETE" })).status).toBe(204);
    const catalogue = await call("/api/admin/models");
    expect((catalogue.body.models as Json[]).find((m) => m.id === "llama3.2:1b")).toMatchObject({
      connectionId: null,
      servedBy: null,
    });
    expect((await modelsFor(member)).find((m) => m.id === "llama3.2:1b")).toMatchObject({ available: false });
    expect((await call("/api/admin/models/llama3.2%3A1b", { method: "DELETE" })).status).toBe(204);
    expect((await modelsFor(member)).some((m) => m.id === "llama3.2:1b")).toBe(false);
  });
});

async function chatOnce(model: string) {
  const events = await readSse(
    await t.request("/api/chat-stream", { method: "POST", token: member, json: { message: "Hi", model } }),
  );
  expect(events.at(-1)?.type, JSON.stringify(events.at(-1))).not.toBe("error");
}
