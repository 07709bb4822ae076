// DELETE /api/admin/connections/:id: gone at once in every process. Catalogue models routed through
// it go back to the automatic choice (built-in ones) or wait for another connection (added ones).
import { eq } from "drizzle-orm";
import { connections } from "../../db/schema";
import { findConnection, noSuchConnection, type ConnectionsDeps } from "./connections-deps";
import { announceChange } from "./stored-connections";

export async function deleteConnection(deps: ConnectionsDeps, id: string): Promise<void> {
  await findConnection(deps, id);
  const removed = await deps.db.transaction(async (tx) => {
    const rows = await tx.delete(connections).where(eq(connections.id, id)).returning({ id: connections.id });
    if (rows.length > 0) await announceChange(tx);
    return rows.length;
  });
  if (removed === 0) throw noSuchConnection();
  await deps.live.reload();
}
