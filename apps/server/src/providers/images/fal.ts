// fal's queue API for Imagine 4 and FLUX 1.1 Pro: submit the request, poll its status until it is
// completed, read the result and fetch the image it links to. Key in `Authorization: Key …`.
import { setTimeout as sleep } from "node:timers/promises";
import type { ImageAspectRatio } from "@tessera/contracts";
import type { DownloadImage } from "./download-image";
import { originOf } from "./download-image";
import { dimensionsFor } from "./image-size";
import { requestProviderJson } from "./provider-request";
import { ImageProviderError, type ImageProvider } from "./types";

export const FAL_DEFAULT_BASE_URL = "https://queue.fal.run";
const POLL_MS = 1000;

/** Imagen 4 takes five ratios; the two ultra-wide ones get the nearest it has. */
const IMAGEN_RATIOS: Record<ImageAspectRatio, string> = {
  "1:1": "1:1",
  "3:4": "3:4",
  "4:3": "4:3",
  "9:16": "9:16",
  "16:9": "16:9",
  "9:21": "9:16",
  "21:9": "16:9",
};

const snap = (v: number, step: number) => Math.max(step, Math.round(v / step) * step);

export const FAL_APPS = {
  imagen4: {
    app: "fal-ai/imagen4/preview",
    input: (ratio: ImageAspectRatio) => ({ aspect_ratio: IMAGEN_RATIOS[ratio] }),
  },
  "flux-pro": {
    app: "fal-ai/flux-pro/v1.1",
    input: (ratio: ImageAspectRatio) => {
      const { width, height } = dimensionsFor(ratio, 1024);
      return { image_size: { width: snap(width, 32), height: snap(height, 32) } };
    },
  },
} as const;

export type FalModel = keyof typeof FAL_APPS;

interface Submitted {
  request_id?: unknown;
  status_url?: unknown;
  response_url?: unknown;
}

export function createFalProvider(opts: {
  model: FalModel;
  key: string;
  baseURL?: string;
  download: DownloadImage;
  fetch?: typeof fetch;
}): ImageProvider {
  const base = (opts.baseURL ?? FAL_DEFAULT_BASE_URL).replace(/\/$/, "");
  const { app, input } = FAL_APPS[opts.model];
  // Status and result live under the app's owner/name, without a sub-path such as /preview.
  const appRoot = app.split("/").slice(0, 2).join("/");
  const headers = { authorization: `Key ${opts.key}` };
  // Follow the URLs fal answers with only while they stay on the configured origin.
  const sameOrigin = (u: unknown): u is string => typeof u === "string" && originOf(u) === originOf(base);
  const call = (url: string, signal: AbortSignal, body?: unknown) =>
    requestProviderJson(
      "fal",
      url,
      { method: body === undefined ? "GET" : "POST", headers, body, signal },
      opts.fetch,
    );

  return {
    id: "fal",
    async generate({ prompt, aspectRatio, signal }) {
      const submitted = (await call(`${base}/${app}`, signal, {
        prompt,
        num_images: 1,
        ...input(aspectRatio),
      })) as Submitted;
      const id = typeof submitted.request_id === "string" ? submitted.request_id : null;
      if (!id) throw new ImageProviderError("fal", null, "fal did not accept the request.");
      const requestUrl = `${base}/${appRoot}/requests/${encodeURIComponent(id)}`;
      const statusUrl = sameOrigin(submitted.status_url) ? submitted.status_url : `${requestUrl}/status`;
      const responseUrl = sameOrigin(submitted.response_url) ? submitted.response_url : requestUrl;

      for (;;) {
        const { status } = (await call(statusUrl, signal)) as { status?: unknown };
        if (status === "COMPLETED") break;
        if (status !== "IN_QUEUE" && status !== "IN_PROGRESS")
          throw new ImageProviderError("fal", null, `fal reported the request as ${String(status)}.`);
        await sleep(POLL_MS, undefined, { signal });
      }

      const result = (await call(responseUrl, signal)) as { images?: unknown };
      const first = Array.isArray(result.images)
        ? (result.images[0] as Record<string, unknown> | undefined)
        : undefined;
      if (!first || typeof first.url !== "string")
        throw new ImageProviderError("fal", null, "fal finished without an image.");
      const image = await opts.download("fal", first.url, signal);
      return {
        bytes: image.bytes,
        contentType: typeof first.content_type === "string" ? first.content_type : image.contentType,
        width: typeof first.width === "number" ? first.width : null,
        height: typeof first.height === "number" ? first.height : null,
      };
    },
  };
}

/**
 * Checks a fal key without drawing (a drawing costs money): the queue is asked for the status of a
 * request that cannot exist. A key fal refuses answers 401 or 403 (rejected with fal's words); one it
 * accepts gets "no such request". Resolves with what fal answered.
 */
export async function checkFalKey(opts: {
  key: string;
  baseURL?: string;
  fetch?: typeof fetch;
}): Promise<number> {
  const base = (opts.baseURL ?? FAL_DEFAULT_BASE_URL).replace(/\/$/, "");
  const appRoot = FAL_APPS["flux-pro"].app.split("/").slice(0, 2).join("/");
  const url = `${base}/${appRoot}/requests/00000000-0000-4000-8000-000000000000/status`;
  try {
    await requestProviderJson(
      "fal",
      url,
      { headers: { authorization: `Key ${opts.key}` }, signal: AbortSignal.timeout(15_000) },
      opts.fetch,
    );
    return 200;
  } catch (err) {
    if (
      err instanceof ImageProviderError &&
      err.status !== null &&
      err.status !== 401 &&
      err.status !== 403 &&
      err.status < 500
    )
      return err.status;
    throw err;
  }
}
