// Which embedders retrieval uses, from the configuration: the generations the admin's choices made
// (the built-in offline model until another is chosen), or none (words only).
import type { Database } from "../../db/client";
import type { EmbedderChoice } from "../hybrid-search";
import { embedderGenerations, type ResolveEmbedder } from "./embedder-generations";

export type EmbeddingsSetting = "local" | "off";

const none: EmbedderChoice = {
  search: () => Promise.resolve(null),
  indexing: () => Promise.resolve([]),
};

export const chooseEmbedders = (
  setting: EmbeddingsSetting,
  db: Database,
  resolve: ResolveEmbedder,
): EmbedderChoice => (setting === "local" ? embedderGenerations(db, resolve) : none);
