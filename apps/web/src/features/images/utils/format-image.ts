// Small words and numbers about images shown on both pages.
import type { GeneratedImage, ImageModel } from "@tessera/contracts";

export const typicalTime = ({ min, max }: ImageModel["typicalSeconds"]) =>
  min === max ? `about ${max} s` : `about ${min}-${max} s`;

export const secondsText = (seconds: number | null) =>
  seconds === null ? "—" : `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`;

/** CSS aspect-ratio of a row: its pixels when known, else its ratio, else square. */
export function aspectOf(image: Pick<GeneratedImage, "width" | "height" | "aspect_ratio">): string {
  if (image.width && image.height) return `${image.width} / ${image.height}`;
  const [w, h] = (image.aspect_ratio ?? "1:1").split(":");
  return w && h ? `${w} / ${h}` : "1 / 1";
}

export const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** A model's display name from the list, its id when the list does not have it. */
export function modelNameOf(models: ImageModel[], id: string | null): string {
  if (!id) return "Unknown model";
  return models.find((m) => m.id === id)?.name ?? id;
}
