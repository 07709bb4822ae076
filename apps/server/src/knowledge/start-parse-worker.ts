// Starts a parse worker process (parse-worker.ts) for parser-pool.ts: from the built file beside the
// server, or from the sources through tsx; with a heap limit, a lower priority than the server and an
// empty environment.
import { fork, type ChildProcess } from "node:child_process";
import { setPriority } from "node:os";
import { fileURLToPath } from "node:url";

/** Nice 10: a worker yields the processor to the server, which runs at the default 0. */
export const WORKER_NICENESS = 10;

/** `imports`: modules the worker loads before its own (tests use them to slow or watch it). */
export function startParseWorker(
  heapMb: number,
  niceness = WORKER_NICENESS,
  imports: string[] = [],
): ChildProcess {
  // Built, the worker is dist/parse-worker.js beside the server's own files. From the sources (tests,
  // npm run dev) it is TypeScript, which Node 20 loads through tsx.
  const built = !import.meta.url.endsWith(".ts");
  const entry = new URL(built ? "./parse-worker.js" : "./parse-worker.ts", import.meta.url);
  const worker = fork(fileURLToPath(entry), [], {
    execArgv: [
      ...(built ? [] : [`--import=${import.meta.resolve("tsx")}`]),
      `--max-old-space-size=${heapMb}`,
      ...imports.map((i) => `--import=${i}`),
    ],
    env: {},
    serialization: "advanced",
    stdio: ["ignore", "ignore", "ignore", "ipc"],
  });
  // Reading is background work: when the cores are busy, the server's own thread goes first.
  if (worker.pid !== undefined) setPriority(worker.pid, niceness);
  return worker;
}

/** A busy worker keeps the server's process alive; an idle one lets it exit. */
export function holdWorker(worker: ChildProcess, busy: boolean) {
  if (busy) {
    worker.ref();
    worker.channel?.ref();
  } else {
    worker.unref();
    worker.channel?.unref();
  }
}
