// POST /api/admin/connections/:id/test: one real call, answered with what came back or the upstream's error.
import { connectionTestSchema } from "@tessera/contracts";
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { CONNECTION_CALL_TIMEOUT_MS } from "./create-connection";

export async function testConnection(id: string) {
  return (
    await apiRequest(`/api/admin/connections/${encodeURIComponent(id)}/test`, {
      method: "POST",
      schema: connectionTestSchema,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export const useTestConnection = () => useMutation({ mutationFn: testConnection });
