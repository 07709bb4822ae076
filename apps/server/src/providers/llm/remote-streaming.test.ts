// Remote models through the AI SDK exactly as the chat feature calls them, against a real
// OpenAI-compatible server on loopback: text and usage, upstream errors, broken streams, aborts.
import { APICallError } from "@ai-sdk/provider";
import { streamText, type TextStreamPart, type ToolSet } from "ai";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { classifyLlmError, StreamInterruptedError } from "./llm-errors";
import { createLlmRegistry } from "./registry";
import type { LlmConfig } from "./types";

type Part = TextStreamPart<ToolSet>;
const KEY = "sk-local-test-key-123456";
const ctx = { retrieve: () => Promise.resolve([]) };
let server: OpenAiCompatibleServer;

beforeAll(async () => {
  server = await startOpenAiCompatibleServer({
    models: ["llama3.2:1b", "busy", "broken", "cut-off", "silent", "leaky"],
    scripts: {
      busy: {
        kind: "status",
        status: 429,
        body: { error: { message: "Rate limit exceeded", type: "rate_limit_error" } },
      },
      broken: {
        kind: "status",
        status: 500,
        body: { error: { message: "Internal error", type: "server_error" } },
      },
      "cut-off": { kind: "disconnect", chunks: ["Hello", " from", " the", " test"], after: 2 },
      silent: { kind: "silence" },
      leaky: {
        kind: "status",
        status: 401,
        body: { error: { message: `Incorrect API key provided: ${KEY}` } },
      },
    },
  });
});
afterAll(() => server.close());

async function modelFor(id: string, config: Partial<LlmConfig> = {}) {
  const llm = createLlmRegistry(
    { localPaceMs: 0, openaiCompatible: { baseURL: server.url, apiKey: KEY, extraModels: [] }, ...config },
    { logger: pino({ level: "silent" }) },
  );
  const resolved = await llm.resolve(id, ctx);
  if (!resolved.ok) throw new Error(resolved.detail);
  return resolved.model;
}

/** Streams like the chat feature: maxRetries 0, abort signal, parts from fullStream. */
async function run(
  id: string,
  opts: { abortAfterMs?: number; maxRetries?: number; config?: Partial<LlmConfig> } = {},
) {
  const controller = new AbortController();
  const before = server.requests.length;
  const result = streamText({
    model: await modelFor(id, opts.config),
    prompt: "Say hello.",
    maxRetries: opts.maxRetries ?? 0,
    abortSignal: controller.signal,
    // streamText's default onError writes to console.error; errors are read from the `error` part.
    onError: () => {},
  });
  if (opts.abortAfterMs !== undefined)
    setTimeout(() => controller.abort(new Error("stopped by test")), opts.abortAfterMs);
  const parts: Part[] = [];
  for await (const part of result.fullStream) parts.push(part);
  const text = parts.flatMap((p) => (p.type === "text-delta" ? [p.text] : [])).join("");
  const errors = parts.flatMap((p) => (p.type === "error" ? [p.error] : []));
  return {
    parts,
    text,
    errors,
    requests: server.requests.slice(before).filter((r) => r.path === "/v1/chat/completions"),
  };
}

describe("a remote model through streamText", () => {
  it("streams the text and reports usage, sending the key and the model name", async () => {
    const { text, parts, errors, requests } = await run("local/llama3.2:1b");
    expect(errors).toEqual([]);
    expect(text).toBe("Hello from the test server.");
    const finish = parts.find((p) => p.type === "finish");
    expect(finish?.type === "finish" && finish.totalUsage).toMatchObject({
      inputTokens: 11,
      outputTokens: 5,
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(requests[0]?.body).toMatchObject({
      model: "llama3.2:1b",
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it.each([
    ["busy", 429, "rateLimited"],
    ["broken", 500, "unavailable"],
  ] as const)("turns HTTP %s into one error part after exactly one request", async (name, status, kind) => {
    // Even with the SDK's default of two retries, the guard keeps it to a single request.
    for (const maxRetries of [0, 2]) {
      const { errors, requests } = await run(`local/${name}`, { maxRetries });
      expect(requests).toHaveLength(1);
      expect(errors).toHaveLength(1);
      expect(APICallError.isInstance(errors[0]) && errors[0].statusCode).toBe(status);
      expect(classifyLlmError(errors[0])).toBe(kind);
    }
  });

  it("keeps the partial text of a stream cut mid-way, then reports an error part", async () => {
    const { text, parts, errors } = await run("local/cut-off");
    expect(text).toBe("Hello from");
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(StreamInterruptedError);
    expect(classifyLlmError(errors[0])).toBe("failed");
    const lastDelta = parts.findLastIndex((p) => p.type === "text-delta");
    expect(parts.findIndex((p) => p.type === "error")).toBeGreaterThan(lastDelta);
  });

  it("stops the upstream request on abort, ending with an abort part", async () => {
    const started = Date.now();
    const { parts, requests } = await run("local/silent", { abortAfterMs: 150 });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(parts.at(-1)?.type).toBe("abort");
    expect(parts.some((p) => p.type === "error")).toBe(false);
    await expect(requests[0]?.closed).resolves.toEqual({ early: true });
  });

  it("never passes a key an upstream echoed back", async () => {
    const { errors } = await run("local/leaky");
    const error = errors[0];
    expect(APICallError.isInstance(error)).toBe(true);
    if (!APICallError.isInstance(error)) return;
    expect(error.message).not.toContain(KEY);
    expect(error.responseBody).not.toContain(KEY);
    expect(JSON.stringify(error.data)).not.toContain(KEY);
    expect(classifyLlmError(error)).toBe("unavailable");
  });
});

describe("OpenRouter", () => {
  it("sends the catalogue model's upstream id with the OpenRouter key", async () => {
    const config = { openrouter: { apiKey: "or-test-key-123456", baseURL: server.url } };
    for (const id of ["gpt-5", "openai/gpt-5"]) {
      const { text, errors, requests, parts } = await run(id, { config });
      expect(errors).toEqual([]);
      expect(text).toBe("Hello from the test server.");
      expect(requests[0]?.body.model).toBe("openai/gpt-5");
      expect(requests[0]?.headers.authorization).toBe("Bearer or-test-key-123456");
      const finish = parts.find((p) => p.type === "finish");
      expect(finish?.type === "finish" && finish.totalUsage.outputTokens).toBe(5);
    }
  });
});
