// What the embedding-model services share: the database, the live connections (their keys opened),
// the job queue that re-embeds, and whether retrieval by meaning is on at all (EMBEDDINGS).
import type { Database } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/errors";
import type { LiveConnections } from "./live-connections";
import { noSuchConnection } from "./connections-deps";
import { servesEmbeddings } from "./resolve-embedder";
import type { StoredConnection } from "./stored-connections";

export interface EmbeddingsDeps {
  db: Database;
  live: Pick<LiveConnections, "current" | "reload">;
  jobs: JobQueue;
  /** EMBEDDINGS=local: vectors are made and searched; off: words only. */
  enabled: boolean;
  allowPrivate: boolean;
}

/** A connection that can serve embeddings, as this process holds it now; 404 or 400 otherwise. */
export async function embeddingConnection(deps: EmbeddingsDeps, id: string): Promise<StoredConnection> {
  // Read again first: the connection may have been added by another process a moment ago.
  await deps.live.reload();
  const c = deps.live.current().stored.connections.find((x) => x.id === id);
  if (!c) throw noSuchConnection();
  if (!servesEmbeddings(c.kind))
    throw new AppError("BAD_REQUEST", `connectionId: ${c.name} does not serve embeddings.`);
  if (!c.enabled) throw new AppError("BAD_REQUEST", `connectionId: ${c.name} is switched off.`);
  if (c.keyState === "unreadable")
    throw new AppError("BAD_REQUEST", `connectionId: the key of ${c.name} cannot be opened; enter it again.`);
  return c;
}
