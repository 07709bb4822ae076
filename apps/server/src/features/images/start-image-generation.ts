// Starting a generation: the model must exist and be available here, the month's allowance must have
// room (reserveImages counts and inserts the pending row under the plan's lock), then the image's job
// is queued (its id the image's) for whichever process takes it, and the caller gets the pending row
// at once. `job` settles when the image has ended, in whichever process drew it.
import { normaliseImageModel, type GeneratedImage, type ImageAspectRatio } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { reserveImages } from "../../billing/plans";
import { generatedImages } from "../../db/schema";
import type { JobQueue } from "../../jobs/queue";
import { AppError } from "../../lib/errors";
import type { ImageRegistry } from "../../providers/images/registry";
import { toGeneratedImage } from "./image-view";
import { IMAGE_JOB, runImageJob, type ImageJobPayload, type JobDeps } from "./run-image-job";

export interface StartDeps extends JobDeps {
  registry: ImageRegistry;
  /**
   * The queue the job goes on. Without it (a caller that has none at hand) the job runs in this
   * process alone, as before the queue, and does not survive the process.
   */
  jobs?: JobQueue;
}

export async function startImageGeneration(
  deps: StartDeps,
  userId: string,
  input: { prompt: string; model?: string; aspect_ratio: ImageAspectRatio },
  /** `follow: false`: the caller will not wait (the route), so `job` settles at once. */
  opts: { follow?: boolean } = {},
): Promise<{ image: GeneratedImage; job: Promise<void> }> {
  const modelId = normaliseImageModel(input.model ?? deps.registry.defaultModel());
  const model = deps.registry.resolve(modelId);
  if (!model.ok)
    throw new AppError(model.reason === "unknown" ? "BAD_REQUEST" : "UNAVAILABLE", model.message);

  const [id] = await reserveImages(deps.db, userId, [
    { prompt: input.prompt, model: model.id, aspectRatio: input.aspect_ratio },
  ]);
  const [row] = await deps.db.select().from(generatedImages).where(eq(generatedImages.id, id!));
  const payload: ImageJobPayload = { prompt: input.prompt, aspectRatio: input.aspect_ratio, model: model.id };
  let job: Promise<void>;
  if (deps.jobs) {
    const queue = deps.jobs;
    await queue.enqueue({ kind: IMAGE_JOB, ownerId: userId, payload: { ...payload }, id: id! });
    job =
      opts.follow === false
        ? Promise.resolve()
        : queue.waitFor(id!).then(
            () => undefined,
            () => undefined,
          );
  } else {
    job = runImageJob(deps, {
      id: id!,
      ownerId: userId,
      payload,
      attempt: 1,
      sofar: null,
      signal: new AbortController().signal,
      progress: () => Promise.resolve(true),
    }).then(
      () => undefined,
      () => undefined,
    );
  }
  return { image: toGeneratedImage(row!, deps.storage), job };
}
