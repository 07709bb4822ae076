// The language-model registry: the catalogue with availability for the picker, and the one door
// through which features get a model to call. Features never construct vendor clients themselves.
import {
  findCatalogueModel,
  LOCAL_SERVER_PREFIX,
  MODEL_GROUPS,
  NOT_ENABLED_MESSAGE,
  type CatalogueModel,
  type ModelAvailability,
  type ModelsResponse,
  type ProviderId,
} from "@tessera/contracts";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Logger } from "../../lib/logger";
import { createLocalModelListing } from "./local-model-listing";
import { createRemoteModelFactory } from "./remote-models";
import {
  endpointsOf,
  hostOf,
  isOpenAiBaseURL,
  notConnected,
  providerIdOf,
  providerOfKind,
  routeModel,
  type Route,
} from "./routing";
import { createTesseraLocal } from "./tessera-local";
import type { AddedModel, CatalogueLayer, LlmConfig, LlmEndpoint, LlmRegistry, ResolvedModel } from "./types";

const NO_LAYER: CatalogueLayer = { off: new Set(), via: new Map(), added: [] };

/** What the OpenAI-compatible servers serve now: each name (`local/<name>`) on the first that has it. */
interface ServerModels {
  names: Map<string, { endpoint: LlmEndpoint; label: string }>;
  /** Hosts that could not be asked: their models are unknown, not absent. */
  unreachable: string[];
}

/**
 * Every model it returns makes exactly one upstream request per call, whatever `maxRetries` the
 * caller passes (errors are marked not retryable); pass `maxRetries: 0` to `streamText` anyway.
 */
