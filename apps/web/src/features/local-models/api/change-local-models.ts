// POST /api/admin/local-models (a catalogue model, an address, or a file on the server), DELETE one
// (a download is cancelled), POST …/retry (a failed download, from where it stopped when it can).
// Each refreshes the list, and the model picker, which offers the ready ones.
import { localModelSchema, type AddLocalModel } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { modelsQuery } from "@/lib/models-query";
import { refreshLocalModels } from "./get-local-models";

export function useLocalModelChange<T>(change: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: async () => {
      await refreshLocalModels(queryClient);
      await queryClient.invalidateQueries({ queryKey: modelsQuery.queryKey });
    },
  });
}

export const addLocalModel = async (input: AddLocalModel) =>
  (await apiRequest("/api/admin/local-models", { method: "POST", body: input, schema: localModelSchema }))
    .data;

export const removeLocalModel = async (id: string) => {
  await apiRequest(`/api/admin/local-models/${encodeURIComponent(id)}`, { method: "DELETE" });
};

export const retryLocalModel = async (id: string) =>
  (
    await apiRequest(`/api/admin/local-models/${encodeURIComponent(id)}/retry`, {
      method: "POST",
      schema: localModelSchema,
    })
  ).data;
