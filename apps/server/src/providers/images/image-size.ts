// Pixel size of an image from its header (PNG, GIF, JPEG, WebP), so a stored image's width and height
// come from the bytes themselves, whatever a provider reported.
import type { ImageAspectRatio } from "@tessera/contracts";

export interface Size {
  width: number;
  height: number;
}

/** The size at a ratio with the long side fixed, e.g. 16:9 at 1024 → 1024×576. */
export function dimensionsFor(ratio: ImageAspectRatio, longSide = 1024): Size {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  return w >= h
    ? { width: longSide, height: Math.round((longSide * h) / w) }
    : { width: Math.round((longSide * w) / h), height: longSide };
}

export function imageSize(b: Uint8Array): Size | null {
  const at = (i: number) => b[i] ?? 0;
  const be16 = (i: number) => (at(i) << 8) | at(i + 1);
  const le16 = (i: number) => at(i) | (at(i + 1) << 8);
  const le24 = (i: number) => at(i) | (at(i + 1) << 8) | (at(i + 2) << 16);
  const ascii = (i: number, n: number) => String.fromCharCode(...b.subarray(i, i + n));
  if (b.length >= 24 && at(0) === 0x89 && ascii(1, 3) === "PNG") {
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
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc)
        return { width: be16(i + 7), height: be16(i + 5) };
      i += 2 + be16(i + 2);
    }
  }
  return null;
}
