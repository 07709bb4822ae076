// Starting a generation: the model must exist and be available here, the month's allowance must have
// room (reserveImages counts and inserts the pending row under the plan's lock), then the job runs in
// the background and the caller gets the pending row at once.
import { normaliseImageModel, type GeneratedImage, type ImageAspectRatio } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { reserveImages } from "../../billing/plans";
import { generatedImages } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { ImageRegistry } from "../../providers/images/registry";
import { toGeneratedImage } from "./image-view";
import { runImageJob, type JobDeps } from "./run-image-job";

export interface StartDeps extends JobDeps {
  registry: ImageRegistry;
}

export async function startImageGeneration(
  deps: StartDeps,
  userId: string,
  input: { prompt: string; model?: string; aspect_ratio: ImageAspectRatio },
): Promise<{ image: GeneratedImage; job: Promise<void> }> {
  const modelId = normaliseImageModel(input.model ?? deps.registry.defaultModel());
  const model = deps.registry.resolve(modelId);
  if (!model.ok)
    throw new AppError(model.reason === "unknown" ? "BAD_REQUEST" : "UNAVAILABLE", model.message);

  const [id] = await reserveImages(deps.db, userId, [
    { prompt: input.prompt, model: model.id, aspectRatio: input.aspect_ratio },
  ]);
  const [row] = await deps.db.select().from(generatedImages).where(eq(generatedImages.id, id!));
  const job = runImageJob(deps, {
    id: id!,
    prompt: input.prompt,
    aspectRatio: input.aspect_ratio,
    model: model.id,
    provider: model.provider,
  });
  return { image: toGeneratedImage(row!, deps.storage), job };
}
