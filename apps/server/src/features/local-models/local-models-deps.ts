// What the local-models feature works with, wired once in bootstrap.ts (createLocalModels).
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import type { LlamaRuntime } from "../../providers/llm/gguf/llama-runtime";
import type { Downloads } from "./downloads";
import type { ModelsFolder } from "./models-folder";
import type { Hub } from "./open-download";
import type { DownloadTimings } from "./run-download";

export interface LocalModelsDeps {
  db: Database;
  folder: ModelsFolder;
  downloads: Downloads;
  runtime: LlamaRuntime;
  hub: Hub;
  timings: DownloadTimings;
  logger: Logger;
}
