// The process's durable answers: chat answers, comparison answers and searches that outlive the page
// that asked for them (docs/streams.md). One registry per process owns what is the same for all of
// them: the abort controller of each answer written here (stopped by name, here or from another
// process; aborted with ServerShutdown when the process stops), the writer lease that keeps the
// sweep away from them, the sweep itself, and the relay that lets pages follow them from any process.
// What is each feature's own (how to call the model, what to store) comes in through `open` and the
// sweep rules; run-answer.ts runs one answer from its first event to its one closing event.
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import type { Bus } from "./bus";
import { startDraftWriter, DRAFT_WRITE_MS, type DraftWriter } from "./draft-writer";
import {
  AGE_MARGIN_MS,
  createWriterLease,
  dropExpiredWriters,
  orphanedRows,
  sweepEveryMs,
  type Orphaned,
} from "./leases";
import { createOpenStreams, settlesWithin } from "./open-streams";
import { createAnswerRelay, FEED_CHANNEL, type AnswerFollower } from "./relay";

export { isServerShutdown, ServerShutdown } from "./open-streams";

/** The channel on which a process asks every process to stop the answer it names (its key). */
export const STOP_CHANNEL = "tessera_stream_stop";

/** The channel on which a person's decision (a tool call approved or denied) reaches the waiting process. */
export const DECISION_CHANNEL = "tessera_stream_decision";

/**
 * How long a Stop waits for the answer it aborted here to store what it had (a final write that has
 * to wait for the database answers later; the answer still stores it).
 */
export const STOP_STORED_WAIT_MS = 3_000;

/**
 * A feature's rule for its orphans: closes its rows that `orphaned` names (by their writer column and
 * when they began), keeping their text; resolves with how many it closed.
 */
export interface SweepRule {
  name: string;
  close(db: Database, orphaned: Orphaned): Promise<number>;
}

/** One answer written by this process, as its feature sees it. */
export interface OpenAnswer {
  readonly key: string;
  /** Aborted by Stop (here or heard from elsewhere), a shutdown, or a client gone before the start. */
  readonly controller: AbortController;
  readonly signal: AbortSignal;
  /**
   * Stores the text so far in the background (`draft`, at most once a second) and hands it to
   * followers here and in other processes. A draft that finds the row closed (Stop that no process
   * heard, the sweep, a deletion) aborts the answer, as Stop would.
   */
  grow(sofar: string): void;
  /** Waits for a draft in flight, so that the final write is the last one. */
  stopDrafts(): Promise<void>;
  /**
   * What the answer stores besides its text (its tool calls) changed and is stored: followers here
   * and in other processes read it again.
   */
  changed(): void;
  /** The answer is stored in its final form (or given up): followers end, Stop no longer finds it. */
  end(): void;
}

export interface DurableAnswers {
  /** This process's id on every answer it writes (`writer_id`). */
  readonly writerId: string;
  /** How many streams are open here (answers, and pages following them). */
  readonly size: number;
  /** True once `shutdown` was called: nothing new starts. */
  readonly closing: boolean;
  /**
   * Opens an answer under `key` (its row's id). `draft` writes the text so far while the row is
   * still open, resolving false when it is not.
   */
  open(
    key: string,
    spec: { draft(text: string): Promise<boolean>; log: Logger; event: string; controller?: AbortController },
  ): OpenAnswer;
  /** Follows a stream that is no answer of its own (a page following one) until untracked. */
  track(controller: AbortController): () => void;
  /**
   * Stop by name: answers running here are aborted and waited for while they store what they had
   * (at most STOP_STORED_WAIT_MS); for the others `closeUnheard` closes their rows (should no
   * process hear) and every process is told over STOP_CHANNEL.
   */
  stop(keys: string[], closeUnheard: (keys: string[]) => Promise<unknown>): Promise<void>;
  /** Aborts the answer running here under `key`; resolves once it has ended, null when none is here. */
  stopHere(key: string): Promise<void> | null;
  /**
   * Follows the answer under `key` from this process: here when it is written here, else from its
   * writer over the bus; null when neither can be followed (read the stored drafts instead).
   */
  follow(key: string, stillWriting: () => Promise<boolean>): Promise<AnswerFollower | null>;
  /**
   * Waits for a yes or no on `key` (a tool call of an answer written here), given in any process:
   * false once `ms` pass or `signal` aborts.
   */
  awaitDecision(key: string, signal: AbortSignal, ms: number): Promise<boolean>;
  /** Delivers a yes or no to whichever process waits on `key`; true when it waits here. */
  decide(key: string, yes: boolean): Promise<boolean>;
  /**
   * Closes every orphaned answer now (the timer does this every third of a lease). `asIfGone` counts
   * this process's own answers as orphaned too, as its death would, without touching its lease.
   */
  sweep(options?: { asIfGone?: boolean }): Promise<Record<string, number>>;
  /** Aborts every open stream with ServerShutdown; resolves when all have finished or after `waitMs`. */
  shutdown(waitMs: number): Promise<{ aborted: number; finished: boolean }>;
  /** Takes the lease, listens for Stop and followers, starts the sweep (on PGlite, sweeps at once). */
  start(): Promise<void>;
  close(): Promise<void>;
}

