// The only place that constructs vendor SDK clients. Each is built once, on first use, with the key
// from configuration (never from process.env, which the SDKs would otherwise read on their own).
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { guardUpstreamModel } from "./guard-upstream-model";
import { createOpenAiChatModels, type OpenAiChatEndpoint } from "./openai-chat-model";
import { isOpenAiBaseURL, OPENAI_DEFAULT_BASE_URL, type RemoteProviderId } from "./routing";
import type { LlmConfig } from "./types";

const MODELS_KEPT = 256;
const OPENROUTER_BASE_URL = "https://openrouter.ai/api/v1";

export type RemoteModelFactory = (provider: RemoteProviderId, modelName: string) => Promise<LanguageModelV3>;

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
  const cache = new Map<RemoteProviderId, Promise<(name: string) => LanguageModelV3>>();

  // Anthropic's and Google's clients load with their first call, on an instance configured for them,
  // and are wrapped by the guard; the lean client keeps the guard's promises itself.
  const build = async (provider: RemoteProviderId): Promise<(name: string) => LanguageModelV3> => {
    switch (provider) {
      // Both speak OpenAI's chat completions, through the relay's own lean client (openai-chat-model.ts).
      case "openrouter": {
        const c = required(config.openrouter, provider);
        return createOpenAiChatModels({
          provider,
          baseURL: c.baseURL ?? OPENROUTER_BASE_URL,
          apiKey: c.apiKey,
          headers: { "x-openrouter-title": "Tessera" },
          // Usage accounting puts the call's cost in the stream's last usage.
          body: { usage: { include: true } },
          secrets,
        });
      }
      case "openai-compatible":
        return createOpenAiChatModels(
          openAiCompatibleEndpoint(required(config.openaiCompatible, provider), secrets),
        );
      case "anthropic": {
        const c = required(config.anthropic, provider);
        const { createAnthropic } = await import("@ai-sdk/anthropic");
        const p = createAnthropic({ apiKey: c.apiKey, baseURL: c.baseURL, fetch });
        return (name) => guardUpstreamModel(p.languageModel(name), secrets);
      }
      case "google": {
        const c = required(config.google, provider);
        const { createGoogleGenerativeAI } = await import("@ai-sdk/google");
        const p = createGoogleGenerativeAI({ apiKey: c.apiKey, baseURL: c.baseURL, fetch });
        return (name) => guardUpstreamModel(p.languageModel(name), secrets);
      }
    }
  };

  // A model object holds no per-call state, and building one is not free (the vendors' clients compile
  // their chunk schemas): each is built once, for as many models as a server lists.
  const models = new Map<string, Promise<LanguageModelV3>>();
  return (provider, modelName) => {
    const key = `${provider}\u0000${modelName}`;
    const known = models.get(key);
    if (known) return known;
    let make = cache.get(provider);
    if (!make) {
      make = build(provider);
      cache.set(provider, make);
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

function required<T>(value: T | undefined, provider: RemoteProviderId): T {
  // Routing only picks configured providers, so reaching this is a programming error.
  if (!value) throw new Error(`LLM provider ${provider} is not configured`);
  return value;
}
