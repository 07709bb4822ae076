// GET /api/models: which models the comparison dialog may offer, and the names cards show for ids.
import {
  COMPARISON_MODELS_LISTED,
  LOCAL_MODEL_ID,
  modelDisplayName,
  type ModelAvailability,
  type ModelsResponse,
} from "@tessera/contracts";
import { useCallback } from "react";
import { useModels } from "@/lib/models-query";

/**
 * Spec §5: only usable models are offered, and at most the first twelve of them. Every model that
 * runs on Tessera Local (Tessa without a provider, say) is one engine, offered once as Tessera Local:
 * compared with each other they answer word for word alike. (The server refuses any such pair.)
 */
export function comparableModels(data: ModelsResponse | undefined): ModelAvailability[] {
  const available = (data?.groups ?? []).flatMap((g) => g.models.filter((m) => m.available));
  const local = available.find((m) => m.id === LOCAL_MODEL_ID);
  const offered = available.filter(
    (m, i) =>
      available.findIndex((x) => x.id === m.id) === i &&
      (m.provider !== "tessera-local" || !local || m.id === LOCAL_MODEL_ID),
  );
  return offered.slice(0, COMPARISON_MODELS_LISTED);
}

/** A model's display name: the server's, else the catalogue's, else the id itself. */
export function modelName(data: ModelsResponse | undefined, modelId: string): string {
  for (const group of data?.groups ?? []) {
    const found = group.models.find((m) => m.id === modelId);
    if (found) return found.name;
  }
  return modelDisplayName(modelId);
}

/** `nameOf(id)` with the server's list once it has loaded. */
export function useModelNames(): (modelId: string) => string {
  const { data } = useModels();
  return useCallback((modelId: string) => modelName(data, modelId), [data]);
}
