// Image creator and history (spec 001 §2, §3 generated_images / image models / aspect ratios, §4
// image status and progress, §5, §7, §8 and §9): what passes between server and web, the constants and
// every text the spec fixes. The models it ships are in image-model-catalogue.ts.
import { z } from "zod";
import { DEFAULT_IMAGE_MODEL_ID } from "./image-model-catalogue";
import { limitParam } from "./query";

export const IMAGE_ASPECT_RATIOS = ["1:1", "3:4", "4:3", "9:16", "16:9", "9:21", "21:9"] as const;
export const imageAspectRatioSchema = z.enum(IMAGE_ASPECT_RATIOS);
export type ImageAspectRatio = z.infer<typeof imageAspectRatioSchema>;

export const DEFAULT_IMAGE_ASPECT_RATIO: ImageAspectRatio = "16:9";

export const RECENT_IMAGES_LIMIT = 10;
export const IMAGE_HISTORY_LIMIT = 50;
export const IMAGE_DOWNLOAD_TIMEOUT_MS = 10_000;
export const IMAGE_PROMPT_MAX_CHARS = 4000;
/** How often the client asks a running job for its status. */
export const IMAGE_POLL_INTERVAL_MS = 1000;

/** The progress bar of spec §4 and §9. */
export const IMAGE_PROGRESS = {
  start: 10,
  contacted: 30,
  tickMs: 500,
  step: 7,
  cap: 90,
  done: 100,
  resetMs: 600,
} as const;

export const IMAGE_MESSAGES = {
  promptRequiredTitle: "Enter a prompt",
  promptRequired: "Please describe the image you want to generate.",
  promptTooLong: `Keep the description under ${IMAGE_PROMPT_MAX_CHARS} characters.`,
  loginRequiredTitle: "Login required",
  loginRequired: "You must be logged in to generate images.",
  authRequired: "Authentication required",
  failedTitle: "Generation Failed",
  failedFallback: "Failed to generate image. Please try again.",
  initializing: "Initializing image generation...",
  contacting: "Contacting provider...",
  generated: "Image generated successfully!",
  successTitle: "Success",
  downloaded: "Image downloaded successfully",
  downloadFailedTitle: "Download Failed",
  downloadFailed: "Failed to download image. Please try again.",
  historyLoadFailed: "Failed to load image history",
  historyDownloadFailed: "Failed to download image",
  deleteFailed: "Failed to delete image",
  deleted: "Image deleted successfully",
  copiedTitle: "Copied",
  copied: "Prompt copied to clipboard",
} as const;

const LEGACY_RATIOS: Record<string, ImageAspectRatio> = {
  square: "1:1",
  landscape: "16:9",
  portrait: "9:16",
};

/** A listed ratio as is, a legacy name (square, landscape, portrait) mapped, anything else null. */
export function normaliseAspectRatio(value: unknown): ImageAspectRatio | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  const listed = IMAGE_ASPECT_RATIOS.find((r) => r === v);
  return listed ?? LEGACY_RATIOS[v] ?? null;
}

/** Model ids beginning `imagen4-` are Imagine 4 (spec §4). */
export function normaliseImageModel(id: string): string {
  const v = id.trim();
  return v.startsWith("imagen4-") ? DEFAULT_IMAGE_MODEL_ID : v;
}

export const imageModelSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  available: z.boolean(),
  /** Why it cannot be used here, naming the variable that enables it. */
  unavailableReason: z.string().nullable(),
  typicalSeconds: z.object({ min: z.number(), max: z.number() }),
});
export type ImageModel = z.infer<typeof imageModelSchema>;

export const imageModelsResponseSchema = z.object({
  models: z.array(imageModelSchema),
  /** Imagine 4 when it is available, else the procedural model. */
  defaultModel: z.string(),
});
export type ImageModelsResponse = z.infer<typeof imageModelsResponseSchema>;

export const imageGenerationRequestSchema = z.object({
  prompt: z
    .string(IMAGE_MESSAGES.promptRequired)
    .trim()
    .min(1, IMAGE_MESSAGES.promptRequired)
    .max(IMAGE_PROMPT_MAX_CHARS, IMAGE_MESSAGES.promptTooLong),
  /** Defaults to the instance's default model (see `defaultModel`). */
  model: z.string("The model must be text.").max(120, "Unknown image model.").optional(),
  aspect_ratio: z
    .string("The aspect ratio must be text.")
    .transform((v) => normaliseAspectRatio(v) ?? v)
    .pipe(
      z.enum(IMAGE_ASPECT_RATIOS, {
        error: `The aspect ratio must be one of ${IMAGE_ASPECT_RATIOS.join(", ")}.`,
      }),
    )
    .default(DEFAULT_IMAGE_ASPECT_RATIO),
});
export type ImageGenerationRequest = z.input<typeof imageGenerationRequestSchema>;

export const imageStatusSchema = z.enum(["pending", "generating", "completed", "failed"]);
export type ImageStatus = z.infer<typeof imageStatusSchema>;

/** A generated_images row as the client sees it (spec §3), plus why it failed and its size. */
export const generatedImageSchema = z.object({
  id: z.string(),
  user_id: z.string(),
  prompt: z.string(),
  model: z.string().nullable(),
  aspect_ratio: z.string().nullable(),
  image_url: z.string().nullable(),
  content_type: z.string().nullable(),
  status: imageStatusSchema,
  error: z.string().nullable(),
  /** Seconds from the job's start to the stored image. */
  generation_time: z.number().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  created_at: z.string(),
});
export type GeneratedImage = z.infer<typeof generatedImageSchema>;

export const imageListQuerySchema = z.object({
  limit: limitParam(IMAGE_HISTORY_LIMIT).default(IMAGE_HISTORY_LIMIT),
});
