// PUT /api/admin/embeddings: a connection's model is tested first; then every chunk is embedded again
// in the background while search keeps the current vectors.
import { embeddingsStatusSchema, type EmbeddingChoice } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONNECTION_CALL_TIMEOUT_MS } from "./create-connection";
import { embeddingsQuery } from "./get-embeddings";

export async function chooseEmbeddingModel(choice: EmbeddingChoice) {
  return (
    await apiRequest("/api/admin/embeddings", {
      method: "PUT",
      body: choice,
      schema: embeddingsStatusSchema,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useChooseEmbeddingModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseEmbeddingModel,
    onSuccess: (status) => queryClient.setQueryData(embeddingsQuery.queryKey, status),
  });
}
