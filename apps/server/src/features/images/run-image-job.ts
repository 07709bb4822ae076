// One generation job, run in the background after the request has been answered: pending →
// generating (as the provider is contacted) → completed (image stored, its size and time) or failed
// (with the reason in words fit to show). Every path ends the row; the job never throws.
import { randomBytes } from "node:crypto";
import type { ImageAspectRatio } from "@tessera/contracts";
import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client";
import { generatedImages } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import { sniffImage } from "../../lib/sniff";
import { imageSize } from "../../providers/images/image-size";
import { ImageProviderError, type ImageProvider } from "../../providers/images/types";
import type { Storage } from "../../providers/storage/storage";

export interface JobDeps {
  db: Database;
  storage: Storage;
  logger: Logger;
  timeoutMs: number;
}

export interface ImageJob {
  id: string;
  prompt: string;
  aspectRatio: ImageAspectRatio;
  model: string;
  provider: ImageProvider;
}

const unfinished = (id: string) =>
  and(eq(generatedImages.id, id), inArray(generatedImages.status, ["pending", "generating"]));

export async function runImageJob(deps: JobDeps, job: ImageJob): Promise<void> {
  const started = performance.now();
  const seconds = () => Math.round((performance.now() - started) / 10) / 100;
  const signal = AbortSignal.timeout(deps.timeoutMs);
  const log = deps.logger.child({ imageId: job.id, model: job.model });
  let storedKey: string | null = null;
  try {
    await deps.db.update(generatedImages).set({ status: "generating" }).where(unfinished(job.id));
    const result = await job.provider.generate({ prompt: job.prompt, aspectRatio: job.aspectRatio, signal });
    const type = sniffImage(result.bytes);
    if (!type)
      throw new ImageProviderError(
        job.provider.id,
        null,
        "The image provider sent something that is not an image.",
      );
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
      return;
    }
    log.info(
      { event: "image.job.completed", seconds: seconds(), bytes: result.bytes.byteLength },
      "image ready",
    );
  } catch (err) {
    const reason = failureReason(err, signal, deps.timeoutMs);
    if (err instanceof ImageProviderError)
      log.warn({ event: "image.job.failed", reason, status: err.status }, reason);
    else log.error({ event: "image.job.failed", err }, "image job failed");
    if (storedKey) await deps.storage.remove(storedKey).catch(() => undefined);
    await deps.db
      .update(generatedImages)
      .set({ status: "failed", error: reason, generationTime: seconds() })
      .where(unfinished(job.id))
      .catch((dbErr: unknown) =>
        log.error({ event: "image.job.unrecorded", err: dbErr }, "could not record the failed image job"),
      );
  }
}

function failureReason(err: unknown, signal: AbortSignal, timeoutMs: number): string {
  if (signal.aborted)
    return `The image provider did not finish within ${Math.round(timeoutMs / 1000)} seconds.`;
  if (err instanceof ImageProviderError) return err.message;
  return "Something went wrong while making the image. Try again.";
}