export function createLlmRegistry(
  config: LlmConfig,
  deps: { logger: Logger; fetch?: typeof fetch },
): LlmRegistry {
  const remote = createRemoteModelFactory(config, deps.fetch);
  const endpoints = endpointsOf(config);
  const layer = config.catalogue ?? NO_LAYER;
  // OpenAI's own /models lists dozens of non-chat models the catalogue already covers: ask only
  // self-hosted servers what they have installed.
  const servers = endpoints
    .filter((e) => e.kind === "openai" || e.kind === "openai-compatible")
    .map((endpoint) => {
      const selfHosted = Boolean(endpoint.baseURL && !isOpenAiBaseURL(endpoint.baseURL));
      return {
        endpoint,
        discover: selfHosted
          ? createLocalModelListing({
              baseURL: endpoint.baseURL!,
              apiKey: endpoint.apiKey,
              fetch: deps.fetch ?? globalThis.fetch,
              logger: deps.logger,
            })
          : null,
        label: selfHosted ? `On your server (${hostOf(endpoint.baseURL!)})` : "Through OpenAI.",
      };
    });
  // A server model the admin added to the catalogue is listed there, not a second time here.
  const addedOn = new Set(layer.added.map((a) => `${a.endpointId}\u0000${a.upstream}`));

  const serverModels = async (): Promise<ServerModels> => {
    const lists = await Promise.all(
      servers.map(async (s) => ({
        s,
        listed: s.discover ? await s.discover() : { names: [], reachable: true },
      })),
    );
    const out: ServerModels = { names: new Map(), unreachable: [] };
    for (const { s, listed } of lists) {
      if (!listed.reachable) out.unreachable.push(hostOf(s.endpoint.baseURL ?? ""));
      for (const name of [...listed.names, ...(s.endpoint.extraModels ?? [])])
        if (!out.names.has(name) && !addedOn.has(`${s.endpoint.id}\u0000${name}`))
          out.names.set(name, { endpoint: s.endpoint, label: s.label });
    }
    return out;
  };

  deps.logger.info(
    {
      event: "llm.registry.ready",
      providers: [...new Set(endpoints.map((e) => e.kind))],
      endpoints: endpoints.length,
      added: layer.added.length,
      off: layer.off.size,
    },
    "language-model providers configured",
  );

  const addedResolve = async (a: AddedModel): Promise<ResolvedModel> => {
    const endpoint = endpoints.find((e) => e.id === a.endpointId);
    if (!endpoint) return { ok: false, reason: "unavailable", detail: NOT_ENABLED_MESSAGE };
    const provider = providerOfKind(endpoint.kind);
    return found(await remote(endpoint.id, a.upstream), provider, a.id, a.upstream);
  };

  return {
    async listModels(): Promise<ModelsResponse> {
      const installed = await serverModels();
      return {
        groups: MODEL_GROUPS.map((g) => {
          const models = g.models
            .filter((m) => !layer.off.has(m.id))
            .map((m) => availability(m, routeModel(m, config)));
          for (const a of layer.added)
            if (a.group === g.id && !layer.off.has(a.id)) models.push(addedAvailability(a, endpoints));
          if (g.id === "open-source")
            for (const [name, { endpoint, label }] of installed.names)
              if (!layer.off.has(`${LOCAL_SERVER_PREFIX}${name}`))
                models.push(serverModel(name, label, providerOfKind(endpoint.kind)));
          return { id: g.id, title: g.title, icon: g.icon, color: g.color, models };
        }),
      };
    },

    async resolve(modelId, ctx): Promise<ResolvedModel> {
      const model = findCatalogueModel(modelId);
      if (model) {
        const route = routeModel(model, config);
        if (route.kind === "unavailable") return { ok: false, reason: "unavailable", detail: route.reason };
        if (route.kind === "local") {
          // Tessa on Tessera Local says she is Tessa; an assistant says its own name.
          const voice = { speaker: ctx.speaker ?? model.name, admin: ctx.admin ?? false };
          const local = createTesseraLocal({
            retrieve: ctx.retrieve,
            paceMs: config.localPaceMs,
            voice,
            language: ctx.language,
          });
          return found(local, "tessera-local", model.id, local.modelId);
        }
        return found(
          await remote(route.endpointId, route.modelName),
          route.provider,
          model.id,
          route.modelName,
        );
      }
      const added = layer.added.find((a) => a.id === modelId);
      if (added) {
        if (layer.off.has(added.id)) return { ok: false, reason: "unavailable", detail: NOT_ENABLED_MESSAGE };
        return addedResolve(added);
      }
      if (servers.length > 0 && modelId.startsWith(LOCAL_SERVER_PREFIX)) {
        if (layer.off.has(modelId)) return { ok: false, reason: "unavailable", detail: NOT_ENABLED_MESSAGE };
        const name = modelId.slice(LOCAL_SERVER_PREFIX.length);
        const installed = await serverModels();
        const on = installed.names.get(name);
        if (on)
          return found(await remote(on.endpoint.id, name), providerOfKind(on.endpoint.kind), modelId, name);
        const [down] = installed.unreachable;
        if (down)
          return { ok: false, reason: "unavailable", detail: `Could not reach the model server at ${down}.` };
      }
      return { ok: false, reason: "unsupported", detail: `Unsupported model: ${modelId.slice(0, 200)}` };
    },
  };
}

const found = (
  model: LanguageModelV3,
  provider: ProviderId,
  catalogueId: string,
  upstream: string,
): ResolvedModel => ({ ok: true, model, provider, catalogueId, upstream });

const serverModel = (name: string, description: string, provider: ProviderId): ModelAvailability => ({
  id: `${LOCAL_SERVER_PREFIX}${name}`,
  name,
  description,
  vision: false,
  research: false,
  available: true,
  provider,
  unavailableReason: null,
  requiredPlan: null,
});

function addedAvailability(a: AddedModel, endpoints: readonly LlmEndpoint[]): ModelAvailability {
  const endpoint = endpoints.find((e) => e.id === a.endpointId);
  const route: Route = endpoint
    ? {
        kind: "remote",
        provider: providerOfKind(endpoint.kind),
        endpointId: endpoint.id,
        modelName: a.upstream,
      }
    : notConnected();
  return availability(
    { id: a.id, name: a.name, description: a.description, vision: a.vision, upstream: a.upstream },
    route,
  );
}

function availability(m: CatalogueModel, route: Route): ModelAvailability {
  const common = {
    id: m.id,
    name: m.name,
    description: m.description,
    vision: m.vision ?? false,
    research: m.research ?? false,
    requiredPlan: null,
  };
  if (route.kind === "unavailable")
    return {
      ...common,
      available: false,
      provider: null,
      unavailableReason: route.reason,
      ...(route.needsConnection ? { needsConnection: true } : {}),
    };
  return { ...common, available: true, provider: providerIdOf(route), unavailableReason: null };
}
