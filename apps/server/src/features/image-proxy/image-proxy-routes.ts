// GET /api/image-proxy?url=: favicons, thumbnails and related images of search results, fetched by
// the one guarded client (no private addresses, size and time caps) and served from our own origin,
// so the browser never contacts those hosts and the CSP can stay same-origin. Only raster images
// whose bytes prove their type are passed on (never SVG, which can carry script). Answers, good and
// bad, are kept in a small in-memory cache.
// An <img> sends no bearer token, so an address the server signed (&exp=&sig=, see
// lib/image-proxy-signature.ts) is enough on its own; without a signature a session is needed.
import { imageProxyQuerySchema } from "@tessera/contracts";
import { Hono, type MiddlewareHandler } from "hono";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { guardedFetch } from "../../lib/guarded-fetch";
import type { ImageProxySigner } from "../../lib/image-proxy-signature";
import { sniffImage } from "../../lib/sniff";
import { parseWith } from "../../lib/validate";

export const PROXY_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
const PROXY_TIMEOUT_MS = 8_000;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
const CACHE_MAX_ENTRIES = 500;
const HIT_TTL_MS = 60 * 60 * 1000;
const MISS_TTL_MS = 5 * 60 * 1000;

export interface ImageProxyDeps {
  signer: ImageProxySigner;
  /** The session check every other /api route runs; applied here only to unsigned addresses. */
  requireSession: MiddlewareHandler<AppEnv>;
  allowPrivateFetch?: boolean;
}

type Entry = { at: number; image: { bytes: Uint8Array; type: string } | null };

/** Favicons (ICO) and AVIF besides the image types uploads accept. */
function imageType(bytes: Uint8Array): string | null {
  const sniffed = sniffImage(bytes)?.mime;
  if (sniffed) return sniffed;
  if (bytes[0] === 0 && bytes[1] === 0 && bytes[2] === 1 && bytes[3] === 0) return "image/x-icon";
  if (new TextDecoder().decode(bytes.subarray(4, 12)) === "ftypavif") return "image/avif";
  return null;
}

export function imageProxyRoutes(opts: ImageProxyDeps) {
  const cache = new Map<string, Entry>();
  let cachedBytes = 0;
  const remember = (url: string, image: Entry["image"]) => {
    const old = cache.get(url);
    if (old?.image) cachedBytes -= old.image.bytes.length;
    cache.delete(url);
    cache.set(url, { at: Date.now(), image });
    if (image) cachedBytes += image.bytes.length;
    // Oldest first out, by count and by size.
    for (const [key, entry] of cache) {
      if (cache.size <= CACHE_MAX_ENTRIES && cachedBytes <= CACHE_MAX_BYTES) break;
      cache.delete(key);
      if (entry.image) cachedBytes -= entry.image.bytes.length;
    }
  };

  async function load(url: string): Promise<Entry["image"]> {
    const hit = cache.get(url);
    if (hit && Date.now() - hit.at < (hit.image ? HIT_TTL_MS : MISS_TTL_MS)) return hit.image;
    let image: Entry["image"] = null;
    try {
      const res = await guardedFetch(url, {
        timeoutMs: PROXY_TIMEOUT_MS,
        maxBytes: PROXY_IMAGE_MAX_BYTES,
        allowPrivate: opts.allowPrivateFetch,
      });
      const type = res.status < 300 ? imageType(res.bytes) : null;
      if (type) image = { bytes: res.bytes, type };
    } catch {
      // Refused, unreachable, too slow or too large: all the same to an <img>, which shows its fallback.
    }
    remember(url, image);
    return image;
  }

  const signed = (c: { req: { query: (key: string) => string | undefined } }) =>
    c.req.query("sig") !== undefined || c.req.query("exp") !== undefined;

  return new Hono<AppEnv>().get(
    "/",
    (c, next) => (signed(c) ? next() : opts.requireSession(c, next)),
    async (c) => {
      const { url, exp, sig } = parseWith(imageProxyQuerySchema, c.req.query());
      if (signed(c)) {
        // Checked against the address as given, before trimming: exactly what was signed.
        const check = opts.signer.check(c.req.query("url") ?? url, exp, sig);
        if (check === "expired")
          throw new AppError("FORBIDDEN", "This image address has expired. Reload the page to see it.");
        if (check !== "valid")
          throw new AppError("FORBIDDEN", "This image address was not signed by this server.");
      }
      const image = await load(url);
      if (!image) throw new AppError("NOT_FOUND", "No image could be loaded from that address.");
      c.header("Content-Type", image.type);
      c.header("Cache-Control", "private, max-age=86400");
      return c.body(image.bytes.slice().buffer);
    },
  );
}
