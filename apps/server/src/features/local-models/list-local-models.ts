// GET /api/admin/local-models: every model added (downloads with their progress), the files in the
// models folder not added yet, the room on the disk and in memory, and how models run here.
import { findLocalCatalogueModel, type LocalModelsResponse } from "@tessera/contracts";
import { asc } from "drizzle-orm";
import { localModels } from "../../db/schema";
import type { LocalModelsDeps } from "./local-models-deps";
import { toLocalModel } from "./to-local-model";

export async function listLocalModels(deps: LocalModelsDeps): Promise<LocalModelsResponse> {
  const [rows, files, freeDiskBytes] = await Promise.all([
    deps.db.select().from(localModels).orderBy(asc(localModels.createdAt)),
    deps.folder.files(),
    deps.folder.freeBytes(),
  ]);
  const added = new Set(rows.map((r) => r.file));
  const models = await Promise.all(
    rows.map(async (row) => {
      const path = deps.folder.pathOf(row.file);
      if (row.status !== "ready")
        return toLocalModel(row, {
          memoryBytes: (row.catalogueId && findLocalCatalogueModel(row.catalogueId)?.memoryBytes) || null,
          loaded: false,
        });
      const memory = await deps.runtime
        .memoryFor({ name: row.name, path, sizeBytes: row.sizeBytes ?? 0 })
        .catch(() => null);
      return toLocalModel(row, {
        memoryBytes: memory?.neededBytes ?? null,
        loaded: deps.runtime.isLoaded(path),
      });
    }),
  );
  const { settings } = deps.runtime;
  return {
    models,
    files: files.filter((f) => !added.has(f.path)),
    hub: deps.hub.endpoint,
    folder: deps.folder.dir,
    freeDiskBytes,
    freeMemoryBytes: deps.runtime.freeMemory(),
    runtime: {
      threads: settings.threads,
      concurrency: settings.concurrency,
      idleSeconds: Math.round(settings.idleMs / 1000),
      contextSize: settings.contextSize,
      gpu: settings.gpu,
    },
  };
}
