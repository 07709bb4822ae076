// GET /api/admin/embeddings: the chosen model, the set search reads, the one being built (how far, or
// why it stopped), how nearest chunks are found, and the connections that can serve embeddings.
import type { EmbeddingChoice, EmbeddingsStatus, Generation } from "@tessera/contracts";
import { eq, inArray } from "drizzle-orm";
import { instanceSettings, knowledgeEmbedders } from "../../db/schema";
import { connectionModelOf } from "../../knowledge/embeddings/embedder-generations";
import { vectorMode, vectorModeFor } from "../../knowledge/vector-store";
import type { EmbeddingsDeps } from "./embeddings-deps";
import { servesEmbeddings } from "./resolve-embedder";

/** The built-in model, as the card names it. */
const BUILTIN_MODEL = "Universal Sentence Encoder lite";

export async function readEmbeddingChoice(deps: Pick<EmbeddingsDeps, "db">): Promise<EmbeddingChoice> {
  const [row] = await deps.db
    .select({ embeddingModel: instanceSettings.embeddingModel })
    .from(instanceSettings)
    .where(eq(instanceSettings.id, 1));
  return row?.embeddingModel ? { source: "connection", ...row.embeddingModel } : { source: "builtin" };
}

export async function readEmbeddingsStatus(deps: EmbeddingsDeps): Promise<EmbeddingsStatus> {
  const connections = deps.live.current().stored.connections.filter((c) => servesEmbeddings(c.kind));
  const rows = deps.enabled
    ? await deps.db
        .select()
        .from(knowledgeEmbedders)
        .where(inArray(knowledgeEmbedders.status, ["ready", "building", "failed"]))
    : [];
  const generation = (row: (typeof rows)[number]): Generation => {
    const of = connectionModelOf(row.id);
    return {
      id: row.id,
      source: of ? "connection" : "builtin",
      connectionName: of ? (connections.find((c) => c.id === of.connectionId)?.name ?? null) : null,
      model: of?.model ?? BUILTIN_MODEL,
      dims: row.dims,
      vectors: vectorModeFor(deps.db, row.dims),
    };
  };
  const ready = rows.find((r) => r.status === "ready");
  const building = rows.find((r) => r.status === "building" || r.status === "failed");
  return {
    enabled: deps.enabled,
    choice: await readEmbeddingChoice(deps),
    current: ready ? generation(ready) : null,
    building: building
      ? {
          ...generation(building),
          state: building.status === "failed" ? "failed" : "building",
          done: building.chunksDone,
          total: building.chunksTotal,
          error: building.error,
        }
      : null,
    vectors: vectorMode(deps.db),
    connections: connections.map((c) => ({ id: c.id, name: c.name, kind: c.kind, enabled: c.enabled })),
  };
}
