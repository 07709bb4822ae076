// Fetches an image a provider answered with a link to (fal's results, some OpenAI-compatible servers):
// through the guarded client, so a provider's answer cannot point Tessera at the private network unless
// it is the provider's own configured origin, and with a size cap.
import { guardedFetch } from "../../lib/guarded-fetch";
import { ImageProviderError, type ImageProviderId } from "./types";

export const MAX_IMAGE_BYTES = 25 * 1024 * 1024;

export type DownloadImage = (
  provider: ImageProviderId,
  url: string,
  signal: AbortSignal,
) => Promise<{ bytes: Uint8Array; contentType: string }>;

export function createImageDownloader(opts: {
  allowPrivate: boolean;
  trustedOrigins: string[];
}): DownloadImage {
  return async (provider, url, signal) => {
    const inline = /^data:(image\/[a-z0-9.+-]+);base64,(.*)$/is.exec(url);
    if (inline) {
      const bytes = new Uint8Array(Buffer.from(inline[2]!, "base64"));
      if (bytes.byteLength > MAX_IMAGE_BYTES)
        throw new ImageProviderError(provider, null, "The finished image is too large.");
      return { bytes, contentType: inline[1]!.toLowerCase() };
    }
    let res;
    try {
      res = await guardedFetch(url, {
        timeoutMs: 60_000,
        maxBytes: MAX_IMAGE_BYTES,
        allowPrivate: opts.allowPrivate,
        trustedOrigins: opts.trustedOrigins,
        signal,
      });
    } catch (cause) {
      if (signal.aborted) throw cause;
      const why = cause instanceof Error ? cause.message : "it could not be fetched";
      throw new ImageProviderError(provider, null, `The finished image could not be fetched: ${why}`, {
        cause,
      });
    }
    if (res.status !== 200)
      throw new ImageProviderError(provider, res.status, `The finished image answered ${res.status}.`);
    return { bytes: res.bytes, contentType: res.contentType ?? "application/octet-stream" };
  };
}

export const originOf = (url: string) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};
