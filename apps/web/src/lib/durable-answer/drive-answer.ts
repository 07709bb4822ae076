// The reading of one durable answer, as plain async code the hook (use-durable-answers) runs: its own
// stream (tried again while the connection fails before a word), the stored answer followed when that
// stream is lost or the page did not ask for it, and the stored form read once Stop has ended it.
// Every step goes through the state machine (durable-answer.ts); what an event means is the feature's.
import { sleep } from "@/lib/sleep";
import { untilOnline } from "@/lib/until-online";
import { isRunning, type AnswerEvent, type AnswerPhase, type DurableAnswer } from "./durable-answer";

/** What a feature supplies: what its events mean, how its answers are stopped and read as stored. */
export interface DurableSpec<Event, V, Stored> {
  meaning(value: V, event: Event): AnswerEvent<V>;
  /** Stops the answer named on the server; rejects when it could not (and says so itself). */
  stop(name: string): Promise<void>;
  /** The answer as stored now; null when it is not there. Throws when it could not be read. */
  read(name: string): Promise<Stored | null>;
  /** Where the stored answer stands, and what the page shows of it given what it has. */
  stored(answer: DurableAnswer<V>, stored: Stored): { phase: AnswerPhase; value: V };
  /** Token by token from the server process writing it, where it can relay it; else it is read. */
  relay?(name: string, value: V, signal: AbortSignal): AsyncIterable<V>;
  /** Asks again when the connection fails before the stream's first event (same request, same id). */
  reconnect?: {
    delaysMs: readonly number[];
    retryable(error: unknown): boolean;
    onRetry(try_: number, of: number): void;
  };
  /** Why the stream failed, in words to show. */
  errorText(error: unknown): string;
  /** What a stream that closed before its closing event (and before the answer began) says. */
  endedEarly: string;
  /** What a followed answer that is no longer stored says. */
  goneText: string;
}

/** One stream this page opens for an answer. */
export interface StreamRun<Event, V> extends Watch<V> {
  value: V;
  open(signal: AbortSignal): AsyncIterable<Event>;
  /** Stops it before the server has named it; without it, Stop waits for the name (read on, unseen). */
  stopUnnamed?: () => Promise<void>;
  /** Every event of the stream, for what it means besides the answer (a new conversation, say). */
  heard?(event: Event): void;
}

export interface Watch<V> {
  /** Every change of the answer while the page shows it. */
  changed?: (answer: DurableAnswer<V>, before: DurableAnswer<V>) => void;
}

/** One answer as the hook drives it. */
export interface Driven<V> {
  readonly answer: DurableAnswer<V>;
  readonly signal: AbortSignal;
  apply(event: AnswerEvent<V>): void;
  /** Still on the page (not let go of). */
  shown(): boolean;
  /** Stopped before it was named, it now is: stop it by that name. */
  stopNamed(): void;
}

/**
 * How often a followed answer is read when the server cannot relay it: its text is stored about once
 * a second as it grows. Reads that fail wait longer, up to 16 times this; offline, until back online.
 */
export const FOLLOW_POLL_MS = 1_000;

/** How often a stopped answer is read for its stored form before the page keeps what it has. */
export const STOPPED_READS = 3;

export async function readStream<E, V, S>(spec: DurableSpec<E, V, S>, run: StreamRun<E, V>, d: Driven<V>) {
  const attempts = (spec.reconnect?.delaysMs.length ?? 0) + 1;
  for (let attempt = 1; ; attempt++) {
    let heard = false;
    try {
      for await (const event of run.open(d.signal)) {
        heard = true;
        if (d.shown()) run.heard?.(event);
        const waiting = d.answer.stopOnName;
        d.apply(spec.meaning(d.answer.value, event));
        if (waiting && !d.answer.stopOnName) return d.stopNamed();
        if (!isRunning(d.answer.phase) && !d.answer.stopOnName) return;
      }
      d.apply({ type: "lost", error: spec.endedEarly });
    } catch (error) {
      if (d.signal.aborted) return;
      // Once the server answered it has stored the question: asking again would ask twice.
      if (!heard && attempt < attempts && spec.reconnect?.retryable(error)) {
        spec.reconnect.onRetry(attempt + 1, attempts);
        await sleep(spec.reconnect.delaysMs[attempt - 1]!, d.signal);
        if (d.signal.aborted) return;
        continue;
      }
      d.apply({ type: "lost", error: spec.errorText(error) });
    }
    break;
  }
  if (d.answer.reading === "reconnecting") await followStored(spec, d);
}

/** Reads a running answer as the server stores it (relayed where it can be) until it ends. */
export async function followStored<E, V, S>(spec: DurableSpec<E, V, S>, d: Driven<V>) {
  const name = d.answer.name;
  const alive = () => !d.signal.aborted && isRunning(d.answer.phase);
  if (!name) return;
  for (let failures = 0; alive();) {
    const relayed = spec.relay ? await relay(spec.relay(name, d.answer.value, d.signal), d) : false;
    if (!alive()) return;
    // Relayed to its end (or until the connection dropped): what is stored now tells which.
    if (!relayed) await untilOnline(FOLLOW_POLL_MS * 2 ** Math.min(failures, 4), d.signal);
    if (!alive()) return;
    let stored: S | null;
    try {
      stored = await spec.read(name);
      failures = 0;
    } catch {
      failures++;
      continue;
    }
    if (!alive()) return;
    d.apply(
      stored === null
        ? { type: "gone", error: spec.goneText }
        : { type: "stored", ...spec.stored(d.answer, stored) },
    );
  }
}

async function relay<V>(values: AsyncIterable<V>, d: Driven<V>): Promise<boolean> {
  let relayed = false;
  try {
    for await (const value of values) {
      relayed = true;
      d.apply({ type: "grew", value });
    }
  } catch {
    // Dropped, or refused: the stored answer says what became of it.
  }
  return relayed;
}

/**
 * Once Stop has reached the server, shows the answer as it stored it: the server keeps what it had
 * written when Stop arrived, which can run past what reached the page. Stopped in another server
 * process, it may be stored a moment after Stop's answer. A Stop that failed shows nothing more.
 */
export async function readWhenStopped<E, V, S>(
  spec: DurableSpec<E, V, S>,
  d: Driven<V>,
  stopping: Promise<void>,
) {
  try {
    await stopping;
  } catch {
    return;
  }
  const name = d.answer.name;
  for (let read = 0; name && read < STOPPED_READS; read++) {
    if (read) await sleep(FOLLOW_POLL_MS);
    if (!d.shown()) return;
    // A read that failed is tried again; an answer not there has nothing more to show.
    const stored = await spec.read(name).catch(() => undefined);
    if (stored === null || !d.shown()) return;
    if (stored === undefined) continue;
    const seen = spec.stored(d.answer, stored);
    if (!isRunning(seen.phase)) return d.apply({ type: "stored", ...seen });
  }
}
