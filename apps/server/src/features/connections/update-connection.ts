// PATCH /api/admin/connections/:id: what is left out stays. A change to where or how it is called
// (address, key, options, switching it on) is tested first unless asked not to; a failed test
// changes nothing.
import { connectionFieldIssues, type Connection, type updateConnectionSchema } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { connections } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { keptAddress } from "./connection-address";
import { findConnection, mustAnswer, viewOf, type ConnectionsDeps } from "./connections-deps";
import { announceChange, keyHintOf } from "./stored-connections";

export async function updateConnection(
  deps: ConnectionsDeps,
  id: string,
  input: z.output<typeof updateConnectionSchema>,
): Promise<Connection> {
  const current = await findConnection(deps, id);
  const kept = keptAddress(
    current.kind,
    input.baseUrl === undefined ? current.baseUrl : input.baseUrl,
    input.apiKey === undefined ? undefined : input.apiKey,
  );
  // undefined: the stored key stays (even one this server cannot open); null: it is removed.
  const newKey = kept.apiKey;
  const apiKey = newKey === undefined ? current.apiKey : (newKey ?? undefined);
  const hasKey = newKey === undefined ? current.keyState !== "none" : newKey !== null;
  const issues = connectionFieldIssues(current.kind, {
    baseUrl: kept.baseUrl,
    apiKey: hasKey ? (apiKey ?? "stored") : null,
  });
  if (issues.length > 0)
    throw new AppError("VALIDATION_FAILED", issues.map((i) => `${i.field}: ${i.message}`).join("; "));
  const enabled = input.enabled ?? current.enabled;
  const options = input.options ?? current.options;
  const calledDifferently =
    kept.baseUrl !== current.baseUrl ||
    newKey !== undefined ||
    input.options !== undefined ||
    (enabled && !current.enabled);
  if (input.verify && enabled && calledDifferently)
    await mustAnswer(deps, { kind: current.kind, baseUrl: kept.baseUrl, apiKey, options });

  await deps.db.transaction(async (tx) => {
    await tx
      .update(connections)
      .set({
        name: input.name ?? current.name,
        baseUrl: kept.baseUrl,
        options,
        enabled,
        ...(newKey === undefined
          ? {}
          : {
              sealedKey: newKey ? deps.cipher.encrypt(newKey) : null,
              keyHint: newKey ? keyHintOf(newKey) : null,
            }),
        updatedAt: new Date(),
      })
      .where(eq(connections.id, id));
    await announceChange(tx);
  });
  await deps.live.reload();
  return viewOf(deps, id);
}
