// The job queue on the test database (PGlite, and PostgreSQL when the postgres project runs): two
// queues on one database stand for two processes. A process "dies" here by losing its row the way a
// dead one does: its lease runs out and its claim no longer answers, so nothing it writes counts.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { jobs, user } from "../db/schema";
import { createLogger } from "../lib/logger";
import { createDatabaseBus } from "../streams/bus";
import { eventually } from "../test/test-app";
import { openTestDatabase } from "../test/test-database";
import {
  DIED_REASON,
  KEEP_ENDED_DAYS,
  REQUEUED_NOTE,
  createJobQueue,
  type JobKind,
  type JobNotice,
  type JobQueue,
} from "./queue";

let database: DatabaseHandle;
let ownerId: string;
const open: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  ownerId = randomUUID();
  await database.db.insert(user).values({ id: ownerId, name: "Jo", email: `${ownerId}@example.com` });
});
afterEach(async () => {
  for (const q of open.splice(0)) await q.close();
  await database.db.delete(jobs);
});
afterAll(() => database.close());

async function queue(): Promise<JobQueue> {
  const q = createJobQueue({
    db: database.db,
    bus: createDatabaseBus(database),
    logger: createLogger("silent"),
    leaseMs: 60_000,
    pollMs: 100,
    soleProcess: false,
  });
  open.push(q);
  await q.start();
  return q;
}

/** A gate a job waits at until the test opens it (or the job's signal aborts). */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((r) => (open = r));
  const wait = (signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      void opened.then(resolve);
      void aborted(signal).then(() => reject(new Error("aborted")));
    });
  return { open, wait };
}

/** Resolves once `signal` aborts (at once when it already has). */
const aborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener("abort", () => resolve(), { once: true });
  });

const row = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

/** What a dead process leaves: a lease that ran out, on a claim nobody holds. */
const die = (id: string) =>
  database.db
    .update(jobs)
    .set({ claim: randomUUID(), leaseUntil: sql`now() - interval '1 second'` })
    .where(eq(jobs.id, id));

