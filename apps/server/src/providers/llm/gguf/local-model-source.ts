// The registry's door to the models that run in this process: the ready ones for the picker's Open
// Source group (`gguf/<name>`), each marked unavailable with the two figures when it would not fit in
// the memory free now, and the model to call for one of them.
import { stat } from "node:fs/promises";
import { LOCAL_MODEL_PREFIX, type ModelAvailability } from "@tessera/contracts";
import type { ResolvedModel } from "../types";
import { createGgufLanguageModel } from "./gguf-language-model";
import type { LlamaRuntime, LocalModelFile } from "./llama-runtime";
import { formatBytes } from "./memory";

/** A downloaded (or placed) model, as the local-models feature keeps it. */
export interface ReadyLocalModel extends LocalModelFile {
  /** How the picker names it: the catalogue's name, else the file's. */
  title: string;
  description: string;
}

export interface LocalModelSource {
  /** Ready models for the picker's Open Source group. */
  list(): Promise<ModelAvailability[]>;
  /** The model for a `gguf/` id, or null when no such model is ready. */
  resolve(modelId: string): Promise<ResolvedModel | null>;
}

export function createLocalModelSource(deps: {
  ready(): Promise<ReadyLocalModel[]>;
  runtime: LlamaRuntime;
}): LocalModelSource {
  const tooBig = async (m: ReadyLocalModel) => {
    const memory = await deps.runtime.memoryFor(m);
    return memory.loaded || memory.neededBytes <= memory.freeBytes
      ? null
      : `Needs about ${formatBytes(memory.neededBytes)} of memory; the server has ${formatBytes(memory.freeBytes)} free.`;
  };

  return {
    async list() {
      const ready = await deps.ready();
      return Promise.all(
        ready.map(async (m): Promise<ModelAvailability> => {
          const reason = await tooBig(m);
          return {
            id: `${LOCAL_MODEL_PREFIX}${m.name}`,
            name: m.title,
            description: m.description,
            vision: false,
            research: false,
            available: reason === null,
            provider: "llama-cpp",
            unavailableReason: reason,
            requiredPlan: null,
          };
        }),
      );
    },

    async resolve(modelId) {
      if (!modelId.startsWith(LOCAL_MODEL_PREFIX)) return null;
      const name = modelId.slice(LOCAL_MODEL_PREFIX.length);
      const model = (await deps.ready()).find((m) => m.name === name);
      if (!model) return null;
      // Another server process may share the database but not this folder.
      const present = await stat(model.path).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!present)
        return {
          ok: false,
          reason: "unavailable",
          detail: `The file of ${model.title} is missing on this server.`,
        };
      return {
        ok: true,
        model: createGgufLanguageModel({ modelId, file: model, runtime: deps.runtime }),
        provider: "llama-cpp",
        catalogueId: modelId,
        upstream: name,
      };
    },
  };
}
