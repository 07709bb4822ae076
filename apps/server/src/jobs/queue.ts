// The job queue (docs/jobs.md): work that outlives its request and the process that took it. Jobs
// are rows of `jobs`; any process takes the oldest queued one of a kind it runs (FOR UPDATE SKIP
// LOCKED: two takers never take one row), holds it under a lease it renews, and writes its outcome.
// A row whose lease ran out (its process died) is queued again while tries are left, else failed with
// a reason fit to show. Progress is stored on the row, so any process can answer for it, and told on
// the bus, so a page following it moves at once. Each claim is the take's own token: every write of
// a run is fenced by it, so a run that lost its row cannot overwrite the next run's outcome.
import { JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { jobs } from "../db/schema";
import type { ErrorCode } from "../lib/errors";
import type { Logger } from "../lib/logger";
import { renewEveryMs, sweepEveryMs } from "../streams/leases";
import { ServerShutdown } from "../streams/open-streams";
import type { Bus } from "../streams/bus";

export type JobRow = typeof jobs.$inferSelect;
export type JobStatus = JobRow["status"];

/** The channel on which every change of a job is told: `JobNotice` as JSON. */
export const JOB_CHANNEL = "tessera_job";

/** What a process whose lease ran out leaves on its job, when no try is left. */
export const DIED_REASON = JOB_FAILURE_MESSAGES.died;
/** The note of a job queued again after its process died or shut down. */
export const REQUEUED_NOTE = "Waiting to start again: the server handling it stopped.";

/** A job as pages see it (GET /api/jobs/:id and its live events). */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  progress: number;
  note: string;
  attempts: number;
  error: string | null;
  result: Record<string, unknown> | null;
}

/** A change of one job, told on JOB_CHANNEL. */
export interface JobNotice extends JobView {
  ownerId: string;
  errorCode: string | null;
  /** The process that sent it (it heard its own notice as it sent it). */
  from?: string;
}

/** An outcome the job's own code decided: it fails now, with `message` shown, not tried again. */
export class JobFailure extends Error {
  override name = "JobFailure";
  constructor(
    message: string,
    readonly code: ErrorCode = "UNAVAILABLE",
  ) {
    super(message);
  }
}

/** A job as its kind's `run` sees it. */
export interface RunningJob<P> {
  id: string;
  ownerId: string;
  payload: P;
  /** 1 on the first try. */
  attempt: number;
  /** What an earlier try of this job had done (its last `progress` `sofar`), or null. */
  sofar: Record<string, unknown> | null;
  /** Aborted when the process shuts down (the job is handed back) or the row is no longer ours. */
  signal: AbortSignal;
  /**
   * Stores and tells 0–100 and a short note; false (and the signal aborted) once the row is not ours.
   * `sofar` is kept as the result until the job ends: what a try that is cut short had done.
   */
  progress(percent: number, note: string, sofar?: Record<string, unknown>): Promise<boolean>;
}

export interface JobKind<P = Record<string, unknown>> {
  kind: string;
  /** Tries in all; a try whose process died counts as one. */
  maxAttempts: number;
  /** At most this many at once in one process. */
  concurrency: number;
  /** The reason stored when `run` throws anything but a JobFailure. */
  failureMessage: string;
  /** Does the work; what it returns is stored as the job's result. */
  run(job: RunningJob<P>): Promise<Record<string, unknown> | void>;
  /** Once the job is closed as failed, by its own failure or by a sweep in any process. */
  onFailed?(job: JobRow, reason: string): Promise<void>;
}

export interface EnqueueInput {
  kind: string;
  ownerId: string;
  payload: Record<string, unknown>;
  /** The row's id (an image's job has the image's id). */
  id?: string;
  /** At most one open job per key, in every process: a second enqueue answers null. */
  exclusiveKey?: string;
}

