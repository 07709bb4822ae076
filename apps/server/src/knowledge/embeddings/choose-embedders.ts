// Which embedders retrieval uses, from the configuration: the offline model, or none (words only).
import type { EmbedderChoice } from "../hybrid-search";
import { onlyEmbedder } from "../hybrid-search";
import { localEmbedder } from "./local-embedder";

export type EmbeddingsSetting = "local" | "off";

const none: EmbedderChoice = {
  search: () => Promise.resolve(null),
  indexing: () => Promise.resolve([]),
};

export const chooseEmbedders = (setting: EmbeddingsSetting): EmbedderChoice =>
  setting === "local" ? onlyEmbedder(localEmbedder) : none;
