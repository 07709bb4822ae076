// What the connection services share: the database, the cipher that seals keys, the live
// configuration they rebuild after each change, and the test call (a loopback stand-in in tests).
import type { Connection, ConnectionTest } from "@tessera/contracts";
import type { Database } from "../../db/client";
import type { Env } from "../../env";
import type { Cipher } from "../../lib/crypto";
import { AppError, notFound } from "../../lib/errors";
import { effectiveConfig } from "./effective-config";
import type { LiveConnections } from "./live-connections";
import type { Candidate } from "./probe-connection";
import { connectionView, readStored, type StoredConnection } from "./stored-connections";

export interface ConnectionsDeps {
  db: Database;
  cipher: Cipher;
  env: Env;
  live: LiveConnections;
  probe: (candidate: Candidate) => Promise<ConnectionTest>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const noSuchConnection = () => notFound("No such connection.");

/** One stored connection with its key opened, or 404 (an id that is not a uuid names nothing either). */
export async function findConnection(
  deps: Pick<ConnectionsDeps, "db" | "cipher">,
  id: string,
): Promise<StoredConnection> {
  if (!UUID.test(id)) throw noSuchConnection();
  // Read through the same path as the live configuration (a handful of rows), so a key is opened one way only.
  const found = (await readStored(deps.db, deps.cipher)).connections.find((c) => c.id === id);
  if (!found) throw noSuchConnection();
  return found;
}

/** The connection as the page shows it now, with what it is doing (read fresh, not from this process's copy). */
export async function viewOf(deps: ConnectionsDeps, id: string): Promise<Connection> {
  const stored = await readStored(deps.db, deps.cipher);
  const c = stored.connections.find((x) => x.id === id);
  if (!c) throw noSuchConnection();
  return connectionView(c, effectiveConfig(deps.env, stored).usage.get(c.id));
}

/** A test call that failed stops a save: nothing is written, and the upstream's words say why. */
export async function mustAnswer(deps: ConnectionsDeps, candidate: Candidate): Promise<void> {
  const result = await deps.probe(candidate);
  if (!result.ok)
    throw new AppError("CONNECTION_FAILED", `Not saved: the test call failed. ${result.message}`);
}
