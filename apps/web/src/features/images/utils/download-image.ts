// Downloading an image (spec 001 §5, §7, §8): only http, https, data and blob URLs; fetched with a
// 10 s limit, no credentials and no referrer; saved as tessera-image-<id>.<ext>. When the fetch fails
// the image is opened in a new tab instead; if the browser blocks that too, the first error stands.
import { IMAGE_DOWNLOAD_TIMEOUT_MS } from "@tessera/contracts";
import { saveBlob } from "@/lib/save-file";

const ALLOWED_SCHEME = /^(https?|data|blob):/i;

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "image/jpg": "jpg",
  "image/png": "png",
  "image/webp": "webp",
  "image/gif": "gif",
};

/** tessera-image-<id: letters, digits, _ and - only, at most 12; 'unknown' without one>.<ext>. */
export function imageFileName(id: string | null | undefined, contentType: string | null | undefined): string {
  const safeId = (id ?? "").replace(/[^A-Za-z0-9_-]/g, "").slice(0, 12) || "unknown";
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  return `tessera-image-${safeId}.${EXTENSIONS[type] ?? "png"}`;
}

/** Our own image URLs are relative (/files/…); the scheme rule applies to the absolute address. */
export function absoluteImageUrl(url: string): string {
  try {
    return new URL(url, window.location.href).href;
  } catch {
    return url;
  }
}

export interface DownloadEnvironment {
  fetch: typeof fetch;
  open: (url: string) => Window | null;
  save: (blob: Blob, fileName: string) => void;
  timeoutMs: number;
}

const browser = (): DownloadEnvironment => ({
  fetch: (...args) => window.fetch(...args),
  open: (url) => {
    const opened = window.open(url, "_blank");
    if (opened) opened.opener = null;
    return opened;
  },
  save: saveBlob,
  timeoutMs: IMAGE_DOWNLOAD_TIMEOUT_MS,
});

/** 'downloaded', or 'opened' when it fell back to a new tab; throws when neither worked. */
export async function downloadImage(
  url: string,
  id: string | null | undefined,
  env: Partial<DownloadEnvironment> = {},
): Promise<"downloaded" | "opened"> {
  const { fetch: get, open, save, timeoutMs } = { ...browser(), ...env };
  if (!ALLOWED_SCHEME.test(url)) throw new Error(`Invalid URL scheme for image: ${url}`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const response = await get(url, {
      signal: controller.signal,
      credentials: "omit",
      referrerPolicy: "no-referrer",
    });
    if (!response.ok) throw new Error(`HTTP error! status: ${response.status}`);
    const blob = await response.blob();
    save(blob, imageFileName(id, blob.type || response.headers.get("content-type")));
    return "downloaded";
  } catch (error) {
    if (open(url)) return "opened";
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
