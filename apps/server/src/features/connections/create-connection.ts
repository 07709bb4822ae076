// POST /api/admin/connections: tested with a real call first (unless asked not to), then saved with
// its key sealed, announced to every process, and in use here before the answer goes back.
import type { Connection, createConnectionSchema } from "@tessera/contracts";
import type { z } from "zod";
import { connections } from "../../db/schema";
import { keptAddress } from "./connection-address";
import { mustAnswer, viewOf, type ConnectionsDeps } from "./connections-deps";
import { announceChange, keyHintOf } from "./stored-connections";

export async function createConnection(
  deps: ConnectionsDeps,
  input: z.output<typeof createConnectionSchema>,
): Promise<Connection> {
  const { baseUrl, apiKey } = keptAddress(input.kind, input.baseUrl ?? null, input.apiKey);
  if (input.verify && input.enabled)
    await mustAnswer(deps, {
      kind: input.kind,
      baseUrl,
      apiKey: apiKey ?? undefined,
      options: input.options,
    });
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(connections)
      .values({
        kind: input.kind,
        name: input.name,
        baseUrl,
        sealedKey: apiKey ? deps.cipher.encrypt(apiKey) : null,
        keyHint: apiKey ? keyHintOf(apiKey) : null,
        options: input.options,
        enabled: input.enabled,
      })
      .returning({ id: connections.id });
    await announceChange(tx);
    return row!.id;
  });
  await deps.live.reload();
  return viewOf(deps, id);
}
