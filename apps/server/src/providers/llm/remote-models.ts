// The only place that constructs vendor SDK clients. Each is built once, on first use, with the key
// from configuration (never from process.env, which the SDKs would otherwise read on their own).
import { createAnthropic } from "@ai-sdk/anthropic";
import { createGoogleGenerativeAI } from "@ai-sdk/google";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { createOpenRouter } from "@openrouter/ai-sdk-provider";
import { coalescingFetch } from "./coalesce-sse";
import { guardUpstreamModel } from "./guard-upstream-model";
import { OPENAI_DEFAULT_BASE_URL, type RemoteProviderId } from "./routing";
import type { LlmConfig } from "./types";

const MODELS_KEPT = 256;

export type RemoteModelFactory = (provider: RemoteProviderId, modelName: string) => LanguageModelV3;

export function createRemoteModelFactory(
  config: LlmConfig,
  fetch?: typeof globalThis.fetch,
): RemoteModelFactory {
  const secrets = [
    config.openrouter?.apiKey,
    config.openaiCompatible?.apiKey,
    config.anthropic?.apiKey,
    config.google?.apiKey,
  ].filter((k): k is string => typeof k === "string" && k.length > 0);
  const cache = new Map<RemoteProviderId, (name: string) => LanguageModelV3>();
  // OpenAI-style event streams: text deltas that arrive in one read reach the SDK as one.
  const openAiStyleFetch = coalescingFetch(fetch);

  const build = (provider: RemoteProviderId): ((name: string) => LanguageModelV3) => {
    switch (provider) {
      case "openrouter": {
        const c = required(config.openrouter, provider);
        // "strict" is OpenRouter's own dialect; it asks for usage in the stream (stream_options).
        const p = createOpenRouter({
          apiKey: c.apiKey,
          baseURL: c.baseURL,
          compatibility: "strict",
          fetch: openAiStyleFetch,
          appName: "Tessera",
        });
        // Usage accounting adds the call's cost to the stream's provider metadata.
        return (name) => p.chat(name, { usage: { include: true } });
      }
      case "openai-compatible": {
        const c = required(config.openaiCompatible, provider);
        const p = createOpenAICompatible({
          name: "openai-compatible",
          baseURL: (c.baseURL ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, ""),
          apiKey: c.apiKey,
          includeUsage: true,
          fetch: openAiStyleFetch,
        });
        return (name) => p.chatModel(name);
      }
      case "anthropic": {
        const c = required(config.anthropic, provider);
        const p = createAnthropic({ apiKey: c.apiKey, baseURL: c.baseURL, fetch });
        return (name) => p.languageModel(name);
      }
      case "google": {
        const c = required(config.google, provider);
        const p = createGoogleGenerativeAI({ apiKey: c.apiKey, baseURL: c.baseURL, fetch });
        return (name) => p.languageModel(name);
      }
    }
  };

  // A model object holds no per-call state, and building one is not free (the OpenAI-compatible
  // client compiles its chunk schema): each is built once, for as many models as a server lists.
  const models = new Map<string, LanguageModelV3>();
  return (provider, modelName) => {
    const key = `${provider}\u0000${modelName}`;
    const known = models.get(key);
    if (known) return known;
    let make = cache.get(provider);
    if (!make) {
      make = build(provider);
      cache.set(provider, make);
    }
    const model = guardUpstreamModel(make(modelName), secrets);
    if (models.size >= MODELS_KEPT) models.clear();
    models.set(key, model);
    return model;
  };
}

function required<T>(value: T | undefined, provider: RemoteProviderId): T {
  // Routing only picks configured providers, so reaching this is a programming error.
  if (!value) throw new Error(`LLM provider ${provider} is not configured`);
  return value;
}
