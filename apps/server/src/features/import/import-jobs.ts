// Background imports on the job queue: the upload waits in storage under private/, so whichever
// process takes the job reads it, and a try cut short by a restart goes on where it stopped.
import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { ImportJob, ImportResult } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { jobs } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { PRIVATE_PREFIX, type Storage } from "../../providers/storage/storage";
import { JobFailure, type JobKind, type JobQueue } from "../../jobs/queue";
import { previewImport, writeImport, type Progress } from "./run-import";
import type { Spooled } from "./spool-upload";

export const IMPORT_JOB = "conversation-import";
export const IMPORT_FAILED = "The import failed. Check your chats, then try again.";

interface ImportPayload {
  key: string;
  bytes: number;
}
interface ImportSofar {
  imported?: number;
}

export interface ImportJobDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
  dataDir: string;
}

/** Checks the whole file (0–50 %), then writes it (50–100 %); progress is stored at most every 2 %. */
export function importJobKind(deps: ImportJobDeps): JobKind<ImportPayload> {
  const forget = (key: string) =>
    deps.storage
      .remove(key)
      .catch((err: unknown) =>
        deps.logger.warn({ event: "import.upload_remove_failed", key, err }, "import upload left in storage"),
      );
  return {
    kind: IMPORT_JOB,
    // A second try passes over what the first wrote (the count kept with its progress).
    maxAttempts: 2,
    concurrency: 1,
    failureMessage: IMPORT_FAILED,
    async run(job) {
      const dir = join(deps.dataDir, "imports");
      await mkdir(dir, { recursive: true });
      const path = join(dir, `${job.id}.job`);
      const skip = (job.sofar as ImportSofar | null)?.imported ?? 0;
      let imported = skip;
      let shown = 0;
      const progress =
        (base: number, note: string): Progress =>
        async (fraction) => {
          const percent = Math.floor(base + fraction * 50);
          if (percent - shown < 2) return;
          shown = percent;
          await job.progress(percent, note, { imported });
        };
      try {
        await deps.storage.getFile(job.payload.key, path);
        const file = { path, bytes: job.payload.bytes };
        const result = await (async () => {
          try {
            await previewImport(file, progress(0, "Checking the file"));
            shown = 50;
            await job.progress(50, "Importing", { imported });
            return await writeImport(deps.db, job.ownerId, file, {
              progress: progress(50, "Importing"),
              written: async (n) => {
                imported = n;
                await job.progress(shown, "Importing", { imported });
              },
              skip,
              signal: job.signal,
            });
          } catch (err) {
            // The file's fault (foreign, malformed): said as it is, and not tried again.
            if (err instanceof AppError && err.status < 500) throw new JobFailure(err.message, err.code);
            throw err;
          }
        })();
        deps.logger.info({ event: "import.done", jobId: job.id, imported: result.imported }, "import done");
        await forget(job.payload.key);
        return { ...result };
      } catch (err) {
        if (err instanceof JobFailure) await forget(job.payload.key);
        else if (!job.signal.aborted)
          deps.logger.warn({ event: "import.failed", jobId: job.id, err }, "import failed");
        throw err;
      } finally {
        await rm(path, { force: true });
      }
    },
    async onFailed(row) {
      await forget((row.payload as unknown as ImportPayload).key);
    },
  };
}

/** Puts the spooled upload where any process can read it, then queues its import. */
export async function queueImport(
  deps: { storage: Storage; jobs: JobQueue },
  userId: string,
  file: Spooled,
): Promise<string> {
  const id = randomUUID();
  const key = `${PRIVATE_PREFIX}imports/${id}.bin`;
  await deps.storage.putFile(key, file.path, "application/octet-stream");
  const payload: ImportPayload = { key, bytes: file.bytes };
  await deps.jobs.enqueue({ id, kind: IMPORT_JOB, ownerId: userId, payload: { ...payload } });
  return id;
}

/** The import job as the page follows it; someone else's, or another kind of job, is not found. */
export async function getImportJob(db: Database, userId: string, id: string): Promise<ImportJob> {
  const [row] = await db
    .select()
    .from(jobs)
    .where(and(eq(jobs.id, id), eq(jobs.ownerId, userId), eq(jobs.kind, IMPORT_JOB)));
  if (!row) throw notFound("Import not found.");
  const sofar = (row.result as (ImportSofar & Partial<ImportResult>) | null) ?? {};
  const status: ImportJob["status"] =
    row.status === "succeeded"
      ? "done"
      : row.status === "failed"
        ? "failed"
        : row.progress >= 50
          ? "importing"
          : "checking";
  return {
    id: row.id,
    status,
    progress: row.progress,
    imported: sofar.imported ?? 0,
    result: status === "done" ? (sofar as ImportResult) : null,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    updated_at: (row.finishedAt ?? row.startedAt ?? row.createdAt).toISOString(),
  };
}
