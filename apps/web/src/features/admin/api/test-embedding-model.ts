// POST /api/admin/embeddings/test: one sentence embedded by a connection's model.
import { embeddingTestSchema, type EmbeddingTestRequest } from "@tessera/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONNECTION_CALL_TIMEOUT_MS } from "./create-connection";

export async function testEmbeddingModel(input: EmbeddingTestRequest) {
  return (
    await apiRequest("/api/admin/embeddings/test", {
      method: "POST",
      body: input,
      schema: embeddingTestSchema,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export const useTestEmbeddingModel = () => useMutation({ mutationFn: testEmbeddingModel });
