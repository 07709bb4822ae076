// The language-model registry with the models that run in this process added: ready GGUF models join
// the picker's Open Source group as `gguf/<name>`, and resolve to llama.cpp here. Every other id goes
// to the registry as before, so the rest of it never needs to know about local files.
import { LOCAL_MODEL_PREFIX } from "@tessera/contracts";
import type { LlmRegistry } from "../types";
import type { LocalModelSource } from "./local-model-source";

export function withLocalModels(registry: LlmRegistry, local: LocalModelSource): LlmRegistry {
  return {
    async listModels() {
      const [list, models] = await Promise.all([registry.listModels(), local.list()]);
      return {
        groups: list.groups.map((g) =>
          g.id === "open-source" ? { ...g, models: [...g.models, ...models] } : g,
        ),
      };
    },
    async resolve(modelId, ctx) {
      const found = modelId.startsWith(LOCAL_MODEL_PREFIX) ? await local.resolve(modelId) : null;
      return found ?? registry.resolve(modelId, ctx);
    },
  };
}
