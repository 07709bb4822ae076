// POST /api/image-generation starts a job (202 with the pending row); GET /api/images/:id follows it
// until it is completed or failed.
import {
  generatedImageSchema,
  IMAGE_POLL_INTERVAL_MS,
  type GeneratedImage,
  type ImageAspectRatio,
} from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";

export async function startImageGeneration(input: {
  prompt: string;
  model: string;
  aspectRatio: ImageAspectRatio;
}): Promise<GeneratedImage> {
  const { data } = await apiRequest("/api/image-generation", {
    method: "POST",
    body: { prompt: input.prompt, model: input.model, aspect_ratio: input.aspectRatio },
    schema: generatedImageSchema,
  });
  return data;
}

export function getImage(id: string, signal?: AbortSignal): Promise<GeneratedImage> {
  return apiRequest(`/api/images/${encodeURIComponent(id)}`, { schema: generatedImageSchema, signal }).then(
    (r) => r.data,
  );
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason as Error);
      },
      { once: true },
    );
  });

/** The server ends every job within its time limit; this only guards against a server gone quiet. */
const GIVE_UP_MS = 5 * 60_000;

/** Polls the job until it is completed or failed; a few failed polls in a row end it. */
export async function followImageJob(
  id: string,
  opts: { signal: AbortSignal; onUpdate?: (image: GeneratedImage) => void },
): Promise<GeneratedImage> {
  const started = Date.now();
  let failures = 0;
  for (;;) {
    await sleep(IMAGE_POLL_INTERVAL_MS, opts.signal);
    try {
      const image = await getImage(id, opts.signal);
      failures = 0;
      opts.onUpdate?.(image);
      if (image.status === "completed" || image.status === "failed") return image;
    } catch (error) {
      if (opts.signal.aborted || ++failures >= 3) throw error;
    }
    if (Date.now() - started > GIVE_UP_MS)
      throw new Error(
        "The image is taking longer than expected. It will appear in your history when it is ready.",
      );
  }
}
