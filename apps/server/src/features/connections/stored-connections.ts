// The connections and catalogue choices as stored, read whole (there are a handful): each key opened
// with this server's ENCRYPTION_KEY, or marked unreadable when it cannot be (the key was changed).
import {
  connectionKindSchema,
  connectionOptionsSchema,
  type Connection,
  type ConnectionKind,
  type ConnectionOptions,
} from "@tessera/contracts";
import { asc, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { catalogueModels, connections } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";

export const CONNECTIONS_CHANNEL = "tessera_connections";

export interface StoredConnection {
  id: string;
  kind: ConnectionKind;
  name: string;
  baseUrl: string | null;
  enabled: boolean;
  options: ConnectionOptions;
  keyState: "none" | "stored" | "unreadable";
  keyHint: string | null;
  /** The opened key; only in this process's memory, never in an answer or a log line. */
  apiKey?: string;
  createdAt: Date;
  updatedAt: Date;
}

export type CatalogueRow = typeof catalogueModels.$inferSelect;

export interface Stored {
  connections: StoredConnection[];
  catalogue: CatalogueRow[];
}

export async function readStored(db: Database, cipher: Cipher): Promise<Stored> {
  const [rows, catalogue] = await Promise.all([
    db.select().from(connections).orderBy(asc(connections.createdAt), asc(connections.id)),
    db.select().from(catalogueModels).orderBy(asc(catalogueModels.createdAt), asc(catalogueModels.id)),
  ]);
  const out: StoredConnection[] = [];
  for (const row of rows) {
    // A row of a kind this version does not know (written by a newer one) is left alone.
    const kind = connectionKindSchema.safeParse(row.kind);
    if (!kind.success) continue;
    const options = connectionOptionsSchema.safeParse(row.options);
    let apiKey: string | undefined;
    let keyState: StoredConnection["keyState"] = "none";
    if (row.sealedKey) {
      try {
        apiKey = cipher.decrypt(row.sealedKey);
        keyState = "stored";
      } catch {
        keyState = "unreadable";
      }
    }
    out.push({
      id: row.id,
      kind: kind.data,
      name: row.name,
      baseUrl: row.baseUrl,
      enabled: row.enabled,
      options: options.success ? options.data : {},
      keyState,
      keyHint: row.keyHint,
      apiKey,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    });
  }
  return { connections: out, catalogue };
}

/** The last four characters of a key, shown so an admin can tell keys apart; nothing of a short one. */
export const keyHintOf = (key: string): string | null => (key.length >= 12 ? key.slice(-4) : null);

/** A connection as the admin's page reads it: never its key. */
export function connectionView(
  c: StoredConnection,
  usage: { inUse: boolean; note: string | null } | undefined,
): Connection {
  return {
    id: c.id,
    kind: c.kind,
    name: c.name,
    baseUrl: c.baseUrl,
    enabled: c.enabled,
    options: c.options,
    key: { state: c.keyState, last4: c.keyState === "none" ? null : c.keyHint },
    inUse: usage?.inUse ?? false,
    note: usage?.note ?? null,
    createdAt: c.createdAt.toISOString(),
    updatedAt: c.updatedAt.toISOString(),
  };
}

/**
 * Tells every process on the database that connections or catalogue choices changed. Sent inside
 * the writing transaction, so it is delivered at commit and never for a change that rolled back.
 */
export async function announceChange(db: Pick<Database, "execute">): Promise<void> {
  await db.execute(sql`select pg_notify(${CONNECTIONS_CHANNEL}, 'changed')`);
}
