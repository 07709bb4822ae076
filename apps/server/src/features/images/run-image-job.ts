// One generation job, run by whichever process takes it from the queue (jobs/): pending → generating
// (as the provider is contacted) → completed (image stored, its size and time) or failed (with the
// reason in words fit to show). The job's id is the image's. A try cut short by a shutdown leaves the
// row generating for the next try; a try whose process died is closed by the queue (`onFailed`).
import { randomBytes } from "node:crypto";
import { type ImageAspectRatio, JOB_FAILURE_MESSAGES } from "@tessera/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImages } from "../../db/schema";
import { JobFailure, type JobKind, type RunningJob } from "../../jobs/queue";
import type { Logger } from "../../lib/logger";
import { sniffImage } from "../../lib/sniff";
import { imageSize } from "../../providers/images/image-size";
import type { ImageRegistry } from "../../providers/images/registry";
import { ImageProviderError } from "../../providers/images/types";
import type { Storage } from "../../providers/storage/storage";

export interface JobDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
  timeoutMs: number;
}

/** What an image job carries on its row. */
export interface ImageJobPayload {
  prompt: string;
  aspectRatio: ImageAspectRatio;
  model: string;
}

export const IMAGE_JOB = "image";

const unfinished = (id: string) =>
  and(eq(generatedImages.id, id), inArray(generatedImages.status, ["pending", "generating"]));

const GENERIC_REASON = JOB_FAILURE_MESSAGES.imageFailed;

export function imageJobKind(deps: JobDeps & { registry: ImageRegistry }): JobKind<ImageJobPayload> {
  return {
    kind: IMAGE_JOB,
    // A try whose process died is made once more; a provider's refusal is final.
    maxAttempts: 2,
    concurrency: 4,
    failureMessage: GENERIC_REASON,
    run: (job) => runImageJob(deps, job),
    async onFailed(row, reason) {
      await deps.db
        .update(generatedImages)
        .set({ status: "failed", error: reason })
        .where(unfinished(row.id));
    },
  };
}

export async function runImageJob(
  deps: JobDeps & { registry: ImageRegistry },
  job: RunningJob<ImageJobPayload>,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;
  const timeout = AbortSignal.timeout(deps.timeoutMs);
  const signal = AbortSignal.any([timeout, job.signal]);
  const { prompt, aspectRatio, model: modelId } = job.payload;
  const log = deps.logger.child({ imageId: job.id, model: modelId, attempt: job.attempt });
  let storedKey: string | null = null;
  try {
    const model = deps.registry.resolve(modelId);
    if (!model.ok) throw new JobFailure(model.message);
    const moved = await deps.db
      .update(generatedImages)
      .set({ status: "generating" })
      .where(unfinished(job.id))
      .returning({ id: generatedImages.id });
    if (moved.length === 0) return { discarded: true };
    await job.progress(10, "Drawing the image");
    const result = await model.provider.generate({ prompt, aspectRatio, signal });
    const type = sniffImage(result.bytes);
    if (!type)
      throw new ImageProviderError(
        model.provider.id,
        null,
        "The image provider sent something that is not an image.",
      );
    await job.progress(80, "Storing the image");
    const size = imageSize(result.bytes) ?? { width: result.width, height: result.height };
    storedKey = `generated-images/${Date.now()}-${randomBytes(8).toString("hex")}.${type.ext}`;
    await deps.storage.put(storedKey, result.bytes, type.mime);
    const done = await deps.db
      .update(generatedImages)
      .set({
        status: "completed",
        storageKey: storedKey,
        contentType: type.mime,
        generationTime: seconds(),
        width: size.width,
        height: size.height,
        error: null,
      })
      .where(unfinished(job.id))
      .returning({ id: generatedImages.id });
    if (done.length === 0) {
      // Deleted (or expired) while it was drawn: nobody will ever see this file.
      await deps.storage.remove(storedKey);
      log.info({ event: "image.job.discarded" }, "image job finished for a row that is gone");
      return { discarded: true };
    }
    log.info(
      { event: "image.job.completed", seconds: seconds(), bytes: result.bytes.byteLength },
      "image ready",
    );
    return { imageId: job.id };
  } catch (err) {
    if (storedKey) await deps.storage.remove(storedKey).catch(() => undefined);
    // Cut short by a shutdown (or the row is no longer this try's): the next try draws it.
    if (job.signal.aborted) throw err;
    const reason = failureReason(err, timeout, deps.timeoutMs);
    if (err instanceof ImageProviderError)
      log.warn({ event: "image.job.failed", reason, status: err.status }, reason);
    else if (!(err instanceof JobFailure)) log.error({ event: "image.job.failed", err }, "image job failed");
    await deps.db
      .update(generatedImages)
      .set({ status: "failed", error: reason, generationTime: seconds() })
      .where(unfinished(job.id))
      .catch((dbErr: unknown) =>
        log.error({ event: "image.job.unrecorded", err: dbErr }, "could not record the failed image job"),
      );
    throw new JobFailure(reason);
  }
}

function failureReason(err: unknown, timeout: AbortSignal, timeoutMs: number): string {
  if (timeout.aborted)
    return JOB_FAILURE_MESSAGES.imageTimeout.replace("{{seconds}}", String(Math.round(timeoutMs / 1000)));
  if (err instanceof ImageProviderError || err instanceof JobFailure) return err.message;
  return GENERIC_REASON;
}
