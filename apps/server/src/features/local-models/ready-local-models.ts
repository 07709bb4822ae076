// The ready local models as the language-model registry offers them (providers/llm/gguf): the
// catalogue's name and description for a catalogue model, the file's otherwise.
import { findLocalCatalogueModel } from "@tessera/contracts";
import { asc, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { localModels } from "../../db/schema";
import type { ReadyLocalModel } from "../../providers/llm/gguf/local-model-source";
import type { ModelsFolder } from "./models-folder";

export async function readyLocalModels(db: Database, folder: ModelsFolder): Promise<ReadyLocalModel[]> {
  const rows = await db
    .select()
    .from(localModels)
    .where(eq(localModels.status, "ready"))
    .orderBy(asc(localModels.name));
  return rows.map((row) => {
    const catalogue = row.catalogueId ? findLocalCatalogueModel(row.catalogueId) : undefined;
    const shape = row.details
      ? [row.details.architecture, row.details.parameters].filter(Boolean).join(", ")
      : "GGUF";
    return {
      name: row.name,
      path: folder.pathOf(row.file),
      sizeBytes: row.sizeBytes ?? 0,
      title: catalogue?.name ?? row.name,
      description: catalogue
        ? `${catalogue.description} Runs on this server.`
        : `An open model that runs on this server (${shape}).`,
    };
  });
}
