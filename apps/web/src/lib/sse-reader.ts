// Reads a text/event-stream body: yields the `data:` payload of each event, skips comment lines
// (`: ping` heartbeats count as activity), and gives up when nothing at all arrives for `idleMs`.
// `readSseEvents` reads the API's streams: each payload parsed as JSON and checked against the
// stream's event schema.
import { STREAM_IDLE_TIMEOUT_MS } from "@tessera/contracts";
import type { z } from "zod";
import { StreamIdleError } from "./stream-idle-error";

export { StreamIdleError };

export interface SseReadOptions {
  /** Abort after this long without a single byte (heartbeats included). */
  idleMs: number;
  /** Aborting it ends the reading at once with the signal's reason. */
  signal?: AbortSignal;
}

export async function* readSseData(
  body: ReadableStream<Uint8Array>,
  { idleMs, signal }: SseReadOptions,
): AsyncGenerator<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  // Nothing more will come: the body ended, stalled or was stopped.
  let over = false;
  try {
    for (;;) {
      const { done, value } = await nextChunk(reader, idleMs, signal).catch((error: unknown) => {
        over = true;
        reader.cancel().catch(() => {});
        throw error;
      });
      buffer += done ? decoder.decode() : decoder.decode(value, { stream: true });
      const blocks = buffer.split(/\r?\n\r?\n/);
      buffer = done ? "" : (blocks.pop() ?? "");
      for (const block of blocks) {
        const data = dataOf(block);
        if (data !== null) yield data;
      }
      if (done) {
        over = true;
        return;
      }
    }
  } finally {
    // The reader left early, as a stream's reader does on its closing event, which the server follows
    // at once with the body's end. Cancelling that body would abort a request that is finishing (the
    // browser logs it as aborted): read it to its end instead, and cancel only on Stop or if it lingers.
    if (!over) void drainBody(reader, signal);
  }
}

/** How long a body left after its closing event may take to end before it is cancelled. */
export const DRAIN_MS = 5_000;

async function drainBody(reader: ReadableStreamDefaultReader<Uint8Array>, signal: AbortSignal | undefined) {
  const cancel = () => void reader.cancel().catch(() => {});
  if (signal?.aborted) return cancel();
  const timer = setTimeout(cancel, DRAIN_MS);
  signal?.addEventListener("abort", cancel, { once: true });
  try {
    for (;;) if ((await reader.read()).done) return;
  } catch {
    // Cancelled, or the connection went: there was nothing left to read anyway.
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", cancel);
  }
}

/**
 * The events of one of the API's streams, in order: payloads that are not JSON, or not an event of
 * `schema`, are skipped (`prepare` may first turn an older form into the one the schema reads). Gives
 * up after STREAM_IDLE_TIMEOUT_MS without a byte; the server's heartbeat comes more often.
 */
export async function* readSseEvents<T>(
  body: ReadableStream<Uint8Array>,
  schema: z.ZodType<T>,
  signal: AbortSignal,
  prepare: (json: unknown) => unknown = (json) => json,
): AsyncGenerator<T> {
  for await (const data of readSseData(body, { idleMs: STREAM_IDLE_TIMEOUT_MS, signal })) {
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      continue;
    }
    const parsed = schema.safeParse(prepare(json));
    if (parsed.success) yield parsed.data;
  }
}

/** The joined `data:` lines of one event, or null for a comment-only block. */
function dataOf(block: string): string | null {
  const lines = block
    .split(/\r?\n/)
    .filter((line) => line.startsWith("data:"))
    .map((line) => line.slice(line.startsWith("data: ") ? 6 : 5));
  return lines.length > 0 ? lines.join("\n") : null;
}

function nextChunk(
  reader: ReadableStreamDefaultReader<Uint8Array>,
  idleMs: number,
  signal: AbortSignal | undefined,
): Promise<ReadableStreamReadResult<Uint8Array>> {
  if (signal?.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      settle();
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      settle();
      reject(new StreamIdleError(idleMs));
    }, idleMs);
    const settle = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    reader.read().then(
      (result) => {
        settle();
        resolve(result);
      },
      (error: unknown) => {
        settle();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException("The stream was stopped.", "AbortError");
}
