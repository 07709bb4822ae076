// llama.cpp in this process (node-llama-cpp, CPU build): loads a GGUF model on its first answer, keeps
// one line per model (LOCAL_LLM_CONCURRENCY answers at once, the rest wait their turn), refuses a model
// that would not fit in the memory free now, and unloads a model nobody used for LOCAL_LLM_IDLE_S.
// node-llama-cpp itself (and its native addon) is imported only when a model is first loaded: a server
// without local models never reads it.
import type * as NodeLlamaCpp from "node-llama-cpp";
import type { ChatWrapper, Llama, LlamaContext, LlamaContextSequence, LlamaModel } from "node-llama-cpp";
import type { Logger } from "../../../lib/logger";
import { ModelUnavailableError } from "../llm-errors";
import type { ModelStatus } from "../model-status";
import { readGgufHeaderCached, type GgufHeader } from "./gguf-header";
import { estimateMemory, formatBytes, freeMemory as systemFreeMemory } from "./memory";
import { createSlots, type Slots } from "./slots";

type Bindings = typeof NodeLlamaCpp;

export type LocalLlmGpu = "off" | "auto" | "cuda" | "vulkan";

export interface LlamaRuntimeSettings {
  /** CPU threads per answer. On a busy 2-core machine one beats two (bench row 9). */
  threads: number;
  /** Answers a loaded model gives at once; each has a context of `contextSize` tokens. */
  concurrency: number;
  idleMs: number;
  contextSize: number;
  /** `off` runs on the CPU; the others need llama.cpp's GPU build installed beside the CPU one. */
  gpu: LocalLlmGpu;
}

export interface LocalModelFile {
  name: string;
  path: string;
  sizeBytes: number;
}

/** One answer's hold on a loaded model: its own sequence of the model's context. */
export interface ModelLease {
  sequence: LlamaContextSequence;
  chatWrapper: ChatWrapper;
  bindings: Bindings;
  release(): void;
}

export interface LlamaRuntime {
  readonly settings: LlamaRuntimeSettings;
  /**
   * Waits for the model's turn (telling `onStatus` the place in line), loads the model when it is
   * not loaded (telling that too), and answers a lease. Rejects with the signal's reason when stopped
   * while waiting, and with a ModelUnavailableError when the model does not fit in memory.
   */
  acquire(
    file: LocalModelFile,
    signal: AbortSignal | undefined,
    onStatus: (status: ModelStatus) => void,
  ): Promise<ModelLease>;
  /** The memory the model needs (estimated from its header) against the memory free now. */
  memoryFor(file: LocalModelFile): Promise<{ neededBytes: number; freeBytes: number; loaded: boolean }>;
  isLoaded(path: string): boolean;
  /** Memory free now, counting what unloading the models that answer nobody would give back. */
  freeMemory(): number;
  /** Unloads it once its answers end (a deleted model). */
  unload(path: string): Promise<void>;
  /** Unloads everything (shutdown). */
  close(): Promise<void>;
}

interface Loaded {
  /** The memory it was estimated to need when it was loaded. */
  neededBytes: number;
  model: LlamaModel;
  context: LlamaContext;
  chatWrapper: ChatWrapper;
}

interface Entry {
  slots: Slots;
  loading: Promise<Loaded> | null;
  loaded: Loaded | null;
  idle: NodeJS.Timeout | null;
  /** Deleted: unloaded once its last answer ends, and not found again. */
  removed: boolean;
}

export interface LlamaRuntimeDeps {
  logger: Logger;
  /** Memory available now; tests pass a small machine's. */
  freeMemory?: () => number;
  /** import("node-llama-cpp") unless a test says otherwise. */
  bindings?: () => Promise<Bindings>;
}

