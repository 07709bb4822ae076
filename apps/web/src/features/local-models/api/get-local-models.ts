// GET /api/admin/local-models: the models added (downloads with their progress), files in the server's
// models folder, and the room left. Read every second while something downloads, so the progress
// bar moves and survives a reload: the progress lives on the server.
import { localModelsResponseSchema, type LocalModelsResponse } from "@tessera/contracts";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const PROGRESS_POLL_MS = 1_000;

export const localModelsQuery = queryOptions({
  queryKey: ["local-models"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/admin/local-models", { schema: localModelsResponseSchema, signal })).data,
  staleTime: 0,
});

const downloading = (data: LocalModelsResponse | undefined) =>
  Boolean(data?.models.some((m) => m.status === "downloading"));

export const useLocalModels = (enabled: boolean) =>
  useQuery({
    ...localModelsQuery,
    enabled,
    refetchInterval: (query) => (downloading(query.state.data) ? PROGRESS_POLL_MS : false),
  });

export const refreshLocalModels = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: localModelsQuery.queryKey });
