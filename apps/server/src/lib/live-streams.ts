// The process's open event streams, so a shutdown can end them well: each is aborted with a reason
// its producer recognises (store the text as interrupted, send one closing event that says so), and
// the shutdown waits for them to finish before the connections and the database are closed.

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

export interface LiveStreams {
  /** Follows one stream until the returned function is called; aborted at once when shutting down. */
  track(controller: AbortController): () => void;
  /** How many streams are open. */
  readonly size: number;
  /** True once `shutdown` was called. */
  readonly closing: boolean;
  /** Aborts every open stream with ServerShutdown; resolves when all have finished or after `waitMs`. */
  shutdown(waitMs: number): Promise<{ aborted: number; finished: boolean }>;
}

export function createLiveStreams(): LiveStreams {
  const open = new Set<AbortController>();
  let closing = false;
  let onEmpty: (() => void) | null = null;
  return {
    track(controller) {
      if (closing) controller.abort(new ServerShutdown());
      open.add(controller);
      return () => {
        open.delete(controller);
        if (open.size === 0) onEmpty?.();
      };
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
      let timer: NodeJS.Timeout | undefined;
      const finished = await Promise.race([
        new Promise<boolean>((resolve) => (onEmpty = () => resolve(true))),
        new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), waitMs))),
      ]);
      clearTimeout(timer);
      return { aborted, finished };
    },
  };
}
