// Decides which endpoint serves a catalogue model, from configuration alone (no network), so the
// model list and `resolve` can never disagree about what is available. The admin's choices (a model
// switched off, or served through a chosen connection) come first; then OpenRouter, then the vendor's
// own endpoint by the upstream's prefix.
import {
  GUIDE_MODEL_ID,
  LOCAL_MODEL_ID,
  NOT_ENABLED_MESSAGE,
  type CatalogueModel,
  type ProviderId,
} from "@tessera/contracts";
import type { LlmConfig, LlmEndpoint, LlmEndpointKind } from "./types";

export type RemoteProviderId = "openrouter" | "openai-compatible" | "anthropic" | "google";

export type Route =
  | { kind: "local" }
  | { kind: "remote"; provider: RemoteProviderId; endpointId: string; modelName: string }
  | { kind: "unavailable"; reason: string; needsConnection: boolean };

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** OpenRouter ids whose Anthropic API name is not the mechanical translation below. */
const ANTHROPIC_NAMES: Record<string, string> = {
  "claude-sonnet-4": "claude-sonnet-4-0",
  "claude-opus-4": "claude-opus-4-0",
  "claude-3.7-sonnet": "claude-3-7-sonnet-latest",
  "claude-3.5-sonnet": "claude-3-5-sonnet-latest",
  "claude-3.5-haiku": "claude-3-5-haiku-latest",
};

/** The provider that speaks to an endpoint of this kind. */
export const providerOfKind = (kind: LlmEndpointKind): RemoteProviderId =>
  kind === "openai" ? "openai-compatible" : kind;

export const notConnected = (): Route => ({
  kind: "unavailable",
  reason: NOT_ENABLED_MESSAGE,
  needsConnection: true,
});

export function routeModel(model: CatalogueModel, config: LlmConfig): Route {
  if (model.id === LOCAL_MODEL_ID) return { kind: "local" };
  const remote = routeRemote(model, config);
  // Tessa must always answer: without a provider for her upstream she runs on Tessera Local.
  if (model.id === GUIDE_MODEL_ID && remote.kind === "unavailable") return { kind: "local" };
  return remote;
}

function routeRemote(model: CatalogueModel, config: LlmConfig): Route {
  const layer = config.catalogue;
  if (layer?.off.has(model.id))
    return { kind: "unavailable", reason: NOT_ENABLED_MESSAGE, needsConnection: false };
  const endpoints = endpointsOf(config);
  const chosen = layer?.via.get(model.id);
  if (chosen) {
    // The admin named the connection: that one or none, never silently another.
    const endpoint = endpoints.find((e) => e.id === chosen.endpointId);
    const name = endpoint ? (chosen.upstream ?? upstreamOn(endpoint.kind, model.upstream)) : null;
    if (!endpoint || !name) return notConnected();
    return {
      kind: "remote",
      provider: providerOfKind(endpoint.kind),
      endpointId: endpoint.id,
      modelName: name,
    };
  }
  for (const kind of ["openrouter", vendorKind(model.upstream)] as const) {
    const endpoint = kind ? endpoints.find((e) => e.kind === kind) : undefined;
    const name = endpoint ? upstreamOn(endpoint.kind, model.upstream) : null;
    if (endpoint && name)
      return {
        kind: "remote",
        provider: providerOfKind(endpoint.kind),
        endpointId: endpoint.id,
        modelName: name,
      };
  }
  return notConnected();
}

/** The endpoint kind that serves an OpenRouter id's vendor directly: `anthropic/…` → anthropic. */
function vendorKind(upstream: string): LlmEndpointKind | null {
  const vendor = upstream.slice(0, upstream.indexOf("/"));
  return vendor === "anthropic" || vendor === "google" || vendor === "openai" ? vendor : null;
}

/**
 * A catalogue model's name on an endpoint of this kind, or null when that kind cannot serve it:
 * OpenRouter takes the id as is, a vendor its own models by their own spelling.
 */
export function upstreamOn(kind: LlmEndpointKind, upstream: string): string | null {
  if (kind === "openrouter") return upstream;
  const slash = upstream.indexOf("/");
  const name = upstream.slice(slash + 1);
  if (kind === "openai-compatible") return null;
  if (upstream.slice(0, slash) !== kind) return null;
  return kind === "anthropic" ? anthropicModelName(name) : name;
}

/** `claude-opus-4.1` → `claude-opus-4-1`: Anthropic spells versions with dashes. */
export function anthropicModelName(openRouterName: string): string {
  return ANTHROPIC_NAMES[openRouterName] ?? openRouterName.replace(/\./g, "-");
}

/**
 * Every endpoint, the Connections page's first: `config.endpoints` when the live configuration gave
 * them, else the environment's as the single-provider fields describe them (ids are the provider
 * names, so a configuration written either way routes alike).
 */
export function endpointsOf(config: LlmConfig): LlmEndpoint[] {
  if (config.endpoints) return config.endpoints;
  const out: LlmEndpoint[] = [];
  if (config.openrouter)
    out.push({ id: "openrouter", kind: "openrouter", name: "OpenRouter", ...config.openrouter });
  const oc = config.openaiCompatible;
  if (oc) {
    const openAi = Boolean(oc.apiKey) && (!oc.baseURL || isOpenAiBaseURL(oc.baseURL));
    out.push({
      id: "openai-compatible",
      kind: openAi ? "openai" : "openai-compatible",
      name: openAi ? "OpenAI" : `Model server at ${hostOf(oc.baseURL ?? OPENAI_DEFAULT_BASE_URL)}`,
      baseURL: oc.baseURL,
      apiKey: oc.apiKey,
      extraModels: oc.extraModels,
    });
  }
  if (config.anthropic)
    out.push({ id: "anthropic", kind: "anthropic", name: "Anthropic", ...config.anthropic });
  if (config.google) out.push({ id: "google", kind: "google", name: "Google", ...config.google });
  return out;
}

/** The provider id a picker shows for a route. */
export const providerIdOf = (route: Route): ProviderId | null =>
  route.kind === "unavailable" ? null : route.kind === "local" ? "tessera-local" : route.provider;

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
