// GET /api/admin/connections: the page's connections (what each is doing now) and the providers the
// server's environment sets, read fresh from the database.
import type { ConnectionsResponse } from "@tessera/contracts";
import type { ConnectionsDeps } from "./connections-deps";
import { effectiveConfig } from "./effective-config";
import { connectionView, readStored } from "./stored-connections";

export async function listConnections(deps: ConnectionsDeps): Promise<ConnectionsResponse> {
  const stored = await readStored(deps.db, deps.cipher);
  const effective = effectiveConfig(deps.env, stored);
  return {
    connections: stored.connections.map((c) => connectionView(c, effective.usage.get(c.id))),
    environment: effective.environment,
  };
}
