// What a stream stores while it runs and when it ends. The text so far is written at most once a
// second in the background, never holding up a chunk; the final write outlasts a short database outage
// (a restart, a failover) by trying again with backoff for a bounded time.

export interface DraftWriter {
  /** The text so far; written on the next tick when it changed. */
  set(text: string): void;
  /** Stops the ticks and waits for a write in flight, so that the final write is the last one. */
  stop(): Promise<void>;
}

export function startDraftWriter(
  write: (text: string) => Promise<unknown>,
  options: { everyMs: number; onError(err: unknown): void },
): DraftWriter {
  let latest = "";
  let written = "";
  let failing = false;
  let inFlight: Promise<void> | null = null;
  const tick = () => {
    if (inFlight || latest === written) return;
    const text = latest;
    inFlight = write(text)
      .then(
        () => {
          written = text;
          failing = false;
        },
        (err: unknown) => {
          // Once per outage: the next tick tries again, and the final write has its own retries.
          if (!failing) options.onError(err);
          failing = true;
        },
      )
      .finally(() => (inFlight = null));
  };
  const timer = setInterval(tick, options.everyMs);
  timer.unref();
  return {
    set(text) {
      latest = text;
    },
    async stop() {
      clearInterval(timer);
      await inFlight;
    },
  };
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now; class 08 is connection_exception.
const SERVER_GOING_AWAY = new Set(["57P01", "57P02", "57P03"]);

/** True for an error that says the database was out of reach, not that the write was wrong. */
export function isConnectionError(err: unknown): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SERVER_GOING_AWAY.has(code))) return true;
    if (typeof code === "string" && code.startsWith("08")) return true;
    if (/Connection terminated|connection error|timeout exceeded when trying to connect/i.test(e.message))
      return true;
  }
  return false;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `write` until it succeeds, retrying connection failures with backoff (0.1 s doubling to 2 s)
 * while `budgetMs` lasts. Any other error, or the budget spent, ends it with `ok: false`.
 */
export async function writeWithRetry(
  write: () => Promise<unknown>,
  options: { budgetMs: number; onRetry(err: unknown, attempt: number): void },
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const deadline = Date.now() + options.budgetMs;
  for (let attempt = 1, delay = 100; ; attempt++, delay = Math.min(delay * 2, 2_000)) {
    try {
      await write();
      return { ok: true };
    } catch (error) {
      if (!isConnectionError(error) || Date.now() + delay > deadline) return { ok: false, error };
      options.onRetry(error, attempt);
      await sleep(delay);
    }
  }
}
