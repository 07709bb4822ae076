// POST /api/admin/connections from the chat's "Connect a model" card. Only the saved connection's
// name is read back, so the chat's first screen does not carry the connections' schemas.
import type { CreateConnection } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";
import { refreshConnected } from "./refresh-connected";

/** A test call of the server's can take its full 20 s, and a save waits for it. */
export const CONNECTION_CALL_TIMEOUT_MS = 45_000;

const madeSchema = z.object({ id: z.string(), name: z.string() });

export async function quickConnect(input: CreateConnection) {
  return (
    await apiRequest("/api/admin/connections", {
      method: "POST",
      body: input,
      schema: madeSchema,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useQuickConnect() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: quickConnect, onSuccess: () => refreshConnected(queryClient) });
}