export interface JobQueue {
  /** This process's label on the jobs it holds. */
  readonly holder: string;
  /** Jobs running here now. */
  readonly running: number;
  define<P>(kind: JobKind<P>): void;
  enqueue(input: EnqueueInput): Promise<JobView | null>;
  /** One job; with `ownerId`, only when it is theirs. */
  get(id: string, ownerId?: string): Promise<JobView | null>;
  /** Hears every change of job `id` (here and from other processes) until the returned function is called. */
  follow(id: string, on: (job: JobNotice) => void): () => void;
  /** Resolves with the job once it has ended, from whichever process ran it; rejects when `signal` aborts. */
  waitFor(id: string, signal?: AbortSignal): Promise<JobNotice>;
  /** Takes what there is room for, now (a poll does this every `pollMs`). */
  poke(): void;
  /** Queues again, or fails, every running job whose lease ran out; says how many of each. */
  sweep(): Promise<{ requeued: number; failed: number }>;
  start(): Promise<void>;
  /** Takes nothing more, aborts what runs here, and hands back what did not end within `waitMs`. */
  shutdown(waitMs: number): Promise<{ handedBack: number }>;
  close(): Promise<void>;
}

export const viewOf = (row: JobRow): JobView => ({
  id: row.id,
  kind: row.kind,
  status: row.status,
  progress: row.progress,
  note: row.note,
  attempts: row.attempts,
  error: row.error,
  result: row.result ?? null,
});

const noticeOf = (row: JobRow): JobNotice => ({
  ...viewOf(row),
  ownerId: row.ownerId,
  errorCode: row.errorCode,
});

const ended = (status: JobStatus) => status === "succeeded" || status === "failed";

/** How long an ended job stays readable. */
export const KEEP_ENDED_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60_000;

/** A note is short: it travels in every notice. */
const NOTE_MAX = 200;

