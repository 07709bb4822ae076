// GET /api/models: the catalogue grouped as the picker shows it, with what is usable right now.
import { findCatalogueModel, modelsResponseSchema, type ModelAvailability } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const modelsQuery = queryOptions({
  queryKey: ["models"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/models", { schema: modelsResponseSchema, signal })).data,
});

export function useModels() {
  return useQuery(modelsQuery);
}

/** A model's entry from the server's answer, or from the built-in catalogue while that loads. */
export function useModelInfo(modelId: string | null): ModelAvailability | null {
  const { data } = useModels();
  if (!modelId) return null;
  for (const group of data?.groups ?? []) {
    const found = group.models.find((m) => m.id === modelId);
    if (found) return found;
  }
  const known = findCatalogueModel(modelId);
  return {
    id: modelId,
    name: known?.name ?? modelId,
    description: known?.description ?? "",
    vision: Boolean(known?.vision),
    research: Boolean(known?.research),
    available: true,
    provider: null,
    unavailableReason: null,
    requiredPlan: null,
  };
}
