// PATCH /api/admin/connections/:id: a new address, key or options (or switching it on) is tested first.
import { connectionSchema, type UpdateConnection } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONNECTION_CALL_TIMEOUT_MS } from "./create-connection";
import { refreshConnected } from "./get-connections";

export async function updateConnection({ id, ...input }: UpdateConnection & { id: string }) {
  return (
    await apiRequest(`/api/admin/connections/${encodeURIComponent(id)}`, {
      method: "PATCH",
      body: input,
      schema: connectionSchema,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useUpdateConnection() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateConnection, onSuccess: () => refreshConnected(queryClient) });
}
