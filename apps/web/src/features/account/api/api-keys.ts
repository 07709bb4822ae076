// GET/POST /api/api-keys and DELETE /api/api-keys/:id: the person's keys for the OpenAI-compatible API.
import {
  apiKeyListSchema,
  createdApiKeySchema,
  type CreateApiKey,
  type CreatedApiKey,
} from "@tessera/contracts";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";

export const apiKeysQuery = queryOptions({
  queryKey: ["api-keys"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/api-keys", { schema: apiKeyListSchema, signal })).data,
});

export function useApiKeys(enabled: boolean) {
  return useQuery({ ...apiKeysQuery, enabled });
}

export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateApiKey): Promise<CreatedApiKey> =>
      (await apiRequest("/api/api-keys", { method: "POST", body: input, schema: createdApiKeySchema })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest(`/api/api-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQuery.queryKey }),
  });
}
