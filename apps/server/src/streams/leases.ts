// A process's lease on the durable answers it writes. Each process has a writer id, stored on every
// answer it starts (`writer_id`), and a row in answer_writers whose `lease_until` it moves forward
// every few seconds. An answer is orphaned only when its writer's lease has run out (the process
// died, or lost the database for longer than a lease): the sweep, run by every process on a timer,
// closes those and nothing else, so starting or stopping one process never touches another's answers.
// Times are the database's (`now()`), so the processes' clocks need not agree.
//
// PGlite lives inside one process, so no other writer can be alive when it opens: at start every
// other writer's lease is ended at once, and what they left is swept before anything is served.
import { hostname } from "node:os";
import { randomUUID } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Database } from "../db/client";
import { answerWriters } from "../db/schema";

/** How long a lease lasts unless renewed (STREAM_LEASE_MS). */
export const DEFAULT_LEASE_MS = 30_000;
/** A lease is renewed six times in its length: five renewals in a row can fail before it runs out. */
export const renewEveryMs = (leaseMs: number) => Math.max(250, Math.floor(leaseMs / 6));
/** Every process sweeps three times a lease (with a little jitter, so they do not all sweep at once). */
export const sweepEveryMs = (leaseMs: number) => Math.max(500, Math.floor(leaseMs / 3));
/**
 * An answer with no writer (stored by a release before leases) is orphaned only by age: past the
 * longest an answer may run (LLM_STREAM_TIMEOUT_MS) and this much more. So is one whose writer is
 * alive but whose final write failed for good (the database stayed away past its retries).
 */
export const AGE_MARGIN_MS = 5 * 60_000;

export interface WriterLease {
  readonly id: string;
  /** Takes the lease (and on PGlite ends every other); renewals start. */
  start(): Promise<void>;
  /** Gives the lease up at once (a shutdown whose answers are all closed). */
  release(): Promise<void>;
  /** Stops renewing; the lease then runs out by itself. */
  stop(): void;
}

export function createWriterLease(deps: {
  db: Database;
  leaseMs: number;
  /** PGlite: this process is the database's only one. */
  soleProcess: boolean;
  onRenewFailed(err: unknown): void;
  onRenewed(): void;
}): WriterLease {
  const id = randomUUID();
  const label = `${hostname()}:${process.pid}`;
  let timer: NodeJS.Timeout | undefined;
  let failing = false;
  const renew = () =>
    deps.db
      .insert(answerWriters)
      .values({ id, process: label, leaseUntil: sql`now() + ${deps.leaseMs} * interval '1 millisecond'` })
      .onConflictDoUpdate({
        target: answerWriters.id,
        set: { leaseUntil: sql`excluded.lease_until` },
      });
  return {
    id,
    async start() {
      if (deps.soleProcess) await deps.db.delete(answerWriters);
      await renew();
      timer = setInterval(() => {
        renew().then(
          () => {
            if (failing) deps.onRenewed();
            failing = false;
          },
          (err: unknown) => {
            if (!failing) deps.onRenewFailed(err);
            failing = true;
          },
        );
      }, renewEveryMs(deps.leaseMs));
      timer.unref();
    },
    async release() {
      clearInterval(timer);
      await deps.db.delete(answerWriters).where(sql`${answerWriters.id} = ${id}`);
    },
    stop() {
      clearInterval(timer);
    },
  };
}

/**
 * Which rows the sweep may close, given their writer column and when they began (or last moved):
 * `expired` (the timer's sweep) those whose writer's lease has run out, or that are older than any
 * answer can run; `allButMine` (a PGlite start) every one this process did not start.
 */
export type Orphaned = (writer: AnyPgColumn, since: AnyPgColumn) => SQL;

export function orphanedRows(scope: {
  me: string;
  maxAgeMs: number;
  allButMine: boolean;
  /** This process's own answers count as orphaned too (a test of what its death leaves). */
  mineGone?: boolean;
}): Orphaned {
  if (scope.allButMine) return (writer) => sql`(${writer} is null or ${writer} <> ${scope.me}::uuid)`;
  return (writer, since) => {
    const expired = sql`not exists (
      select 1 from ${answerWriters} w where w.id = ${writer} and w.lease_until > now()
    )`;
    const gone = scope.mineGone ? sql`(${writer} = ${scope.me}::uuid or ${expired})` : expired;
    return sql`((${writer} is not null and ${gone}) or ${since} < now() - ${scope.maxAgeMs} * interval '1 millisecond')`;
  };
}

/** Forgets writers whose lease ran out (their answers were swept before, or are now). */
export const dropExpiredWriters = (db: Database) =>
  db.delete(answerWriters).where(sql`${answerWriters.leaseUntil} < now() - interval '1 hour'`);
