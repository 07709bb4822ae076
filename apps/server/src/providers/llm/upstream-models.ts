// What a language-model endpoint offers, asked of the endpoint itself: its model list (OpenAI's
// `GET /models` and the servers that copy it, OpenRouter's with names and context lengths,
// Anthropic's and Google's own), and OpenRouter's key check. The admin's Connections page reads these
// to test a connection and to add its models to the catalogue; a failure carries the upstream's own
// words, with every key taken out.
import { z } from "zod";
import { redactSecrets } from "./llm-errors";
import { OPENROUTER_BASE_URL } from "./remote-models";
import { OPENAI_DEFAULT_BASE_URL } from "./routing";
import type { LlmEndpoint } from "./types";

export interface UpstreamModelInfo {
  id: string;
  name: string | null;
  description: string | null;
  contextLength: number | null;
}

/** The endpoint answered, but not with what was asked: its status and its own reason. */
export class UpstreamAnswerError extends Error {
  override name = "UpstreamAnswerError";
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
  }
}

const openAiList = z.object({
  data: z.array(
    z
      .object({
        id: z.string().min(1),
        name: z.string().nullish(),
        display_name: z.string().nullish(),
        description: z.string().nullish(),
        context_length: z.number().int().nullish(),
      })
      .loose(),
  ),
});

const googleList = z.object({
  models: z
    .array(
      z
        .object({
          name: z.string().min(1),
          displayName: z.string().nullish(),
          description: z.string().nullish(),
          inputTokenLimit: z.number().int().nullish(),
          supportedGenerationMethods: z.array(z.string()).nullish(),
        })
        .loose(),
    )
    .default([]),
});

const openRouterKey = z.object({
  data: z
    .object({
      label: z.string().nullish(),
      usage: z.number().nullish(),
      limit: z.number().nullish(),
      is_free_tier: z.boolean().nullish(),
    })
    .loose(),
});

/** The endpoint's base URL: the configured one, else the vendor's own (the SDKs' for Anthropic and Google). */
export async function baseUrlOf(endpoint: LlmEndpoint): Promise<string> {
  if (endpoint.baseURL) return endpoint.baseURL.replace(/\/+$/, "");
  switch (endpoint.kind) {
    case "openrouter":
      return OPENROUTER_BASE_URL;
    case "openai":
    case "openai-compatible":
      return OPENAI_DEFAULT_BASE_URL;
    case "anthropic": {
      const { createAnthropic } = await import("@ai-sdk/anthropic");
      return sdkBaseUrl(createAnthropic({ apiKey: "unused" }).languageModel("probe"));
    }
    case "google": {
      const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
      return sdkBaseUrl(createGoogleGenerativeAI({ apiKey: "unused" }).languageModel("probe"));
    }
  }
}

/** The vendors' clients keep their default address on each model's config; it is read, never guessed. */
function sdkBaseUrl(model: unknown): string {
  const config = (model as { config?: { baseURL?: unknown } }).config;
  if (typeof config?.baseURL !== "string") throw new Error("the vendor's client keeps no base URL");
  return config.baseURL.replace(/\/+$/, "");
}

function headersOf(endpoint: LlmEndpoint): Record<string, string> {
  const key = endpoint.apiKey;
  if (!key) return {};
  if (endpoint.kind === "anthropic") return { "x-api-key": key, "anthropic-version": "2023-06-01" };
  if (endpoint.kind === "google") return { "x-goog-api-key": key };
  return { authorization: `Bearer ${key}` };
}

async function getJson(
  endpoint: LlmEndpoint,
  path: string,
  fetch: typeof globalThis.fetch,
): Promise<unknown> {
  const url = `${await baseUrlOf(endpoint)}${path}`;
  const res = await fetch(url, { headers: { accept: "application/json", ...headersOf(endpoint) } });
  const text = await res.text();
  const secrets = endpoint.apiKey ? [endpoint.apiKey] : [];
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const reason = upstreamReason(body) ?? (text.trim().slice(0, 200) || null);
    throw new UpstreamAnswerError(
      res.status,
      redactSecrets(`It answered ${res.status}${reason ? `: ${reason}` : "."}`, secrets),
    );
  }
  if (body === null)
    throw new UpstreamAnswerError(res.status, "It answered with something that is not JSON.");
  return body;
}

/** Every model the endpoint lists, as it names them, sorted by name. */
export async function listUpstreamModels(
  endpoint: LlmEndpoint,
  fetch: typeof globalThis.fetch,
): Promise<UpstreamModelInfo[]> {
  if (endpoint.kind === "google") {
    const parsed = googleList.safeParse(await getJson(endpoint, "/models?pageSize=1000", fetch));
    if (!parsed.success) throw new UpstreamAnswerError(200, "Its model list is not in the expected shape.");
    return sorted(
      parsed.data.models
        .filter((m) => m.supportedGenerationMethods?.includes("generateContent") ?? true)
        .map((m) => ({
          id: m.name.replace(/^models\//, ""),
          name: m.displayName ?? null,
          description: m.description ?? null,
          contextLength: m.inputTokenLimit ?? null,
        })),
    );
  }
  const path = endpoint.kind === "anthropic" ? "/models?limit=1000" : "/models";
  const parsed = openAiList.safeParse(await getJson(endpoint, path, fetch));
  if (!parsed.success) throw new UpstreamAnswerError(200, "Its model list is not in the expected shape.");
  return sorted(
    parsed.data.data.map((m) => ({
      id: m.id,
      name: m.name ?? m.display_name ?? null,
      description: m.description ?? null,
      contextLength: m.context_length ?? null,
    })),
  );
}

/** OpenRouter lists its models to anyone: its key is checked on its own. */
export async function checkOpenRouterKey(
  endpoint: LlmEndpoint,
  fetch: typeof globalThis.fetch,
): Promise<string> {
  const parsed = openRouterKey.safeParse(await getJson(endpoint, "/key", fetch));
  if (!parsed.success) throw new UpstreamAnswerError(200, "Its key check is not in the expected shape.");
  const { label, usage, limit } = parsed.data.data;
  const spent = typeof usage === "number" ? `$${usage.toFixed(2)} used` : null;
  const cap = typeof limit === "number" ? `of a $${limit.toFixed(2)} limit` : "with no limit";
  return [`The key${label ? ` “${label}”` : ""} is valid`, spent ? `${spent} ${cap}` : null]
    .filter(Boolean)
    .join(": ");
}

const sorted = (models: UpstreamModelInfo[]) =>
  [...new Map(models.map((m) => [m.id, m])).values()].sort((a, b) => a.id.localeCompare(b.id));

/** The upstream's own short explanation, from the shapes OpenAI, Anthropic, Google and others use. */
export function upstreamReason(body: unknown): string | null {
  const pick = (v: unknown, depth = 0): string | null => {
    if (depth > 3) return null;
    if (typeof v === "string") return v;
    if (Array.isArray(v)) return pick(v[0], depth + 1);
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      return pick(o.message ?? o.error ?? o.detail ?? o.msg, depth + 1);
    }
    return null;
  };
  const reason = pick(body)?.replace(/\s+/g, " ").trim();
  if (!reason) return null;
  return reason.length > 300 ? `${reason.slice(0, 299)}…` : reason;
}
