// The process's open event streams, so a shutdown can end them well: each is aborted with a reason
// its producer recognises (store the text as interrupted, send one closing event that says so), and
// the shutdown waits for them to finish before the connections and the database are closed.
// A stream tracked under a key (a chat answer's id) can also be stopped by that key, from a request
// other than its own: the person's Stop, heard here directly or from another process (STOP_CHANNEL).

/** The abort reason of a stream ended by a server shutdown (named AbortError: it is an abort). */
export class ServerShutdown extends Error {
  override name = "AbortError";
  constructor() {
    super("The server is shutting down.");
  }
}

/** True when the stream was aborted by a server shutdown, not by its client. */
export const isServerShutdown = (signal: AbortSignal) =>
  signal.aborted && signal.reason instanceof ServerShutdown;

/** The channel on which a process asks every process to stop the stream it names (its key). */
export const STOP_CHANNEL = "tessera_stream_stop";

/**
 * How long a Stop waits for the stream it aborted here to store what it had (a final write that has to
 * wait for the database answers later; the stream still stores it).
 */
export const STOP_STORED_WAIT_MS = 3_000;

export interface LiveStreams {
  /**
   * Follows one stream until the returned function is called; aborted at once when shutting down.
   * With a key, `stop(key)` aborts it too.
   */
  track(controller: AbortController, key?: string): () => void;
  /**
   * Aborts the stream tracked under `key` in this process, and resolves once it has finished (stored
   * what it had); null when there is none here.
   */
  stop(key: string): Promise<void> | null;
  /** How many streams are open. */
  readonly size: number;
  /** True once `shutdown` was called. */
  readonly closing: boolean;
  /** Aborts every open stream with ServerShutdown; resolves when all have finished or after `waitMs`. */
  shutdown(waitMs: number): Promise<{ aborted: number; finished: boolean }>;
}

/** A tracked stream; `ended` is made only when something waits for it (a Stop, by its key). */
type Keyed = { controller: AbortController; ended?: Promise<void>; end?: () => void };

export function createLiveStreams(): LiveStreams {
  const open = new Set<AbortController>();
  const byKey = new Map<string, Keyed>();
  let closing = false;
  let onEmpty: (() => void) | null = null;
  return {
    track(controller, key) {
      if (closing) controller.abort(new ServerShutdown());
      open.add(controller);
      const keyed: Keyed = { controller };
      if (key !== undefined) byKey.set(key, keyed);
      return () => {
        open.delete(controller);
        if (key !== undefined && byKey.get(key) === keyed) byKey.delete(key);
        keyed.end?.();
        if (open.size === 0) onEmpty?.();
      };
    },
    stop(key) {
      const keyed = byKey.get(key);
      if (!keyed) return null;
      keyed.ended ??= new Promise<void>((resolve) => (keyed.end = resolve));
      keyed.controller.abort();
      return keyed.ended;
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
