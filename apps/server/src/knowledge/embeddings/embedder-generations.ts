// Which embedders retrieval uses, read from `knowledge_embedders` on every call, so every process
// switches to a new model's vectors the moment the re-embedding commits it as ready: search reads the
// ready set; new chunks are embedded by it and by the one being built (reembed.ts).
import { desc, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { knowledgeEmbedders } from "../../db/schema";
import type { EmbedderChoice } from "../hybrid-search";
import type { Embedder } from "./embedder";
import { LOCAL_EMBEDDER_ID } from "./local-embedder";

/** A connection's model, as its embedder id names it. */
export interface ConnectionModel {
  connectionId: string;
  model: string;
}

const PREFIX = "connection:";

export const embedderIdOf = (choice: ConnectionModel | null): string =>
  choice ? `${PREFIX}${choice.connectionId}:${choice.model}` : LOCAL_EMBEDDER_ID;

export function connectionModelOf(id: string): ConnectionModel | null {
  if (!id.startsWith(PREFIX)) return null;
  const rest = id.slice(PREFIX.length);
  const at = rest.indexOf(":");
  return at > 0 ? { connectionId: rest.slice(0, at), model: rest.slice(at + 1) } : null;
}

/** Turns a generation's id into its embedder: null when its connection is gone or switched off. */
export type ResolveEmbedder = (id: string) => Embedder | null;

export function embedderGenerations(db: Database, resolve: ResolveEmbedder): EmbedderChoice {
  const live = () =>
    db
      .select({ id: knowledgeEmbedders.id, status: knowledgeEmbedders.status })
      .from(knowledgeEmbedders)
      .where(inArray(knowledgeEmbedders.status, ["ready", "building"]))
      .orderBy(desc(knowledgeEmbedders.readyAt), desc(knowledgeEmbedders.createdAt));
  return {
    async search() {
      const ready = (await live()).find((r) => r.status === "ready");
      return ready ? resolve(ready.id) : null;
    },
    async indexing() {
      return (await live()).map((r) => resolve(r.id)).filter((e): e is Embedder => e !== null);
    },
  };
}

/**
 * At start: an instance whose chunks were embedded before generations were recorded has the built-in
 * model's set, complete; it is recorded as the ready one.
 */
export async function recordFirstGeneration(db: Database): Promise<void> {
  const [any] = await db.select({ id: knowledgeEmbedders.id }).from(knowledgeEmbedders).limit(1);
  if (any) return;
  await db
    .insert(knowledgeEmbedders)
    .values({ id: LOCAL_EMBEDDER_ID, dims: 512, status: "ready", readyAt: new Date() })
    .onConflictDoNothing();
}

/** The vector sizes of the sets in use (each gets its HNSW index where pgvector is). */
export async function generationSizes(db: Database): Promise<number[]> {
  const rows = await db
    .select({ dims: knowledgeEmbedders.dims })
    .from(knowledgeEmbedders)
    .where(inArray(knowledgeEmbedders.status, ["ready", "building"]));
  return [...new Set([512, ...rows.map((r) => r.dims).filter((d) => d > 0)])];
}
