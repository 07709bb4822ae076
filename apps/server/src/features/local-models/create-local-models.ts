// Wires the open models that run in this process: the models folder under DATA_DIR, llama.cpp's
// runtime (which loads nothing until a model is first asked for), the downloads and their sweep, and
// the registry's door to the ready models. bootstrap.ts calls it once.
import { join } from "node:path";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { createLlamaRuntime, type LlamaRuntimeSettings } from "../../providers/llm/gguf/llama-runtime";
import { createLocalModelSource, type LocalModelSource } from "../../providers/llm/gguf/local-model-source";
import { createDownloads } from "./downloads";
import type { LocalModelsDeps } from "./local-models-deps";
import { createModelsFolder } from "./models-folder";
import type { Hub } from "./open-download";
import { readyLocalModels } from "./ready-local-models";
import type { DownloadTimings } from "./run-download";

export const DOWNLOAD_TIMINGS: DownloadTimings = {
  idleMs: 30_000,
  progressMs: 1_000,
  leaseMs: 30_000,
  retryDelaysMs: [1_000, 2_000, 5_000, 10_000, 20_000],
};
/** How often a process looks for downloads whose process is gone. */
const SWEEP_EVERY_MS = 15_000;

export interface LocalModels {
  deps: LocalModelsDeps;
  source: LocalModelSource;
  close(): Promise<void>;
}

export function createLocalModels(opts: {
  db: Database;
  dataDir: string;
  hub: Hub;
  runtime: LlamaRuntimeSettings;
  logger: Logger;
  /** Tests: shorter waits, a small machine's memory, a full disk. */
  timings?: Partial<DownloadTimings>;
  freeMemory?: () => number;
  statfs?: (dir: string) => Promise<{ bavail: number; bsize: number }>;
}): LocalModels {
  const timings = { ...DOWNLOAD_TIMINGS, ...opts.timings };
  const folder = createModelsFolder(join(opts.dataDir, "models"), { statfs: opts.statfs });
  const runtime = createLlamaRuntime(opts.runtime, { logger: opts.logger, freeMemory: opts.freeMemory });
  const downloads = createDownloads({ db: opts.db, folder, hub: opts.hub, logger: opts.logger, timings });
  downloads.startSweeping(SWEEP_EVERY_MS);
  return {
    deps: { db: opts.db, folder, downloads, runtime, hub: opts.hub, timings, logger: opts.logger },
    source: createLocalModelSource({ ready: () => readyLocalModels(opts.db, folder), runtime }),
    async close() {
      await downloads.close();
      await runtime.close();
    },
  };
}
