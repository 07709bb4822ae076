// The process's open event streams, so a shutdown can end them well: each is aborted with a reason
// its producer recognises (store the text as interrupted, send one closing event that says so), and
// the shutdown waits for them to finish before the connections and the database are closed. A
// stream tracked under a key (a durable answer's id) can also be stopped by that key, from a request
// other than its own: Stop, heard here directly or from another process.

/** The abort reason of a stream ended by a server shutdown (named AbortError: it is an abort). */
export class ServerShutdown extends Error {
  override name = "AbortError";
  constructor() {
    super("The server is shutting down.");
  }
}

/** True when the stream was aborted by a server shutdown, not by its client or Stop. */
export const isServerShutdown = (signal: AbortSignal) =>
  signal.aborted && signal.reason instanceof ServerShutdown;

export interface OpenStreams {
  /** Follows one stream until the returned function is called; aborted at once when closing. */
  track(controller: AbortController, key?: string): () => void;
  /** Aborts the stream tracked under `key` here; resolves once it has finished, null when none is. */
  stop(key: string): Promise<void> | null;
  readonly size: number;
  readonly closing: boolean;
  /** Aborts every open stream with ServerShutdown; resolves when all have finished or after `waitMs`. */
  shutdown(waitMs: number): Promise<{ aborted: number; finished: boolean }>;
}

/** A tracked stream; `ended` is made only when something waits for it (a Stop, by its key). */
type Tracked = { controller: AbortController; ended?: Promise<void>; end?: () => void };

export function createOpenStreams(): OpenStreams {
  const open = new Set<AbortController>();
  const byKey = new Map<string, Tracked>();
  let closing = false;
  let onEmpty: (() => void) | null = null;
  return {
    track(controller, key) {
      if (closing) controller.abort(new ServerShutdown());
      open.add(controller);
      const tracked: Tracked = { controller };
      if (key !== undefined) byKey.set(key, tracked);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        open.delete(controller);
        if (key !== undefined && byKey.get(key) === tracked) byKey.delete(key);
        tracked.end?.();
        if (open.size === 0) onEmpty?.();
      };
    },
    stop(key) {
      const tracked = byKey.get(key);
      if (!tracked) return null;
      tracked.ended ??= new Promise<void>((resolve) => (tracked.end = resolve));
      tracked.controller.abort();
      return tracked.ended;
    },
    get size() {
      return open.size;
    },
    get closing() {
      return closing;
    },
    async shutdown(waitMs) {
      closing = true;
      const aborted = open.size;
      for (const controller of open) controller.abort(new ServerShutdown());
      if (open.size === 0) return { aborted, finished: true };
      const empty = new Promise<void>((resolve) => (onEmpty = resolve));
      return { aborted, finished: await settlesWithin(empty, waitMs) };
    },
  };
}

/** Waits for `done` at most `waitMs`: true if it settled in time. */
export async function settlesWithin(done: Promise<unknown>, waitMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const inTime = await Promise.race([
    done.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
  ]);
  clearTimeout(timer);
  return inTime;
}