describe("the job queue", () => {
  it("runs a job in a process with room, its progress on the row and told as it moves", async () => {
    const g = gate();
    const q = await queue();
    q.define({
      kind: "count",
      maxAttempts: 1,
      concurrency: 1,
      failureMessage: "Counting failed.",
      async run(job) {
        await job.progress(40, "Halfway");
        await g.wait(job.signal);
        return { counted: (job.payload as { to: number }).to };
      },
    });
    const job = await q.enqueue({ kind: "count", ownerId, payload: { to: 3 } });
    expect(job).toMatchObject({ status: "queued", progress: 0 });
    const heard: JobNotice[] = [];
    const unfollow = q.follow(job!.id, (n) => heard.push(n));
    await eventually(
      () => q.get(job!.id, ownerId),
      (j) => j?.progress === 40,
    );
    expect(await q.get(job!.id, ownerId)).toMatchObject({ status: "running", note: "Halfway", attempts: 1 });
    // Someone else's job is not theirs to read.
    expect(await q.get(job!.id, randomUUID())).toBeNull();
    g.open();
    const done = await q.waitFor(job!.id);
    unfollow();
    expect(done).toMatchObject({ status: "succeeded", progress: 100, result: { counted: 3 } });
    expect(heard.map((n) => [n.status, n.progress])).toContainEqual(["running", 40]);
    expect(heard.at(-1)).toMatchObject({ status: "succeeded" });
  });

  it("never lets two processes take one job (FOR UPDATE SKIP LOCKED), each up to its limit", async () => {
    const g = gate();
    const taken: { by: string; id: string }[] = [];
    const kind = (by: string): JobKind => ({
      kind: "slow",
      maxAttempts: 1,
      concurrency: 3,
      failureMessage: "Slow failed.",
      async run(job) {
        taken.push({ by, id: job.id });
        await g.wait(job.signal);
      },
    });
    const a = await queue();
    const b = await queue();
    // Queued before either process runs the kind, then both reach for them at once.
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push((await a.enqueue({ kind: "slow", ownerId, payload: { i } }))!.id);
    a.define(kind("a"));
    b.define(kind("b"));
    await eventually(
      () => Promise.resolve(taken.length),
      (n) => n === 6,
    );
    expect(new Set(taken.map((t) => t.id))).toEqual(new Set(ids));
    expect(taken.filter((t) => t.by === "a")).toHaveLength(3);
    expect(taken.filter((t) => t.by === "b")).toHaveLength(3);
    g.open();
    for (const id of ids) expect((await a.waitFor(id)).status).toBe("succeeded");
    expect(taken).toHaveLength(6);
  });

  it("queues a job again when its process died, then closes it with the reason once no try is left", async () => {
    const failed: { id: string; reason: string }[] = [];
    const tries: string[] = [];
    const hanging = (by: string): JobKind => ({
      kind: "hang",
      maxAttempts: 2,
      concurrency: 1,
      failureMessage: "Hang failed.",
      async run(job) {
        tries.push(by);
        await job.progress(25, `On ${by}`);
        await aborted(job.signal);
        throw new Error("gone");
      },
      async onFailed(job, reason) {
        failed.push({ id: job.id, reason });
        await Promise.resolve();
      },
    });
    const a = await queue();
    a.define(hanging("a"));
    const job = (await a.enqueue({ kind: "hang", ownerId, payload: {} }))!;
    await eventually(
      () => row(job.id),
      (r) => r.progress === 25,
    );
    await die(job.id);
    // The dead try's writes no longer count: its claim is gone.
    const b = await queue();
    b.define(hanging("b"));
    await eventually(
      () => row(job.id),
      (r) => r.attempts === 2 && r.note === "On b",
    );
    expect(tries).toEqual(["a", "b"]);
    await die(job.id);
    expect(await b.sweep()).toEqual({ requeued: 0, failed: 1 });
    expect(await row(job.id)).toMatchObject({
      status: "failed",
      error: DIED_REASON,
      errorCode: "UNAVAILABLE",
    });
    expect(failed).toEqual([{ id: job.id, reason: DIED_REASON }]);
    expect(await b.waitFor(job.id)).toMatchObject({ status: "failed", error: DIED_REASON });
  });

  it("closes a job whose own code fails, at once and with its reason, not tried again", async () => {
    const q = await queue();
    let tries = 0;
    q.define({
      kind: "broken",
      maxAttempts: 3,
      concurrency: 1,
      failureMessage: "Something broke.",
      run() {
        tries++;
        return Promise.reject(new Error("secret internals"));
      },
    });
    const job = (await q.enqueue({ kind: "broken", ownerId, payload: {} }))!;
    expect(await q.waitFor(job.id)).toMatchObject({
      status: "failed",
      error: "Something broke.",
      errorCode: "INTERNAL",
    });
    expect(tries).toBe(1);
  });

  it("hands unfinished jobs back on shutdown, for another process to run from the start", async () => {
    const a = await queue();
    const stopped: string[] = [];
    a.define({
      kind: "long",
      maxAttempts: 1,
      concurrency: 1,
      failureMessage: "Long failed.",
      async run(job) {
        await job.progress(60, "Most of the way");
        await aborted(job.signal);
        stopped.push(job.id);
        throw new Error("shutting down");
      },
    });
    const job = (await a.enqueue({ kind: "long", ownerId, payload: {} }))!;
    await eventually(
      () => row(job.id),
      (r) => r.progress === 60,
    );
    expect(await a.shutdown(1_000)).toEqual({ handedBack: 1 });
    expect(stopped).toEqual([job.id]);
    // Not counted as a try, so a kind of one try runs it again.
    expect(await row(job.id)).toMatchObject({
      status: "queued",
      attempts: 0,
      progress: 0,
      note: REQUEUED_NOTE,
      claim: null,
    });
    const b = await queue();
    b.define({
      kind: "long",
      maxAttempts: 1,
      concurrency: 1,
      failureMessage: "x",
      run: () => Promise.resolve({ on: "b" }),
    });
    expect(await b.waitFor(job.id)).toMatchObject({ status: "succeeded", result: { on: "b" }, attempts: 1 });
  });

  it("drops ended jobs a week after they ended, and keeps the rest", async () => {
    const ended = (days: number) => sql`now() - ${days} * interval '1 day'`;
    const [old, recent, open] = await database.db
      .insert(jobs)
      .values([
        { kind: "old", ownerId, status: "succeeded", finishedAt: ended(KEEP_ENDED_DAYS + 1) },
        { kind: "old", ownerId, status: "failed", finishedAt: ended(1) },
        { kind: "old", ownerId, status: "queued" },
      ])
      .returning();
    const q = await queue();
    q.define({
      kind: "other",
      maxAttempts: 1,
      concurrency: 1,
      failureMessage: "x",
      run: () => Promise.resolve(),
    });
    await q.sweep();
    const left = (await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort();
    expect(left).toEqual([recent!.id, open!.id].sort());
    expect(left).not.toContain(old!.id);
  });

  it("keeps one open job per exclusive key, in every process", async () => {
    const g = gate();
    const a = await queue();
    const b = await queue();
    const kind: JobKind = {
      kind: "solo",
      maxAttempts: 1,
      concurrency: 2,
      failureMessage: "x",
      run: (job) => g.wait(job.signal),
    };
    a.define(kind);
    const first = await a.enqueue({ kind: "solo", ownerId, payload: {}, exclusiveKey: "solo:jo" });
    expect(first).not.toBeNull();
    expect(await b.enqueue({ kind: "solo", ownerId, payload: {}, exclusiveKey: "solo:jo" })).toBeNull();
    g.open();
    await a.waitFor(first!.id);
    expect(await b.enqueue({ kind: "solo", ownerId, payload: {}, exclusiveKey: "solo:jo" })).not.toBeNull();
  });
});
