// Pixel sizes of generated images: the size an aspect ratio asks for, and (from lib/sniff) the size an
// image's own header declares, so a stored image's width and height come from its bytes.
import type { ImageAspectRatio } from "@tessera/contracts";
import type { Size } from "../../lib/sniff";

export { imageSize, type Size } from "../../lib/sniff";

/** The size at a ratio with the long side fixed, e.g. 16:9 at 1024 → 1024×576. */
export function dimensionsFor(ratio: ImageAspectRatio, longSide = 1024): Size {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  return w >= h
    ? { width: longSide, height: Math.round((longSide * h) / w) }
    : { width: Math.round((longSide * w) / h), height: longSide };
}
