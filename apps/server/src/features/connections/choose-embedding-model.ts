// PUT /api/admin/embeddings: the admin's choice, stored in the instance's settings. A connection's
// model is tested first (a model that cannot embed one sentence is not chosen); then every chunk is
// embedded again in the background (knowledge/reembed.ts) while search keeps the current vectors.
import type { EmbeddingChoice } from "@tessera/contracts";
import { instanceSettings } from "../../db/schema";
import { embedderIdOf } from "../../knowledge/embeddings/embedder-generations";
import { startReembed } from "../../knowledge/reembed";
import { AppError } from "../../lib/errors";
import type { EmbeddingsDeps } from "./embeddings-deps";
import { testEmbeddingModel } from "./test-embedding-model";

export async function chooseEmbeddingModel(
  deps: EmbeddingsDeps,
  choice: EmbeddingChoice,
  by: string,
): Promise<void> {
  if (!deps.enabled)
    throw new AppError("CONFLICT", "Retrieval by meaning is off on this server (EMBEDDINGS=off).");
  const model =
    choice.source === "connection" ? { connectionId: choice.connectionId, model: choice.model } : null;
  if (model) {
    const test = await testEmbeddingModel(deps, model);
    if (!test.ok) throw new AppError("CONNECTION_FAILED", `Not chosen: ${test.error ?? "the test failed."}`);
  }
  const values = { embeddingModel: model, updatedBy: by, updatedAt: new Date() };
  await deps.db
    .insert(instanceSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: instanceSettings.id, set: values });
  await startReembed(deps.db, deps.jobs, embedderIdOf(model), by);
}
