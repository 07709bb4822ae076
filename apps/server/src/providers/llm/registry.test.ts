// Which provider serves each catalogue model, what the picker shows, and that keys stay out of logs.
import { streamText } from "ai";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createLlmRegistry } from "./registry";
import type { LlmConfig, Retrieve } from "./types";

const retrieve: Retrieve = () => Promise.resolve([]);
const ctx = { retrieve };

function capturedLogger() {
  const lines: string[] = [];
  return { lines, logger: pino({ level: "debug" }, { write: (line: string) => void lines.push(line) }) };
}

const registry = (config: Partial<LlmConfig>) =>
  createLlmRegistry({ localPaceMs: 0, ...config }, { logger: pino({ level: "silent" }) });

async function availabilityOf(config: Partial<LlmConfig>, id: string) {
  const { groups } = await registry(config).listModels();
  return groups.flatMap((g) => g.models).find((m) => m.id === id);
}

describe("with nothing configured", () => {
  it("runs Tessa and Tessera Local on the embedded model", async () => {
    for (const id of ["guide", "tessera-local"]) {
      const r = await registry({}).resolve(id, ctx);
      expect(r).toMatchObject({
        ok: true,
        provider: "tessera-local",
        catalogueId: id,
        upstream: "tessera-local",
      });
      expect(r.ok && r.model.modelId).toBe("tessera-local");
    }
    expect(await availabilityOf({}, "guide")).toMatchObject({ available: true, provider: "tessera-local" });
  });

  it("shows every other model as not enabled, for want of a connection, naming no variable", async () => {
    const r = await registry({}).resolve("gpt-5", ctx);
    expect(r).toEqual({ ok: false, reason: "unavailable", detail: "Not enabled on this server." });
    expect(await availabilityOf({}, "gpt-5")).toMatchObject({
      available: false,
      provider: null,
      unavailableReason: "Not enabled on this server.",
      needsConnection: true,
    });
    const { groups } = await registry({}).listModels();
    for (const m of groups.flatMap((g) => g.models))
      expect(m.unavailableReason ?? "", m.id).not.toMatch(/_KEY|_URL|[A-Z]{4,}_/);
  });

  it("calls an unknown id unsupported, including an unlisted local/ id", async () => {
    for (const id of ["gpt-99", "local/llama3.2:1b"])
      expect(await registry({}).resolve(id, ctx)).toMatchObject({ ok: false, reason: "unsupported" });
  });

  it("lists the catalogue's three groups with availability for every model", async () => {
    const { groups } = await registry({}).listModels();
    expect(groups.map((g) => g.id)).toEqual(["tessera", "industry", "open-source"]);
    for (const m of groups.flatMap((g) => g.models))
      expect(m.available === (m.unavailableReason === null)).toBe(true);
  });
});

describe("direct providers by vendor", () => {
  it("maps Anthropic models to Anthropic's names", async () => {
    const r = registry({ anthropic: { apiKey: "sk-ant-test-0000" } });
    expect(await r.resolve("claude-sonnet", ctx)).toMatchObject({
      ok: true,
      provider: "anthropic",
      upstream: "claude-sonnet-4-0",
    });
    expect(await r.resolve("anthropic/claude-3.7-sonnet", ctx)).toMatchObject({
      upstream: "claude-3-7-sonnet-latest",
    });
    // Tessa's upstream is an OpenAI model, which Anthropic cannot serve.
    expect(await r.resolve("guide", ctx)).toMatchObject({ ok: true, provider: "tessera-local" });
  });

  it("maps Google models to Gemini names", async () => {
    const r = registry({ google: { apiKey: "google-test-0000" } });
    expect(await r.resolve("gemini-pro", ctx)).toMatchObject({
      ok: true,
      provider: "google",
      upstream: "gemini-2.5-pro",
    });
    expect(await r.resolve("gemini-flash", ctx)).toMatchObject({ upstream: "gemini-2.5-flash" });
  });

  it("runs OpenAI models on the OpenAI-compatible provider only when it is OpenAI", async () => {
    const openai = registry({ openaiCompatible: { apiKey: "sk-openai-test", extraModels: [] } });
    expect(await openai.resolve("gpt-5", ctx)).toMatchObject({
      ok: true,
      provider: "openai-compatible",
      upstream: "gpt-5",
    });
    expect(await openai.resolve("guide", ctx)).toMatchObject({
      provider: "openai-compatible",
      upstream: "gpt-5-mini",
    });
    const ollama = registry({
      openaiCompatible: { apiKey: "x-local-key", baseURL: "http://127.0.0.1:9/v1", extraModels: [] },
    });
    expect(await ollama.resolve("gpt-5", ctx)).toMatchObject({ ok: false, reason: "unavailable" });
  });

  it("sends everything through OpenRouter when it is configured", async () => {
    const r = registry({ openrouter: { apiKey: "or-test-0000" }, anthropic: { apiKey: "sk-ant-test-0000" } });
    expect(await r.resolve("claude-sonnet", ctx)).toMatchObject({
      provider: "openrouter",
      upstream: "anthropic/claude-sonnet-4",
    });
    expect(await r.resolve("guide", ctx)).toMatchObject({
      provider: "openrouter",
      upstream: "openai/gpt-5-mini",
    });
    const { groups } = await r.listModels();
    const remote = groups.flatMap((g) => g.models).filter((m) => m.id !== "tessera-local");
    expect(remote.every((m) => m.available && m.provider === "openrouter")).toBe(true);
  });
});