export function createDurableAnswers(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
  rules: SweepRule[];
  leaseMs: number;
  /** The longest an answer may run (LLM_STREAM_TIMEOUT_MS): the sweep's age limit starts there. */
  maxAnswerMs: number;
  /** PGlite: no other process can share the database. */
  soleProcess: boolean;
}): DurableAnswers {
  const streams = createOpenStreams();
  const log = deps.logger;
  const lease = createWriterLease({
    db: deps.db,
    leaseMs: deps.leaseMs,
    soleProcess: deps.soleProcess,
    onRenewFailed: (err) =>
      log.warn(
        { event: "streams.lease_renew_failed", err: errorText(err) },
        "lease not renewed; trying again (other processes may close these answers once it runs out)",
      ),
    onRenewed: () => log.info({ event: "streams.lease_renewed" }, "lease renewed again"),
  });
  let publishFailing = false;
  const relay = createAnswerRelay({
    bus: deps.bus,
    onPublishError: (err) => {
      if (publishFailing) return;
      publishFailing = true;
      log.warn({ event: "streams.publish_failed", err: errorText(err) }, "followers elsewhere read drafts");
      setTimeout(() => (publishFailing = false), 60_000).unref();
    },
  });
  const unlisten: (() => Promise<void>)[] = [];
  // Tool calls of answers written here that wait for the person: by key, what settles each.
  const decisions = new Map<string, (yes: boolean) => void>();
  const hearDecision = (payload: string) => {
    try {
      const { key, yes } = JSON.parse(payload) as { key?: unknown; yes?: unknown };
      if (typeof key === "string" && typeof yes === "boolean") decisions.get(key)?.(yes);
    } catch {
      // Not a notice of ours.
    }
  };
  let sweeper: NodeJS.Timeout | undefined;
  let closed = false;

  const stopHere = (key: string) => streams.stop(key);

  async function sweep(scope: { allButMine?: boolean; mineGone?: boolean }): Promise<Record<string, number>> {
    const orphaned = orphanedRows({
      me: lease.id,
      maxAgeMs: deps.maxAnswerMs + AGE_MARGIN_MS,
      allButMine: scope.allButMine ?? false,
      mineGone: scope.mineGone,
    });
    const closed: Record<string, number> = {};
    for (const rule of deps.rules) closed[rule.name] = await rule.close(deps.db, orphaned);
    await dropExpiredWriters(deps.db);
    return closed;
  }

  /** Sweeps, and says what it closed. */
  const sweepAndSay = (allButMine: boolean) =>
    sweep({ allButMine }).then((closed) => {
      if (Object.values(closed).some((n) => n > 0))
        log.warn({ event: "streams.orphans_closed", ...closed }, "closed answers whose writer is gone");
    });

  return {
    get writerId() {
      return lease.id;
    },
    get size() {
      return streams.size;
    },
    get closing() {
      return streams.closing;
    },
    open(key, spec) {
      const controller = spec.controller ?? new AbortController();
      const untrack = streams.track(controller, key);
      const feed = relay.open(key);
      let drafts: DraftWriter | null = null;
      let ended = false;
      return {
        key,
        controller,
        signal: controller.signal,
        grow(sofar) {
          drafts ??= startDraftWriter(
            async (text) => {
              // Closed behind this answer: it ends here as Stop would have ended it.
              if (!(await spec.draft(text))) controller.abort();
            },
            {
              everyMs: DRAFT_WRITE_MS,
              onError: (err) =>
                spec.log.warn(
                  { event: `${spec.event}.draft_failed`, err: errorText(err) },
                  "draft not stored",
                ),
            },
          );
          drafts.set(sofar);
          feed.set(sofar);
        },
        stopDrafts: () => drafts?.stop() ?? Promise.resolve(),
        changed: () => feed.mark(),
        end() {
          if (ended) return;
          ended = true;
          void drafts?.stop();
          feed.close();
          untrack();
        },
      };
    },
    track: (controller) => streams.track(controller),
    stopHere,
    awaitDecision(key, signal, ms) {
      return new Promise<boolean>((resolve) => {
        const done = (yes: boolean) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", onAbort);
          if (decisions.get(key) === done) decisions.delete(key);
          resolve(yes);
        };
        const onAbort = () => done(false);
        const timer = setTimeout(() => done(false), ms);
        if (signal.aborted) return done(false);
        signal.addEventListener("abort", onAbort, { once: true });
        decisions.set(key, done);
      });
    },
    async decide(key, yes) {
      const here = decisions.get(key);
      if (here) {
        here(yes);
        return true;
      }
      await deps.bus.publish(DECISION_CHANNEL, JSON.stringify({ key, yes }));
      return false;
    },
    async stop(keys, closeUnheard) {
      const here = keys.map((key) => stopHere(key));
      const ended = here.filter((stored): stored is Promise<void> => stored !== null);
      if (ended.length) await settlesWithin(Promise.all(ended), STOP_STORED_WAIT_MS);
      const elsewhere = keys.filter((_, i) => here[i] === null);
      if (elsewhere.length === 0) return;
      await closeUnheard(elsewhere);
      for (const key of elsewhere)
        await deps.bus
          .publish(STOP_CHANNEL, key)
          .catch((err: unknown) =>
            log.warn(
              { event: "streams.stop_unsent", err: errorText(err) },
              "stop stands on the closed row alone",
            ),
          );
    },
    async follow(key, stillWriting) {
      return relay.follow(key) ?? (await relay.followElsewhere(key, stillWriting));
    },
    sweep: (options) => sweep({ mineGone: options?.asIfGone }),
    async shutdown(waitMs) {
      clearTimeout(sweeper);
      const { aborted, finished } = await streams.shutdown(waitMs);
      // Every answer of ours is closed: the lease can go now rather than run out. (Otherwise it runs
      // out, and the sweep of another process closes what is left.)
      lease.stop();
      if (finished)
        await lease
          .release()
          .catch((err: unknown) =>
            log.warn({ event: "streams.lease_release_failed", err: errorText(err) }, "lease left to run out"),
          );
      return { aborted, finished };
    },
    async start() {
      await lease.start();
      // PGlite: whatever is still open was left by this database's previous process.
      if (deps.soleProcess) await sweepAndSay(true);
      const listen = async (channel: string, on: Parameters<Bus["subscribe"]>[1], what: string) => {
        try {
          unlisten.push(await deps.bus.subscribe(channel, on));
        } catch (err) {
          log.warn({ event: "streams.listener_off", channel, err: errorText(err) }, what);
        }
      };
      // Stop pressed in a request another process answered: the answer it names may be running here.
      // (Not heard, the answer still stops at its next draft write: the row was closed.)
      await listen(
        STOP_CHANNEL,
        { notice: (key) => void stopHere(key), state: () => undefined },
        "stops from other processes are heard by draft writes only",
      );
      await listen(
        DECISION_CHANNEL,
        { notice: (payload) => hearDecision(payload), state: () => undefined },
        "decisions given in other processes are not heard; the calls waiting here are denied in time",
      );
      await listen(
        FEED_CHANNEL,
        { notice: (payload) => relay.hear(payload), state: (live) => relay.listening(live) },
        "answers are followed from other processes by their stored drafts only",
      );
      const every = sweepEveryMs(deps.leaseMs);
      const tick = () => {
        sweeper = setTimeout(
          () => {
            sweepAndSay(false)
              .catch((err: unknown) =>
                log.warn({ event: "streams.sweep_failed", err: errorText(err) }, "sweep failed"),
              )
              .finally(() => {
                if (!streams.closing && !closed) tick();
              });
          },
          every * (0.8 + Math.random() * 0.4),
        );
        sweeper.unref();
      };
      tick();
    },
    async close() {
      closed = true;
      clearTimeout(sweeper);
      lease.stop();
      for (const stop of unlisten.splice(0)) await stop();
      await deps.bus.close();
    },
  };
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
