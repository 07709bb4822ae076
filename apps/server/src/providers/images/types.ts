// The contract between the images feature and image providers. Only providers/images names an image
// vendor; the feature asks the registry for a model by id and gets bytes back in one shape.
import type { ImageAspectRatio } from "@tessera/contracts";

export type ImageProviderId = "procedural" | "fal" | "openai" | "openai-compatible";

export interface ImageRequest {
  prompt: string;
  aspectRatio: ImageAspectRatio;
  /** Ends the call: the job's time limit. */
  signal: AbortSignal;
}

export interface ImageResult {
  bytes: Uint8Array;
  /** What the provider said it sent; the feature trusts only the bytes' own signature. */
  contentType: string;
  width: number | null;
  height: number | null;
}

export interface ImageProvider {
  id: ImageProviderId;
  generate(request: ImageRequest): Promise<ImageResult>;
}

export interface ImagesConfig {
  fal?: { key: string; baseURL?: string };
  /** OpenAI itself, for gpt-image-1. */
  openai?: { apiKey: string; baseURL?: string };
  /** Any OpenAI-compatible `/images/generations` server, with the model names it serves. */
  openaiCompatible?: { baseURL: string; apiKey?: string; models: string[] };
  /** Lets the fal result download reach private addresses (development and tests only). */
  allowPrivateFetch?: boolean;
}

/** A provider's failure, in words fit to show on the failed image; never a key. */
export class ImageProviderError extends Error {
  override name = "ImageProviderError";
  constructor(
    readonly provider: ImageProviderId,
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
