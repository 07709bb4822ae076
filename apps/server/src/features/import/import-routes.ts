// POST /api/conversations/import (?preview=1) and GET /api/conversations/import/:jobId. The file is
// spooled to disk as it arrives and read in two streamed passes (count, then write); a large one is
// handed to the job queue (import-jobs.ts).
import { join } from "node:path";
import { IMPORT_MAX_BYTES, IMPORT_MAX_MB, importQuerySchema } from "@tessera/contracts";
import { Hono } from "hono";
import { z } from "zod";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import type { JobQueue } from "../../jobs/queue";
import type { Logger } from "../../lib/logger";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limiter";
import { parseWith } from "../../lib/validate";
import type { Storage } from "../../providers/storage/storage";
import { getImportJob, importJobKind, queueImport } from "./import-jobs";
import { previewImport, writeImport } from "./run-import";
import { spoolUpload, sweepLeftUploads } from "./spool-upload";

export interface ImportDeps {
  db: Database;
  limiter: RateLimiter;
  logger: Logger;
  dataDir: string;
  storage: Storage;
  jobs: JobQueue;
  /** Files larger than this import in the background (202 and a job). */
  backgroundAboveBytes?: number;
  /** Imports and previews a person may start an hour. */
  perHour?: number;
}

const jobParam = z.object({ jobId: z.string().uuid("not an import job id") });
export const IMPORT_TOO_LARGE = `The file is larger than ${IMPORT_MAX_MB} MB.`;

export function importRoutes(deps: ImportDeps) {
  const { db } = deps;
  deps.jobs.define(importJobKind(deps));
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
      try {
        if (preview || file.bytes <= backgroundAbove) {
          const counted = await previewImport(file);
          if (preview) return c.json(counted);
          return c.json(await writeImport(db, userId, file));
        }
        return c.json({ jobId: await queueImport(deps, userId, file) }, 202);
      } finally {
        await file.remove();
      }
    })
    .get("/:jobId", async (c) =>
      c.json(await getImportJob(db, c.get("session").user.id, parseWith(jobParam, c.req.param()).jobId)),
    );
}