describe("models installed on an OpenAI-compatible server", () => {
  let server: OpenAiCompatibleServer;
  beforeAll(async () => {
    server = await startOpenAiCompatibleServer();
  });
  afterAll(() => server.close());

  it("lists them in the Open Source group as local/<name>, with the extra models, and runs them", async () => {
    const r = registry({ openaiCompatible: { baseURL: server.url, extraModels: ["qwen2.5:7b"] } });
    const { groups } = await r.listModels();
    await r.listModels(); // served from the cache
    const openSource = groups.find((g) => g.id === "open-source")?.models ?? [];
    const host = new URL(server.url).host;
    expect(openSource).toContainEqual(
      expect.objectContaining({
        id: "local/llama3.2:1b",
        name: "llama3.2:1b",
        description: `On your server (${host})`,
        available: true,
        provider: "openai-compatible",
      }),
    );
    expect(openSource.map((m) => m.id)).toContain("local/qwen2.5:7b");
    expect(server.requests.filter((q) => q.path === "/v1/models")).toHaveLength(1);
    expect(await r.resolve("local/llama3.2:1b", ctx)).toMatchObject({
      ok: true,
      provider: "openai-compatible",
      upstream: "llama3.2:1b",
    });
    expect(await r.resolve("local/not-installed", ctx)).toMatchObject({ ok: false, reason: "unsupported" });
  });

  it("keeps the picker working when the server is down, and logs a warning without the key", async () => {
    const down = await startOpenAiCompatibleServer();
    const baseURL = down.url;
    await down.close();
    const { logger, lines } = capturedLogger();
    const secret = "sk-very-secret-local-key";
    const r = createLlmRegistry(
      {
        localPaceMs: 0,
        openaiCompatible: { baseURL, apiKey: secret, extraModels: [] },
        openrouter: { apiKey: "or-very-secret-key" },
      },
      { logger },
    );
    const { groups } = await r.listModels();
    expect(groups.flatMap((g) => g.models).some((m) => m.id.startsWith("local/"))).toBe(false);
    expect(await r.resolve("local/llama3.2:1b", ctx)).toMatchObject({ ok: false, reason: "unavailable" });
    const warning = lines
      .map((l) => JSON.parse(l) as { event?: string; level: number })
      .find((l) => l.event === "llm.local_models.failed");
    expect(warning?.level).toBe(40);
    expect(lines.join("\n")).not.toContain(secret);
    expect(lines.join("\n")).not.toContain("or-very-secret-key");
  });
});

