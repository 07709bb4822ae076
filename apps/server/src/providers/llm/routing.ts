// Decides which provider serves a catalogue model, from configuration alone (no network), so the
// model list and `resolve` can never disagree about what is available.
import { GUIDE_MODEL_ID, LOCAL_MODEL_ID, type CatalogueModel } from "@tessera/contracts";
import type { LlmConfig } from "./types";

export type RemoteProviderId = "openrouter" | "openai-compatible" | "anthropic" | "google";

export type Route =
  | { kind: "local" }
  | { kind: "remote"; provider: RemoteProviderId; modelName: string }
  | { kind: "unavailable"; reason: string };

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** The variable that enables a vendor's models directly, after OPENROUTER_API_KEY. */
const VENDOR_KEY: Record<string, string> = {
  openai: "OPENAI_API_KEY",
  anthropic: "ANTHROPIC_API_KEY",
  google: "GOOGLE_GENERATIVE_AI_API_KEY",
};

/** OpenRouter ids whose Anthropic API name is not the mechanical translation below. */
const ANTHROPIC_NAMES: Record<string, string> = {
  "claude-sonnet-4": "claude-sonnet-4-0",
  "claude-opus-4": "claude-opus-4-0",
  "claude-3.7-sonnet": "claude-3-7-sonnet-latest",
  "claude-3.5-sonnet": "claude-3-5-sonnet-latest",
  "claude-3.5-haiku": "claude-3-5-haiku-latest",
};

export function routeModel(model: CatalogueModel, config: LlmConfig): Route {
  if (model.id === LOCAL_MODEL_ID) return { kind: "local" };
  const remote = routeRemote(model, config);
  // Tessa must always answer: without a provider for her upstream she runs on Tessera Local.
  if (model.id === GUIDE_MODEL_ID && remote.kind === "unavailable") return { kind: "local" };
  return remote;
}

function routeRemote(model: CatalogueModel, config: LlmConfig): Route {
  if (config.openrouter) return { kind: "remote", provider: "openrouter", modelName: model.upstream };
  const slash = model.upstream.indexOf("/");
  const vendor = model.upstream.slice(0, slash);
  const name = model.upstream.slice(slash + 1);
  if (vendor === "anthropic" && config.anthropic)
    return { kind: "remote", provider: "anthropic", modelName: anthropicModelName(name) };
  if (vendor === "google" && config.google) return { kind: "remote", provider: "google", modelName: name };
  if (vendor === "openai" && servesOpenAi(config))
    return { kind: "remote", provider: "openai-compatible", modelName: name };
  const direct = VENDOR_KEY[vendor];
  const variables = direct ? `OPENROUTER_API_KEY (or ${direct})` : "OPENROUTER_API_KEY";
  return { kind: "unavailable", reason: `Set ${variables} to use ${model.name}.` };
}

/** `claude-opus-4.1` → `claude-opus-4-1`: Anthropic spells versions with dashes. */
export function anthropicModelName(openRouterName: string): string {
  return ANTHROPIC_NAMES[openRouterName] ?? openRouterName.replace(/\./g, "-");
}

/** The OpenAI-compatible endpoint is OpenAI itself, so OpenAI's catalogue models can run there. */
export function servesOpenAi(config: LlmConfig): boolean {
  const c = config.openaiCompatible;
  return Boolean(c?.apiKey) && (!c?.baseURL || isOpenAiBaseURL(c.baseURL));
}

export function isOpenAiBaseURL(baseURL: string): boolean {
  try {
    return new URL(baseURL).hostname === "api.openai.com";
  } catch {
    return false;
  }
}

/** Host (and port) of a configured base URL, never its credentials or path. */
export function hostOf(baseURL: string): string {
  try {
    return new URL(baseURL).host;
  } catch {
    return "the configured server";
  }
}
