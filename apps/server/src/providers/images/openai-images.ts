// OpenAI's images API (`POST {base}/images/generations`) for gpt-image-1, and the same dialect on any
// OpenAI-compatible image server. Answers carry the image as base64 (`b64_json`) or, on some servers,
// as a link, which is fetched through the guarded downloader.
import type { ImageAspectRatio } from "@tessera/contracts";
import type { DownloadImage } from "./download-image";
import { dimensionsFor } from "./image-size";
import { requestProviderJson } from "./provider-request";
import { ImageProviderError, type ImageProvider } from "./types";

export const OPENAI_IMAGES_DEFAULT_BASE_URL = "https://api.openai.com/v1";

/** gpt-image-1 draws at three sizes; every ratio gets the one of its orientation. */
function gptImageSize(ratio: ImageAspectRatio): string {
  const { width, height } = dimensionsFor(ratio);
  return width === height ? "1024x1024" : width > height ? "1536x1024" : "1024x1536";
}

/** Other servers get the ratio itself, the long side 1024 and both sides multiples of 64. */
function compatibleSize(ratio: ImageAspectRatio): string {
  const { width, height } = dimensionsFor(ratio);
  const snap = (v: number) => Math.max(64, Math.round(v / 64) * 64);
  return `${snap(width)}x${snap(height)}`;
}

export function createOpenAiImagesProvider(opts: {
  id: "openai" | "openai-compatible";
  /** The model name the server knows (gpt-image-1, or an operator's model). */
  model: string;
  baseURL?: string;
  apiKey?: string;
  download: DownloadImage;
  fetch?: typeof fetch;
}): ImageProvider {
  const base = (opts.baseURL ?? OPENAI_IMAGES_DEFAULT_BASE_URL).replace(/\/$/, "");
  const isOpenAi = opts.id === "openai";
  return {
    id: opts.id,
    async generate({ prompt, aspectRatio, signal }) {
      const body = (await requestProviderJson(
        opts.id,
        `${base}/images/generations`,
        {
          method: "POST",
          headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
          // gpt-image-1 always answers base64 and refuses response_format; other servers need asking.
          body: {
            model: opts.model,
            prompt,
            n: 1,
            size: isOpenAi ? gptImageSize(aspectRatio) : compatibleSize(aspectRatio),
            ...(isOpenAi ? {} : { response_format: "b64_json" }),
          },
          signal,
        },
        opts.fetch,
      )) as { data?: unknown };
      const first = Array.isArray(body.data)
        ? (body.data[0] as Record<string, unknown> | undefined)
        : undefined;
      if (first && typeof first.b64_json === "string" && first.b64_json.length > 0) {
        return {
          bytes: new Uint8Array(Buffer.from(first.b64_json, "base64")),
          contentType: "image/png",
          width: null,
          height: null,
        };
      }
      if (first && typeof first.url === "string") {
        const image = await opts.download(opts.id, first.url, signal);
        return { ...image, width: null, height: null };
      }
      throw new ImageProviderError(opts.id, null, "The image server answered without an image.");
    },
  };
}
