// Background imports on the job queue: two queues on one database stand for two processes, with the
// upload in storage both can read. The process that received the file need not be the one importing.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client";
import { conversations, jobs, user } from "../../db/schema";
import { createJobQueue, type JobQueue } from "../../jobs/queue";
import { createLogger } from "../../lib/logger";
import { createLocalStorage } from "../../providers/storage/storage";
import { createDatabaseBus } from "../../streams/bus";
import { openTestDatabase } from "../../test/test-database";
import { IMPORT_JOB, getImportJob, importJobKind, queueImport } from "./import-jobs";
import { foreignFile } from "./read-conversations";

const fixture = join(import.meta.dirname, "fixtures", "chatgpt-conversations.json");
const logger = createLogger("silent");

let database: DatabaseHandle;
let root: string;
const open: JobQueue[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  root = mkdtempSync(join(tmpdir(), "import-job-"));
});
afterEach(async () => {
  for (const q of open.splice(0)) await q.close();
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

const storage = () => createLocalStorage(join(root, "files"));

async function newOwner() {
  const id = randomUUID();
  await database.db.insert(user).values({ id, name: "Ada", email: `${id}@example.com` });
  return id;
}

/** A process: its own DATA_DIR, the shared database and storage; `imports` whether it takes imports. */
async function processWith(imports: boolean) {
  const q = createJobQueue({
    db: database.db,
    bus: createDatabaseBus(database),
    logger,
    leaseMs: 60_000,
    pollMs: 100,
    soleProcess: false,
  });
  open.push(q);
  await q.start();
  const dataDir = mkdtempSync(join(root, "data-"));
  if (imports) q.define(importJobKind({ db: database.db, storage: storage(), logger, dataDir }));
  return q;
}

const spooled = (path: string, bytes: number) => ({ path, bytes, remove: () => Promise.resolve() });
const conversationsOf = async (ownerId: string) =>
  database.db.select().from(conversations).where(eq(conversations.userId, ownerId));
const uploadsLeft = async () => readdir(join(root, "files", "private", "imports")).catch(() => []);

describe("a background import on the job queue", () => {
  it("is taken by another process, which reads the upload from storage and drops it after", async () => {
    const owner = await newOwner();
    const received = await processWith(false);
    const worker = await processWith(true);
    const { size } = statSync(fixture);
    const id = await queueImport({ storage: storage(), jobs: received }, owner, spooled(fixture, size));
    expect(await uploadsLeft()).toHaveLength(1);
    expect(await worker.waitFor(id)).toMatchObject({ status: "succeeded", progress: 100 });
    expect(await conversationsOf(owner)).toHaveLength(2);
    expect(await getImportJob(database.db, owner, id)).toMatchObject({
      status: "done",
      imported: 2,
      result: { format: "chatgpt", imported: 2 },
      error: null,
    });
    expect(await uploadsLeft()).toHaveLength(0);
    // Someone else's job, or a job of another kind, is not an import they can see.
    await expect(getImportJob(database.db, await newOwner(), id)).rejects.toThrow("Import not found.");
  });

  it("goes on where a try cut short stopped, writing nothing twice", async () => {
    const owner = await newOwner();
    const key = `private/imports/${randomUUID()}.bin`;
    const bytes = readFileSync(fixture);
    await storage().put(key, bytes, "application/octet-stream");
    // As the sweep leaves it: queued again, with what the first try had written kept in its result.
    const [row] = await database.db
      .insert(jobs)
      .values({
        kind: IMPORT_JOB,
        ownerId: owner,
        payload: { key, bytes: bytes.length },
        attempts: 1,
        maxAttempts: 2,
        result: { imported: 1 },
      })
      .returning();
    const worker = await processWith(true);
    expect(await worker.waitFor(row!.id)).toMatchObject({ status: "succeeded" });
    const written = await conversationsOf(owner);
    expect(written).toHaveLength(1);
    expect(await getImportJob(database.db, owner, row!.id)).toMatchObject({
      status: "done",
      result: { imported: 2 },
    });
  });

  it("fails a foreign file at once with the reason, and keeps nothing", async () => {
    const owner = await newOwner();
    const path = join(root, "foreign.json");
    writeFileSync(path, JSON.stringify({ hello: "world" }));
    const worker = await processWith(true);
    const id = await queueImport({ storage: storage(), jobs: worker }, owner, spooled(path, 17));
    const ended = await worker.waitFor(id);
    expect(ended).toMatchObject({ status: "failed", attempts: 1 });
    const job = await getImportJob(database.db, owner, id);
    expect(job.status).toBe("failed");
    expect(job.error).toBe(foreignFile().message);
    expect(await conversationsOf(owner)).toHaveLength(0);
    expect(await uploadsLeft()).toHaveLength(0);
  });
});
