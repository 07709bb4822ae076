// POST /api/admin/connections from the chat's "Connect a model" card. Only the saved connection's
// id and name are read back, checked by hand, so an admin's chat does not load the schema library.
import type { CreateConnection } from "@tessera/contracts";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { object, string, validator } from "@/lib/guards";
import { refreshConnected } from "./refresh-connected";

/** A test call of the server's can take its full 20 s, and a save waits for it. */
export const CONNECTION_CALL_TIMEOUT_MS = 45_000;

/** The saved connection (contracts' `connectionSchema`), as far as the card reads it. */
export const madeConnection = validator((value) => {
  const made = object(value, "");
  return { id: string(made.id, "id"), name: string(made.name, "name") };
});

export async function quickConnect(input: CreateConnection) {
  return (
    await apiRequest("/api/admin/connections", {
      method: "POST",
      body: input,
      schema: madeConnection,
      timeoutMs: CONNECTION_CALL_TIMEOUT_MS,
    })
  ).data;
}

export function useQuickConnect() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: quickConnect, onSuccess: () => refreshConnected(queryClient) });
}
