// POST /api/conversations/import (?preview=1) and GET /api/conversations/import/:jobId. The file is
// spooled to disk as it arrives, read in two streamed passes (count, then write), and deleted after.
import { join } from "node:path";
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, importQuerySchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limiter";
import { parseWith } from "../../lib/validate";
import { createImportJob, getImportJob, updateImportJob } from "./import-jobs";
import { previewImport, writeImport } from "./run-import";
import { spoolUpload, sweepLeftUploads, type Spooled } from "./spool-upload";

export interface ImportDeps {
  db: Database;
  limiter: RateLimiter;
  logger: Logger;
  dataDir: string;
  /** Files larger than this import in the background (202 and a job). */
  backgroundAboveBytes?: number;
  /** Imports and previews a person may start an hour. */
  perHour?: number;
}

const jobParam = z.object({ jobId: z.string().uuid("not an import job id") });
export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_MAX_MB} MB.`;

export function importRoutes(deps: ImportDeps) {
  const { db, logger } = deps;
  const backgroundAbove = deps.backgroundAboveBytes ?? 5 * 1024 * 1024;
  return new Hono<AppEnv>()
    .post("/", async (c) => {
      const userId = c.get("session").user.id;
      const { preview } = parseWith(importQuerySchema, c.req.query());
      await enforceLimit(
        deps.limiter,
        `import:${userId}`,
        { windowMs: 3_600_000, max: deps.perHour ?? 30 },
        (wait) => `Too many imports. Try again in ${Math.ceil(wait / 60)} min.`,
      );
      const length = Number(c.req.header("content-length") ?? 0);
      if (length > IMPORT_MAX_BYTES + 64 * 1024) throw new AppError("PAYLOAD_TOO_LARGE", IMPORT_TOO_LARGE);
      const dir = join(deps.dataDir, "imports");
      await sweepLeftUploads(dir);
      const file = await spoolUpload(
        c.req.raw.body,
        c.req.header("content-type") ?? "",
        dir,
        IMPORT_MAX_BYTES,
        IMPORT_TOO_LARGE,
      );
      if (preview || file.bytes <= backgroundAbove) {
        try {
          const counted = await previewImport(file);
          if (preview) return c.json(counted);
          return c.json(await writeImport(db, userId, file));
        } finally {
          await file.remove();
        }
      }
      const jobId = await createImportJob(db, userId);
      void runInBackground(db, logger, userId, jobId, file);
      return c.json({ jobId }, 202);
    })
    .get("/:jobId", async (c) =>
      c.json(await getImportJob(db, c.get("session").user.id, parseWith(jobParam, c.req.param()).jobId)),
    );
}

/** Checks the whole file (0–50 %), then writes it (50–100 %); progress is stored at most every 2 %. */
async function runInBackground(db: Database, logger: Logger, userId: string, jobId: string, file: Spooled) {
  let shown = 0;
  const progress = (base: number) => async (fraction: number) => {
    const percent = Math.floor(base + fraction * 50);
    if (percent - shown < 2) return;
    shown = percent;
    await updateImportJob(db, jobId, { progress: percent });
  };
  try {
    await previewImport(file, progress(0));
    await updateImportJob(db, jobId, { status: "importing", progress: 50 });
    shown = 50;
    const result = await writeImport(db, userId, file, {
      progress: progress(50),
      written: (imported) => updateImportJob(db, jobId, { imported }),
    });
    await updateImportJob(db, jobId, { status: "done", progress: 100, imported: result.imported, result });
    logger.info({ event: "import.done", jobId, imported: result.imported }, "import done");
  } catch (err) {
    const message =
      err instanceof AppError && err.status < 500
        ? err.message
        : "The import failed. Check your chats, then try again.";
    logger.warn({ event: "import.failed", jobId, err }, "import failed");
    await updateImportJob(db, jobId, { status: "failed", error: message }).catch((e: unknown) =>
      logger.error({ event: "import.job_update_failed", jobId, err: e }, "import job update failed"),
    );
  } finally {
    await file.remove();
  }
}