export function createLlamaRuntime(settings: LlamaRuntimeSettings, deps: LlamaRuntimeDeps): LlamaRuntime {
  const freeMemory = deps.freeMemory ?? systemFreeMemory;
  const importBindings = deps.bindings ?? (() => import("node-llama-cpp"));
  const entries = new Map<string, Entry>();
  let llama: Promise<{ bindings: Bindings; llama: Llama }> | null = null;

  const startLlama = () =>
    (llama ??= (async () => {
      const started = performance.now();
      const bindings = await importBindings();
      const instance = await bindings.getLlama({
        gpu: settings.gpu === "off" ? false : settings.gpu,
        // The prebuilt binaries only: npm skips node-llama-cpp's install script, and a server must
        // never start compiling llama.cpp on its own.
        build: "never",
        logLevel: bindings.LlamaLogLevel.warn,
        logger: (level, message) => {
          const text = message.trim();
          if (!text) return;
          const event = { event: "llm.llama_cpp.log", level };
          const { error, fatal } = bindings.LlamaLogLevel;
          if (level === error || level === fatal) deps.logger.error(event, text);
          else deps.logger.warn(event, text);
        },
      });
      deps.logger.info(
        { event: "llm.llama_cpp.ready", gpu: instance.gpu, ms: Math.round(performance.now() - started) },
        "llama.cpp loaded",
      );
      return { bindings, llama: instance };
    })().catch((err: unknown) => {
      llama = null;
      deps.logger.error({ event: "llm.llama_cpp.unavailable", err }, "llama.cpp could not be loaded");
      throw new ModelUnavailableError(
        settings.gpu === "off"
          ? "Local models cannot run on this server: llama.cpp's build for it is missing."
          : `Local models cannot run on this server: llama.cpp's ${settings.gpu} build is missing or does not work here.`,
        { cause: err },
      );
    }));

  const entryFor = (path: string) => {
    let entry = entries.get(path);
    if (!entry) {
      entry = {
        slots: createSlots(settings.concurrency),
        loading: null,
        loaded: null,
        idle: null,
        removed: false,
      };
      entries.set(path, entry);
    }
    return entry;
  };

  const neededFor = (file: LocalModelFile, header: GgufHeader | null) =>
    estimateMemory(header, file.sizeBytes, {
      contextSize: contextSizeFor(header?.contextLength ?? null),
      sequences: settings.concurrency,
    });

  /** Free memory, counting what unloading the models that answer nobody now would give back. */
  const freeFor = (path: string) => {
    let reclaimable = 0;
    for (const [other, entry] of entries)
      if (other !== path && entry.loaded && entry.slots.busy === 0 && entry.slots.waiting === 0)
        reclaimable += entry.loaded.neededBytes;
    return freeMemory() + reclaimable;
  };

  const memoryFor = async (file: LocalModelFile) => ({
    neededBytes: neededFor(file, await readGgufHeaderCached(file.path).catch(() => null)),
    freeBytes: freeFor(file.path),
    loaded: Boolean(entries.get(file.path)?.loaded),
  });

  const contextSizeFor = (trained: number | null) =>
    trained ? Math.min(settings.contextSize, trained) : settings.contextSize;

  async function dispose(path: string, entry: Entry) {
    const loaded = entry.loaded;
    entry.loaded = null;
    entry.loading = null;
    if (!loaded) return;
    await loaded.context.dispose();
    await loaded.model.dispose();
    deps.logger.info({ event: "llm.local.unloaded", path }, "local model unloaded");
  }

  /** Unloads other models that answer nobody now, to make room for one that does not fit. */
  async function unloadIdle(except: string) {
    for (const [path, entry] of entries)
      if (path !== except && entry.loaded && entry.slots.busy === 0 && entry.slots.waiting === 0)
        await dispose(path, entry);
  }

  const scheduleIdle = (path: string, entry: Entry) => {
    if (entry.idle) clearTimeout(entry.idle);
    entry.idle = null;
    if (entry.slots.busy > 0 || entry.slots.waiting > 0) return;
    if (entry.removed) return void dispose(path, entry);
    entry.idle = setTimeout(() => {
      entry.idle = null;
      if (entry.slots.busy === 0 && entry.slots.waiting === 0) void dispose(path, entry);
    }, settings.idleMs);
    entry.idle.unref();
  };

  async function load(file: LocalModelFile): Promise<Loaded> {
    const header = await readGgufHeaderCached(file.path);
    const neededBytes = neededFor(file, header);
    let freeBytes = freeMemory();
    if (neededBytes > freeBytes) {
      await unloadIdle(file.path);
      freeBytes = freeMemory();
    }
    if (neededBytes > freeBytes)
      throw new ModelUnavailableError(
        `Not enough memory to load ${file.name}: it needs about ${formatBytes(neededBytes)} and the server has ${formatBytes(freeBytes)} free.`,
      );
    const started = performance.now();
    const { bindings, llama: instance } = await startLlama();
    const model = await instance.loadModel({
      modelPath: file.path,
      gpuLayers: settings.gpu === "off" ? 0 : "auto",
      // Read into memory rather than mapped: on x86 llama.cpp repacks the 4-bit weights into a layout
      // of its own, and with the file mapped too its pages stayed resident beside the copy (peak RSS
      // 849 MB against 660 MB for Qwen2.5 0.5B's shape, bench row 10).
      useMmap: false,
    });
    try {
      const context = await model.createContext({
        contextSize: contextSizeFor(header.contextLength),
        sequences: settings.concurrency,
        threads: settings.threads,
      });
      const chatWrapper = bindings.resolveChatWrapper(model);
      deps.logger.info(
        {
          event: "llm.local.loaded",
          model: file.name,
          ms: Math.round(performance.now() - started),
          chatWrapper: chatWrapper.wrapperName,
          contextSize: context.contextSize,
        },
        "local model loaded",
      );
      return { neededBytes, model, context, chatWrapper };
    } catch (err) {
      await model.dispose();
      throw err;
    }
  }

  return {
    settings,
    memoryFor,
    freeMemory: () => freeFor(""),
    isLoaded: (path) => Boolean(entries.get(path)?.loaded),

    async acquire(file, signal, onStatus) {
      const entry = entryFor(file.path);
      if (entry.idle) clearTimeout(entry.idle);
      entry.idle = null;
      let release: () => void;
      try {
        release = await entry.slots.acquire(signal, (ahead) => onStatus({ kind: "queued", ahead }));
      } catch (err) {
        scheduleIdle(file.path, entry);
        throw err;
      }
      try {
        if (!entry.loaded) {
          onStatus({ kind: "loading" });
          entry.loading ??= load(file).finally(() => (entry.loading = null));
          entry.loaded = await entry.loading;
        }
        const { context, chatWrapper } = entry.loaded;
        const sequence = context.getSequence();
        let released = false;
        return {
          sequence,
          chatWrapper,
          bindings: (await startLlama()).bindings,
          release: () => {
            if (released) return;
            released = true;
            // The sequence's slot in the context is free only once it is disposed (asynchronously):
            // the next answer in line takes it then.
            void sequence
              .dispose()
              .catch((err: unknown) =>
                deps.logger.warn(
                  { event: "llm.local.sequence_dispose_failed", err: String(err) },
                  "sequence kept",
                ),
              )
              .finally(() => {
                release();
                scheduleIdle(file.path, entry);
              });
          },
        };
      } catch (err) {
        release();
        scheduleIdle(file.path, entry);
        throw err;
      }
    },

    async unload(path) {
      const entry = entries.get(path);
      if (!entry) return;
      entries.delete(path);
      if (entry.idle) clearTimeout(entry.idle);
      // Answers still running keep it until they end (scheduleIdle); nothing new finds it.
      entry.removed = true;
      if (entry.slots.busy === 0 && entry.slots.waiting === 0) await dispose(path, entry);
    },

    async close() {
      for (const [path, entry] of entries) {
        if (entry.idle) clearTimeout(entry.idle);
        await dispose(path, entry).catch(() => undefined);
      }
      entries.clear();
      const started = llama;
      llama = null;
      if (started) await (await started.catch(() => null))?.llama.dispose();
    },
  };
}
