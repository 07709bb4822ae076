// The only place that constructs vendor SDK clients. Each is built once, on first use, with the key
// from configuration (never from process.env, which the SDKs would otherwise read on their own).
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { guardUpstreamModel } from "./guard-upstream-model";
import { createOpenAiChatModels, type OpenAiChatEndpoint } from "./openai-chat-model";
import { endpointsOf, isOpenAiBaseURL, OPENAI_DEFAULT_BASE_URL } from "./routing";
import type { LlmConfig, LlmEndpoint } from "./types";

const MODELS_KEPT = 256;
export const OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1";

/** A model on one endpoint: the endpoint by its id (a connection's, or `openrouter` for the environment's). */
export type RemoteModelFactory = (endpointId: string, modelName: string) => Promise<LanguageModelV3>;

export function createRemoteModelFactory(
  config: LlmConfig,
  fetch?: typeof globalThis.fetch,
): RemoteModelFactory {
  const endpoints = endpointsOf(config);
  const secrets = endpoints
    .map((e) => e.apiKey)
    .filter((k): k is string => typeof k === "string" && k.length > 0);
  const cache = new Map<string, Promise<(name: string) => LanguageModelV3>>();

  // Anthropic's and Google's clients load with their first call, on an instance configured for them,
  // and are wrapped by the guard; the lean client keeps the guard's promises itself.
  const build = async (e: LlmEndpoint): Promise<(name: string) => LanguageModelV3> => {
    switch (e.kind) {
      // All three speak OpenAI's chat completions, through the relay's own lean client (openai-chat-model.ts).
      case "openrouter":
        return createOpenAiChatModels({
          provider: "openrouter",
          baseURL: e.baseURL ?? OPENROUTER_BASE_URL,
          apiKey: required(e.apiKey, e),
          headers: { "x-openrouter-title": "Tessera" },
          // Usage accounting puts the call's cost in the stream's last usage.
          body: { usage: { include: true } },
          secrets,
        });
      case "openai":
      case "openai-compatible":
        return createOpenAiChatModels(
          openAiCompatibleEndpoint({ baseURL: e.baseURL, apiKey: e.apiKey, extraModels: [] }, secrets),
        );
      case "anthropic": {
        const { createAnthropic } = await import("@ai-sdk/anthropic");
        const p = createAnthropic({ apiKey: required(e.apiKey, e), baseURL: e.baseURL, fetch });
        return (name) => guardUpstreamModel(p.languageModel(name), secrets);
      }
      case "google": {
        const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
        const p = createGoogleGenerativeAI({ apiKey: required(e.apiKey, e), baseURL: e.baseURL, fetch });
        return (name) => guardUpstreamModel(p.languageModel(name), secrets);
      }
    }
  };

  // A model object holds no per-call state, and building one is not free (the vendors' clients compile
  // their chunk schemas): each is built once, for as many models as a server lists.
  const models = new Map<string, Promise<LanguageModelV3>>();
  return (endpointId, modelName) => {
    const key = `${endpointId}\u0000${modelName}`;
    const known = models.get(key);
    if (known) return known;
    let make = cache.get(endpointId);
    if (!make) {
      const endpoint = endpoints.find((e) => e.id === endpointId);
      // Routing only picks configured endpoints, so reaching this is a programming error.
      if (!endpoint) throw new Error(`LLM endpoint ${endpointId} is not configured`);
      make = build(endpoint);
      cache.set(endpointId, make);
    }
    const model = make.then((m) => m(modelName));
    if (models.size >= MODELS_KEPT) models.clear();
    models.set(key, model);
    return model;
  };
}

/** The OpenAI-compatible server as configured: OpenAI itself when no other base URL is set. */
export function openAiCompatibleEndpoint(
  c: NonNullable<LlmConfig["openaiCompatible"]>,
  secrets: readonly string[],
): OpenAiChatEndpoint {
  const baseURL = c.baseURL ?? OPENAI_DEFAULT_BASE_URL;
  return {
    provider: "openai-compatible",
    baseURL,
    apiKey: c.apiKey,
    openAi: isOpenAiBaseURL(baseURL),
    secrets,
  };
}

function required(key: string | undefined, endpoint: LlmEndpoint): string {
  // The live configuration leaves out a connection without its key, so this is a programming error.
  if (!key) throw new Error(`LLM endpoint ${endpoint.id} has no key`);
  return key;
}
