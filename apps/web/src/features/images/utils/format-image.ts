// Small words and numbers about images shown on both pages.
import type { GeneratedImage, ImageModel } from "@tessera/contracts";
import type { TFunction } from "i18next";

type ImagesT = TFunction<"images">;

export const typicalTime = ({ min, max }: ImageModel["typicalSeconds"], t: ImagesT) =>
  min === max ? t("time.about", { max }) : t("time.aboutRange", { min, max });

export const secondsText = (seconds: number | null, t: ImagesT) =>
  seconds === null
    ? "—"
    : t("time.seconds", {
        value: seconds,
        formatParams: {
          value: { maximumFractionDigits: seconds < 10 ? 1 : 0, minimumFractionDigits: seconds < 10 ? 1 : 0 },
        },
      });

/** CSS aspect-ratio of a row: its pixels when known, else its ratio, else square. */
export function aspectOf(image: Pick<GeneratedImage, "width" | "height" | "aspect_ratio">): string {
  if (image.width && image.height) return `${image.width} / ${image.height}`;
  const [w, h] = (image.aspect_ratio ?? "1:1").split(":");
  return w && h ? `${w} / ${h}` : "1 / 1";
}

export const statusLabel = (status: string, t: ImagesT) =>
  t(`status.${status}`, { defaultValue: status.charAt(0).toUpperCase() + status.slice(1) });

/** A model's display name from the list, its id when the list does not have it. */
export function modelNameOf(models: ImageModel[], id: string | null, t: ImagesT): string {
  if (!id) return t("unknownModel");
  return models.find((m) => m.id === id)?.name ?? id;
}
