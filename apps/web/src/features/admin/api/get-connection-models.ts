// GET /api/admin/connections/:id/models: a language-model connection's own list (OpenRouter's runs
// to hundreds), each with the catalogue model it already is.
import { connectionModelsSchema } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONNECTION_CALL_TIMEOUT_MS } from "./create-connection";

export const connectionModelsQuery = (id: string) =>
  queryOptions({
    queryKey: ["admin-connection-models", id],
    queryFn: async ({ signal }) =>
      (
        await apiRequest(`/api/admin/connections/${encodeURIComponent(id)}/models`, {
          schema: connectionModelsSchema,
          signal,
          timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
        })
      ).data,
    staleTime: 60_000,
  });

export const useConnectionModels = (id: string) => useQuery(connectionModelsQuery(id));
