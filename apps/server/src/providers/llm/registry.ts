// The language-model registry: the catalogue with availability for the picker, and the one door
// through which features get a model to call. Features never construct vendor clients themselves.
import {
  findCatalogueModel,
  LOCAL_SERVER_PREFIX,
  MODEL_GROUPS,
  type CatalogueModel,
  type ModelAvailability,
  type ModelsResponse,
  type ProviderId,
} from "@tessera/contracts";
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { Logger } from "../../lib/logger";
import { createLocalModelListing, type LocalModelList } from "./local-model-listing";
import { createRemoteModelFactory } from "./remote-models";
import { hostOf, isOpenAiBaseURL, routeModel, type Route } from "./routing";
import { createTesseraLocal } from "./tessera-local";
import type { LlmConfig, LlmRegistry, ResolvedModel } from "./types";

/** Ids of models found on the OpenAI-compatible server: `local/llama3.2:1b`. */

/**
 * Every model it returns makes exactly one upstream request per call, whatever `maxRetries` the
 * caller passes (errors are marked not retryable); pass `maxRetries: 0` to `streamText` anyway.
 */
export function createLlmRegistry(
  config: LlmConfig,
  deps: { logger: Logger; fetch?: typeof fetch },
): LlmRegistry {
  const remote = createRemoteModelFactory(config, deps.fetch);
  const oc = config.openaiCompatible;
  // OpenAI's own /models lists dozens of non-chat models the catalogue already covers: ask only
  // self-hosted servers what they have installed.
  const discover =
    oc?.baseURL && !isOpenAiBaseURL(oc.baseURL)
      ? createLocalModelListing({
          baseURL: oc.baseURL,
          apiKey: oc.apiKey,
          fetch: deps.fetch ?? globalThis.fetch,
          logger: deps.logger,
        })
      : null;
  const serverLabel = oc?.baseURL && discover ? `On your server (${hostOf(oc.baseURL)})` : "Through OpenAI.";

  const localServerModels = async (): Promise<LocalModelList> => {
    if (!oc) return { names: [], reachable: true };
    const listed = discover ? await discover() : { names: [], reachable: true };
    return { names: [...new Set([...listed.names, ...oc.extraModels])], reachable: listed.reachable };
  };

  deps.logger.info(
    {
      event: "llm.registry.ready",
      providers: (["openrouter", "openaiCompatible", "anthropic", "google"] as const).filter(
        (k) => config[k],
      ),
    },
    "language-model providers configured",
  );

  return {
    async listModels(): Promise<ModelsResponse> {
      const installed = await localServerModels();
      return {
        groups: MODEL_GROUPS.map((g) => {
          const models = g.models.map((m) => availability(m, routeModel(m, config)));
          if (g.id === "open-source")
            models.push(...installed.names.map((name) => serverModel(name, serverLabel)));
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
          const local = createTesseraLocal({ retrieve: ctx.retrieve, paceMs: config.localPaceMs, voice });
          return found(local, "tessera-local", model.id, local.modelId);
        }
        return found(
          await remote(route.provider, route.modelName),
          route.provider,
          model.id,
          route.modelName,
        );
      }
      if (oc && modelId.startsWith(LOCAL_SERVER_PREFIX)) {
        const name = modelId.slice(LOCAL_SERVER_PREFIX.length);
        const installed = await localServerModels();
        if (installed.names.includes(name))
          return found(await remote("openai-compatible", name), "openai-compatible", modelId, name);
        if (!installed.reachable && oc.baseURL)
          return {
            ok: false,
            reason: "unavailable",
            detail: `Could not reach the model server at ${hostOf(oc.baseURL)}.`,
          };
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

const serverModel = (name: string, description: string): ModelAvailability => ({
  id: `${LOCAL_SERVER_PREFIX}${name}`,
  name,
  description,
  vision: false,
  research: false,
  available: true,
  provider: "openai-compatible",
  unavailableReason: null,
  requiredPlan: null,
});

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
    return { ...common, available: false, provider: null, unavailableReason: route.reason };
  return {
    ...common,
    available: true,
    provider: route.kind === "local" ? "tessera-local" : route.provider,
    unavailableReason: null,
  };
}
