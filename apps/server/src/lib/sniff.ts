// File types decided by content, never by the name the browser sent; and for images the pixel size
// their header declares, because a few kilobytes of PNG can claim a canvas that takes gigabytes to
// decode (a decompression bomb in every browser that shows it).
import { AppError } from "./errors";

export type ImageType = { ext: "png" | "jpg" | "gif" | "webp"; mime: string };

export interface Size {
  width: number;
  height: number;
}

/** The largest image kept: 16,384 pixels a side (what browsers decode) and 40 megapixels in all. */
export const MAX_IMAGE_SIDE = 16_384;
export const MAX_IMAGE_PIXELS = 40_000_000;

export function sniffImage(b: Uint8Array): ImageType | null {
  const starts = (sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { ext: "png", mime: "image/png" };
  if (starts([0xff, 0xd8, 0xff])) return { ext: "jpg", mime: "image/jpeg" };
  if (starts([0x47, 0x49, 0x46, 0x38])) return { ext: "gif", mime: "image/gif" };
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8))
    return { ext: "webp", mime: "image/webp" };
  return null;
}

/** Pixel size from the header (PNG, GIF, JPEG, WebP), or null when it cannot be read. */
export function imageSize(b: Uint8Array): Size | null {
  const at = (i: number) => b[i] ?? 0;
  const be16 = (i: number) => (at(i) << 8) | at(i + 1);
  const le16 = (i: number) => at(i) | (at(i + 1) << 8);
  const le24 = (i: number) => at(i) | (at(i + 1) << 8) | (at(i + 2) << 16);
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
  if (b.length >= 24 && at(0) === 0x89 && ascii(1, 3) === "PNG") {
    if (ascii(12, 4) !== "IHDR") return null;
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (b.length >= 10 && ascii(0, 4) === "GIF8") return { width: le16(6), height: le16(8) };
  if (b.length >= 30 && ascii(0, 4) === "RIFF" && ascii(8, 4) === "WEBP") {
    const chunk = ascii(12, 4);
    if (chunk === "VP8 ") return { width: le16(26) & 0x3fff, height: le16(28) & 0x3fff };
    if (chunk === "VP8L")
      return {
        width: 1 + (((at(22) & 0x3f) << 8) | at(21)),
        height: 1 + (((at(24) & 0x0f) << 10) | (at(23) << 2) | ((at(22) & 0xc0) >> 6)),
      };
    if (chunk === "VP8X") return { width: 1 + le24(24), height: 1 + le24(27) };
    return null;
  }
  if (at(0) === 0xff && at(1) === 0xd8) {
    // Walk the JPEG segments to the first start-of-frame marker.
    let i = 2;
    while (i + 9 < b.length) {
      if (at(i) !== 0xff) return null;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i++; // fill byte before a marker
        continue;
      }
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: be16(i + 7), height: be16(i + 5) };
      i += 2 + be16(i + 2);
    }
  }
  return null;
}

/**
 * The type of an uploaded image we will keep and show: one of the four types by its bytes, with a
 * readable size no larger than the limits. `notAnImage` is the caller's refusal of anything else.
 */
export function acceptImage(b: Uint8Array, notAnImage: () => AppError): ImageType & Size {
  const type = sniffImage(b);
  if (!type) throw notAnImage();
  const size = imageSize(b);
  if (!size || size.width === 0 || size.height === 0)
    throw new AppError("BAD_REQUEST", "The image is damaged: its size cannot be read.");
  if (
    size.width > MAX_IMAGE_SIDE ||
    size.height > MAX_IMAGE_SIDE ||
    size.width * size.height > MAX_IMAGE_PIXELS
  )
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `The image is ${size.width}×${size.height} pixels; images up to ${MAX_IMAGE_SIDE.toLocaleString("en-US")} pixels a side and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels can be used.`,
    );
  return { ...type, ...size };
}

export const isPdf = (b: Uint8Array) =>
  b.length > 4 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d;

const WORD_DOCUMENT = Buffer.from("word/document.xml");

/**
 * A Word document (DOCX): a zip that names word/document.xml. Only a quick look, fit for the
 * server's thread; the parse worker reads the zip's directory properly before anything is inflated.
 */
export const isDocx = (b: Uint8Array) =>
  b.length > 30 &&
  b[0] === 0x50 &&
  b[1] === 0x4b &&
  b[2] === 0x03 &&
  b[3] === 0x04 &&
  Buffer.from(b.buffer, b.byteOffset, b.byteLength).includes(WORD_DOCUMENT);

/** An HTML document by its opening: a doctype or an <html> tag, after any comments. */
export function isHtml(b: Uint8Array): boolean {
  const head = new TextDecoder("utf-8").decode(b.subarray(0, 1024));
  return /^\s*(?:<!--[\s\S]*?-->\s*)*<(?:!doctype\s+html|html)[\s>]/i.test(head);
}

/** Text when it decodes as UTF-8 and has no NUL bytes (binary formats nearly always do). */
export function decodeText(b: Uint8Array): string | null {
  if (b.includes(0)) return null;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(b);
  } catch {
    return null;
  }
}