export function createJobQueue(deps: {
  db: Database;
  bus: Bus;
  logger: Logger;
  leaseMs: number;
  /** How often a process looks for queued jobs without being told of one. */
  pollMs?: number;
  /** PGlite: no other process can share the database, so every running row is a dead process's. */
  soleProcess: boolean;
}): JobQueue {
  const { db, logger: log } = deps;
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  const pollMs = deps.pollMs ?? 1_000;
  const kinds = new Map<string, JobKind<never>>();
  const active = new Map<string, number>();
  /** Runs here, by claim. */
  const runs = new Map<string, { controller: AbortController; done: Promise<void> }>();
  const followers = new Map<string, Set<(job: JobNotice) => void>>();
  let unlisten: (() => Promise<void>) | null = null;
  let closing = false;
  let poller: NodeJS.Timeout | undefined;
  let renewer: NodeJS.Timeout | undefined;
  let sweeper: NodeJS.Timeout | undefined;
  let pumping: Promise<void> | null = null;
  let again = false;
  let shuttingDown: Promise<{ handedBack: number }> | undefined;
  let prunedAt = 0;
  const lease = sql`now() + ${deps.leaseMs} * interval '1 millisecond'`;

  const hear = (job: JobNotice) => {
    for (const on of followers.get(job.id) ?? []) on(job);
  };
  /** Tells followers here at once, and every other process over the bus. */
  const tell = async (row: JobRow) => {
    const notice = noticeOf(row);
    hear(notice);
    await deps.bus
      .publish(JOB_CHANNEL, JSON.stringify({ ...notice, from: holder }))
      .catch((err: unknown) =>
        log.warn({ event: "jobs.publish_failed", err: errorText(err) }, "followers elsewhere read the row"),
      );
  };

  async function take(kind: string): Promise<JobRow | null> {
    const claim = randomUUID();
    const [row] = await db
      .update(jobs)
      .set({
        status: "running",
        claim,
        holder,
        leaseUntil: lease,
        attempts: sql`${jobs.attempts} + 1`,
        startedAt: sql`coalesce(${jobs.startedAt}, now())`,
      })
      .where(
        eq(
          jobs.id,
          sql`(select id from ${jobs} where ${jobs.status} = 'queued' and ${jobs.kind} = ${kind}
            order by ${jobs.createdAt} limit 1 for update skip locked)`,
        ),
      )
      .returning();
    return row ?? null;
  }

  function runHere(kind: JobKind<never>, row: JobRow) {
    const claim = row.claim!;
    const controller = new AbortController();
    const mine = and(eq(jobs.id, row.id), eq(jobs.claim, claim), eq(jobs.status, "running"));
    const jobLog = log.child({ jobId: row.id, kind: row.kind, attempt: row.attempts });
    active.set(kind.kind, (active.get(kind.kind) ?? 0) + 1);
    const job: RunningJob<never> = {
      id: row.id,
      ownerId: row.ownerId,
      payload: row.payload as never,
      attempt: row.attempts,
      sofar: row.result ?? null,
      signal: controller.signal,
      async progress(percent, note, sofar) {
        const [moved] = await db
          .update(jobs)
          .set({
            progress: Math.max(0, Math.min(100, Math.round(percent))),
            note: note.slice(0, NOTE_MAX),
            ...(sofar ? { result: sofar } : {}),
          })
          .where(mine)
          .returning();
        if (!moved) {
          controller.abort();
          return false;
        }
        await tell(moved);
        return true;
      },
    };
    const done = (async () => {
      try {
        await tell(row);
        const result = await kind.run(job);
        const [closed] = await db
          .update(jobs)
          .set({
            status: "succeeded",
            progress: 100,
            result: result ?? null,
            claim: null,
            leaseUntil: null,
            finishedAt: sql`now()`,
          })
          .where(mine)
          .returning();
        if (closed) await tell(closed);
        jobLog.info({ event: "jobs.succeeded" }, "job done");
      } catch (err) {
        // Shutting down: the row is handed back whole, to be run again elsewhere or at the next start.
        if (controller.signal.aborted && closing) return;
        const failure = err instanceof JobFailure ? err : null;
        const reason = failure?.message ?? kind.failureMessage;
        if (failure) jobLog.warn({ event: "jobs.failed", reason }, reason);
        else jobLog.error({ event: "jobs.failed", err }, "job failed");
        const [closed] = await db
          .update(jobs)
          .set({
            status: "failed",
            error: reason,
            errorCode: failure?.code ?? "INTERNAL",
            claim: null,
            leaseUntil: null,
            finishedAt: sql`now()`,
          })
          .where(mine)
          .returning()
          .catch((dbErr: unknown) => {
            jobLog.error({ event: "jobs.unrecorded", err: dbErr }, "could not record the failed job");
            return [];
          });
        if (closed) {
          await kind
            .onFailed?.(closed, reason)
            .catch((hookErr: unknown) =>
              jobLog.error({ event: "jobs.on_failed_failed", err: hookErr }, "failure not passed on"),
            );
          await tell(closed);
        }
      } finally {
        runs.delete(claim);
        active.set(kind.kind, (active.get(kind.kind) ?? 1) - 1);
        if (!closing) poke();
      }
    })();
    runs.set(claim, { controller, done });
  }

  async function pumpOnce() {
    for (const kind of kinds.values()) {
      while (!closing && (active.get(kind.kind) ?? 0) < kind.concurrency) {
        const row = await take(kind.kind);
        if (!row) break;
        runHere(kind, row);
      }
    }
  }

  function poke() {
    if (closing) return;
    if (pumping) {
      again = true;
      return;
    }
    pumping = pumpOnce()
      .catch((err: unknown) => log.warn({ event: "jobs.take_failed", err: errorText(err) }, "take failed"))
      .finally(() => {
        pumping = null;
        if (again) {
          again = false;
          poke();
        }
      });
  }

  // One sweep at a time per process: a second one waits, so a caller sees what the first did.
  let sweeping: Promise<unknown> = Promise.resolve();
  function sweep(): Promise<{ requeued: number; failed: number }> {
    const run = sweeping.then(sweepOnce, sweepOnce);
    sweeping = run.catch(() => undefined);
    return run;
  }

  async function sweepOnce(): Promise<{ requeued: number; failed: number }> {
    const names = [...kinds.keys()];
    if (names.length === 0) return { requeued: 0, failed: 0 };
    // Ended jobs are kept a while for pages that ask after them, then dropped (once an hour at most).
    if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
      prunedAt = Date.now();
      await db
        .delete(jobs)
        .where(
          and(
            inArray(jobs.status, ["succeeded", "failed"]),
            lt(jobs.finishedAt, sql`now() - ${KEEP_ENDED_DAYS} * interval '1 day'`),
          ),
        );
    }
    const left = sql`${jobs.attempts} < ${jobs.maxAttempts}`;
    const swept = await db
      .update(jobs)
      .set({
        status: sql`case when ${left} then 'queued' else 'failed' end`,
        claim: null,
        holder: null,
        leaseUntil: null,
        progress: sql`case when ${left} then 0 else ${jobs.progress} end`,
        note: sql`case when ${left} then ${REQUEUED_NOTE} else ${jobs.note} end`,
        error: sql`case when ${left} then null else ${DIED_REASON} end`,
        errorCode: sql`case when ${left} then null else 'UNAVAILABLE' end`,
        finishedAt: sql`case when ${left} then null else now() end`,
      })
      .where(and(eq(jobs.status, "running"), lt(jobs.leaseUntil, sql`now()`), inArray(jobs.kind, names)))
      .returning();
    let failed = 0;
    for (const row of swept) {
      if (row.status === "failed") {
        failed++;
        await kinds
          .get(row.kind)
          ?.onFailed?.(row, DIED_REASON)
          .catch((err: unknown) =>
            log.error({ event: "jobs.on_failed_failed", jobId: row.id, err }, "failure not passed on"),
          );
      }
      await tell(row);
    }
    if (swept.length > 0)
      log.warn(
        { event: "jobs.orphans", requeued: swept.length - failed, failed },
        "jobs whose process stopped were queued again or closed",
      );
    return { requeued: swept.length - failed, failed };
  }

  const sweepAndTake = () =>
    sweep()
      .catch((err: unknown) => log.warn({ event: "jobs.sweep_failed", err: errorText(err) }, "sweep failed"))
      .then(() => poke());

  async function get(id: string, ownerId?: string) {
    const [row] = await db
      .select()
      .from(jobs)
      .where(and(eq(jobs.id, id), ownerId ? eq(jobs.ownerId, ownerId) : undefined));
    return row ?? null;
  }

  function follow(id: string, on: (job: JobNotice) => void) {
    let set = followers.get(id);
    if (!set) followers.set(id, (set = new Set()));
    set.add(on);
    return () => {
      set.delete(on);
      if (set.size === 0) followers.delete(id);
    };
  }

  return {
    holder,
    get running() {
      return runs.size;
    },
    define(kind) {
      kinds.set(kind.kind, kind);
      // What a dead process left of this kind is swept first, then the queue is read.
      if (!closing && unlisten !== null) void sweepAndTake();
    },
    async enqueue(input) {
      const kind = kinds.get(input.kind);
      const [row] = await db
        .insert(jobs)
        .values({
          id: input.id,
          kind: input.kind,
          ownerId: input.ownerId,
          payload: input.payload,
          exclusiveKey: input.exclusiveKey ?? null,
          maxAttempts: kind?.maxAttempts ?? 1,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) return null;
      await tell(row);
      poke();
      return viewOf(row);
    },
    async get(id, ownerId) {
      const row = await get(id, ownerId);
      return row ? viewOf(row) : null;
    },
    follow,
    waitFor(id, signal) {
      return new Promise<JobNotice>((resolve, reject) => {
        let settled = false;
        const finish = (fn: () => void) => {
          if (settled) return;
          settled = true;
          stop();
          clearInterval(timer);
          signal?.removeEventListener("abort", onAbort);
          fn();
        };
        const onAbort = () =>
          finish(() => reject(signal?.reason instanceof Error ? signal.reason : new Error("aborted")));
        const stop = follow(id, (job) => {
          if (ended(job.status)) finish(() => resolve(job));
        });
        // The bus may be down or a notice lost: the row says the same, once a second.
        const check = () =>
          void get(id).then(
            (row) => {
              if (!row) finish(() => reject(new Error(`no job ${id}`)));
              else if (ended(row.status)) finish(() => resolve(noticeOf(row)));
            },
            () => undefined,
          );
        const timer = setInterval(check, 1_000);
        timer.unref();
        if (signal?.aborted) return onAbort();
        signal?.addEventListener("abort", onAbort, { once: true });
        check();
      });
    },
    poke,
    sweep,
    async start() {
      // PGlite: whatever is running was left by this database's previous process.
      if (deps.soleProcess)
        await db
          .update(jobs)
          .set({ leaseUntil: sql`now() - interval '1 millisecond'` })
          .where(eq(jobs.status, "running"));
      try {
        unlisten = await deps.bus.subscribe(JOB_CHANNEL, {
          notice: (payload) => {
            try {
              const job = JSON.parse(payload) as JobNotice;
              if (job.from === holder) return;
              if (job.status === "queued") poke();
              hear(job);
            } catch {
              // Not a notice of ours.
            }
          },
          state: () => undefined,
        });
      } catch (err) {
        unlisten = () => Promise.resolve();
        log.warn({ event: "jobs.listener_off", err: errorText(err) }, "jobs are followed by their rows only");
      }
      poller = setInterval(poke, pollMs);
      poller.unref();
      renewer = setInterval(() => {
        const claims = [...runs.keys()];
        if (claims.length === 0) return;
        db.update(jobs)
          .set({ leaseUntil: lease })
          .where(and(inArray(jobs.claim, claims), eq(jobs.status, "running")))
          .catch((err: unknown) =>
            log.warn({ event: "jobs.lease_renew_failed", err: errorText(err) }, "job leases not renewed"),
          );
      }, renewEveryMs(deps.leaseMs));
      renewer.unref();
      const tick = () => {
        sweeper = setTimeout(
          () => void sweepAndTake().finally(() => !closing && tick()),
          sweepEveryMs(deps.leaseMs) * (0.8 + Math.random() * 0.4),
        );
        sweeper.unref();
      };
      tick();
      await sweepAndTake();
    },
    shutdown(waitMs) {
      shuttingDown ??= shutdown(waitMs);
      return shuttingDown;
    },
    async close() {
      // A close without a shutdown first (tests, a failed start) still hands back what runs here.
      await (shuttingDown ??= shutdown(0));
      clearInterval(renewer);
      await unlisten?.();
      unlisten = null;
    },
  };

  async function shutdown(waitMs: number): Promise<{ handedBack: number }> {
    closing = true;
    clearInterval(poller);
    clearTimeout(sweeper);
    await pumping;
    const here = [...runs.entries()];
    for (const [, run] of here) run.controller.abort(new ServerShutdown());
    await Promise.race([
      Promise.allSettled(here.map(([, run]) => run.done)),
      new Promise((r) => setTimeout(r, waitMs).unref()),
    ]);
    clearInterval(renewer);
    const claims = here.map(([claim]) => claim);
    if (claims.length === 0) return { handedBack: 0 };
    // The try that was cut short does not count: the job starts again as if new.
    const back = await db
      .update(jobs)
      .set({
        status: "queued",
        claim: null,
        holder: null,
        leaseUntil: null,
        attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
        progress: 0,
        note: REQUEUED_NOTE,
      })
      .where(and(inArray(jobs.claim, claims), eq(jobs.status, "running")))
      .returning();
    for (const row of back) await tell(row);
    if (back.length > 0)
      log.info({ event: "jobs.handed_back", count: back.length }, "unfinished jobs handed back");
    return { handedBack: back.length };
  }
}

const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));
