// What a stream stores while it runs and when it ends. The text so far is written at most once a
// second in the background (less often when many streams are open), never holding up a chunk; the
// final write outlasts a short database outage (a restart, a failover) by trying again with backoff
// for a bounded time.
import { someCause } from "../lib/errors";

export interface DraftWriter {
  /** The text so far; written on the next tick when it changed. */
  set(text: string): void;
  /** Stops the ticks and waits for a write in flight, so that the final write is the last one. */
  stop(): Promise<void>;
}

/** A stream's text so far is stored at most this often while it streams (less often under load). */
export const DRAFT_WRITE_MS = 1_000;
/** How long a stream's final write keeps trying while the database is out of reach. */
export const STORE_RETRY_MS = 15_000;

/**
 * Draft writes a second across every open stream, at most. Each stream writes once every `everyMs`
 * while few are open; with more, each waits its share, so that 2,000 streams at a token a second do
 * not ask the database for 2,000 writes a second (the final write of each is never held back).
 */
export const DRAFT_WRITES_PER_SECOND = 100;
let openDrafts = 0;

/** How long a stream waits between draft writes while `open` streams are writing drafts. */
export const draftSpacingMs = (everyMs: number, open: number) =>
  Math.max(everyMs, (open * 1000) / DRAFT_WRITES_PER_SECOND);

export function startDraftWriter(
  write: (text: string) => Promise<unknown>,
  options: { everyMs: number; onError(err: unknown): void; now?: () => number },
): DraftWriter {
  const now = options.now ?? Date.now;
  let latest = "";
  let written = "";
  let failing = false;
  let inFlight: Promise<void> | null = null;
  let lastWrite = now();
  openDrafts++;
  const tick = () => {
    if (inFlight || latest === written) return;
    // Half a tick of slack: a timer that fires a little early must not skip its turn.
    if (now() - lastWrite < draftSpacingMs(options.everyMs, openDrafts) - options.everyMs / 2) return;
    lastWrite = now();
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
  let stopped = false;
  return {
    set(text) {
      latest = text;
    },
    async stop() {
      if (!stopped) {
        stopped = true;
        openDrafts--;
        clearInterval(timer);
      }
      await inFlight;
    },
  };
}

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH"]);
// PostgreSQL: admin_shutdown, crash_shutdown, cannot_connect_now; class 08 is connection_exception.
const SERVER_GOING_AWAY = new Set(["57P01", "57P02", "57P03"]);

/** True for an error that says the database was out of reach, not that the write was wrong. */
export function isConnectionError(err: unknown): boolean {
  return someCause(err, ({ code, message }) => {
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || SERVER_GOING_AWAY.has(code))) return true;
    if (typeof code === "string" && code.startsWith("08")) return true;
    return /Connection terminated|connection error|timeout exceeded when trying to connect/i.test(message);
  });
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
