// One durable answer from its first event to its one closing event, whatever the feature: the feature's
// body yields the events that are its own (start, chunks, sources...) and returns how the answer
// ended; this stores that ending (retrying while the database is out of reach), tells followers, and
// sends exactly one closing event, the same way for every feature:
// - cut short by a shutdown: SERVER_RESTARTING, saying whether the text so far was stored;
// - stopped (by name, or its client gone before the start): none, nobody listens;
// - failed: the failure; complete: the feature's event, or NOT_SAVED when its final write failed.
import { STREAM_MESSAGES } from "@tessera/contracts";
import type { Logger } from "../lib/logger";
import { STORE_RETRY_MS, writeWithRetry } from "./draft-writer";
import { isServerShutdown, type OpenAnswer } from "./durable-answers";

/** The one closing event of a stream cut short by a server shutdown: whether its text was stored. */
export const restartingEvent = (stored: boolean) => ({
  type: "error" as const,
  error: "SERVER_RESTARTING",
  message: stored ? STREAM_MESSAGES.serverRestarting : STREAM_MESSAGES.notSaved,
});

/** The closing event of an answer whose final write failed for good. */
const notSavedEvent = { type: "error" as const, error: "NOT_SAVED", message: STREAM_MESSAGES.notSaved };

export type ClosingError = ReturnType<typeof restartingEvent> | typeof notSavedEvent;

/** How an answer ended, as its feature tells it. */
export interface Ending<E> {
  /** The stored status, for the log. */
  status: string;
  /** The final write; null when there is nothing left to store. */
  store: (() => Promise<unknown>) | null;
  /** The closing event when the answer ended on its own; null when it was stopped. */
  event: E | null;
  /** `event` is a failure: it is sent even when the final write failed too. */
  failed?: boolean;
  /** More for the end's log line (model, tokens...). */
  details?: Record<string, unknown>;
}

export interface RunSpec {
  log: Logger;
  /** The feature's log events start with this ("chat.stream"). */
  event: string;
  /** How long the final write keeps trying while the database is out of reach (default 15 s). */
  storeRetryMs?: number;
  /** Closes the row should the body throw (a failure of ours), keeping what it stored. */
  abandon?: () => Promise<unknown>;
}

export async function* runAnswer<E>(
  answer: OpenAnswer,
  spec: RunSpec,
  body: AsyncGenerator<E, Ending<E>>,
): AsyncGenerator<E | ClosingError> {
  let ending: Ending<E>;
  try {
    ending = yield* body;
  } catch (err) {
    await answer.stopDrafts();
    await spec
      .abandon?.()
      .catch((closeErr: unknown) =>
        spec.log.warn(
          { event: `${spec.event}.close_failed`, err: errorText(closeErr) },
          "answer left open; the sweep will close it",
        ),
      );
    answer.end();
    throw err;
  }
  await answer.stopDrafts();
  const stored = ending.store
    ? await writeWithRetry(ending.store, {
        budgetMs: spec.storeRetryMs ?? STORE_RETRY_MS,
        onRetry: (err, attempt) =>
          spec.log.warn(
            { event: `${spec.event}.store_retry`, attempt, err: errorText(err) },
            "database unavailable, retrying",
          ),
      })
    : ({ ok: true } as const);
  // Followers read the stored answer once told it ended, so this comes after the final write.
  answer.end();
  if (!stored.ok)
    spec.log.error(
      { event: `${spec.event}.store_failed`, err: errorText(stored.error) },
      "answer not stored; the sweep will close it",
    );
  spec.log.info(
    { event: `${spec.event}.end`, status: ending.status, stored: stored.ok, ...ending.details },
    "answer ended",
  );

  if (isServerShutdown(answer.signal)) {
    yield restartingEvent(stored.ok);
    return;
  }
  if (ending.event === null) return;
  yield !stored.ok && !ending.failed ? notSavedEvent : ending.event;
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