describe("connections and the admin's catalogue layer", () => {
  let lab: OpenAiCompatibleServer;
  let attic: OpenAiCompatibleServer;
  beforeAll(async () => {
    lab = await startOpenAiCompatibleServer({ models: ["llama3.2:1b", "shared:7b"] });
    attic = await startOpenAiCompatibleServer({ models: ["shared:7b", "phi3:mini"] });
  });
  afterAll(async () => {
    await lab.close();
    await attic.close();
  });

  const endpoints = (): LlmConfig["endpoints"] => [
    { id: "page-or", kind: "openrouter", name: "Team OpenRouter", apiKey: "or-page-key-0000" },
    { id: "page-lab", kind: "openai-compatible", name: "Lab", baseURL: lab.url },
    { id: "page-attic", kind: "openai-compatible", name: "Attic", baseURL: attic.url },
    { id: "anthropic", kind: "anthropic", name: "Anthropic", apiKey: "sk-ant-env-0000" },
  ];

  it("lists every server's models once, the first server's where two have one, and runs each on its own", async () => {
    const r = registry({ endpoints: endpoints() });
    const openSource = (await r.listModels()).groups.find((g) => g.id === "open-source")!.models;
    expect(
      openSource
        .filter((m) => m.id.startsWith("local/"))
        .map((m) => m.id)
        .sort(),
    ).toEqual(["local/llama3.2:1b", "local/phi3:mini", "local/shared:7b"]);
    const run = async (id: string) => {
      const resolved = await r.resolve(id, ctx);
      if (!resolved.ok) throw new Error(resolved.detail);
      return streamText({ model: resolved.model, prompt: "Hi", maxRetries: 0 }).text;
    };
    const chats = (s: OpenAiCompatibleServer) =>
      s.requests.filter((q) => q.path === "/v1/chat/completions").map((q) => q.body.model);
    expect(await run("local/shared:7b")).toBe("Hello from the test server.");
    expect(await run("local/phi3:mini")).toBe("Hello from the test server.");
    expect(chats(lab)).toEqual(["shared:7b"]);
    expect(chats(attic)).toEqual(["phi3:mini"]);
    // The automatic choice is the page's OpenRouter, over the environment's Anthropic.
    expect(await r.resolve("claude-sonnet", ctx)).toMatchObject({ provider: "openrouter" });
  });

  it("switches models off, routes one through the chosen endpoint, and serves added ones", async () => {
    const r = registry({
      endpoints: endpoints(),
      catalogue: {
        off: new Set(["grok-4", "local/phi3:mini"]),
        via: new Map([
          ["claude-sonnet", { endpointId: "anthropic", upstream: null }],
          ["gpt-5", { endpointId: "page-lab", upstream: "shared:7b" }],
          ["gemini-pro", { endpointId: "gone", upstream: null }],
        ]),
        added: [
          {
            id: "llama3.2:1b",
            name: "Llama Lab",
            description: "On the lab server.",
            group: "industry",
            vision: false,
            endpointId: "page-lab",
            upstream: "llama3.2:1b",
          },
          {
            id: "orphan-1",
            name: "Orphan",
            description: "",
            group: "open-source",
            vision: false,
            endpointId: null,
            upstream: "orphan-1",
          },
        ],
      },
    });
    const all = (await r.listModels()).groups.flatMap((g) => g.models.map((m) => ({ ...m, group: g.id })));
    expect(all.some((m) => m.id === "grok-4" || m.id === "local/phi3:mini")).toBe(false);
    expect(await r.resolve("grok-4", ctx)).toMatchObject({ ok: false, reason: "unavailable" });
    expect(await r.resolve("claude-sonnet", ctx)).toMatchObject({
      provider: "anthropic",
      upstream: "claude-sonnet-4-0",
    });
    expect(await r.resolve("gpt-5", ctx)).toMatchObject({
      provider: "openai-compatible",
      upstream: "shared:7b",
    });
    // A chosen endpoint that is gone is never silently replaced by another.
    expect(all.find((m) => m.id === "gemini-pro")).toMatchObject({ available: false, needsConnection: true });
    expect(all.find((m) => m.id === "llama3.2:1b")).toMatchObject({
      name: "Llama Lab",
      group: "industry",
      available: true,
    });
    expect(all.some((m) => m.id === "local/llama3.2:1b")).toBe(false);
    expect(all.find((m) => m.id === "orphan-1")).toMatchObject({
      available: false,
      unavailableReason: "Not enabled on this server.",
    });
    expect(await r.resolve("llama3.2:1b", ctx)).toMatchObject({ ok: true, upstream: "llama3.2:1b" });
  });
});
