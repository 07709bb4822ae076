// POST /api/admin/connections: tested with a real call before it is saved, unless `verify` is false.
import { connectionSchema, type CreateConnection } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { refreshConnected } from "./get-connections";
import { CONNECTION_CALL_TIMEOUT_MS } from "./quick-connect";

export { CONNECTION_CALL_TIMEOUT_MS };

export async function createConnection(input: CreateConnection) {
  return (
    await apiRequest("/api/admin/connections", {
      method: "POST",
      body: input,
      schema: connectionSchema,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useCreateConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createConnection, onSuccess: () => refreshConnected(queryClient) });
}
