import type { SearchImage } from "@tessera/contracts";
import { MAX_RELATED_IMAGES } from "@tessera/contracts";
import { Images } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { imageSrc } from "../utils/image-src";
import { ImageLightbox, type LightboxImage } from "./image-lightbox";

/** Up to 12 related images (spec §9); one that fails to load hides itself, a click opens the lightbox. */
export function RelatedImages({ images }: { images: SearchImage[] }) {
  const { t } = useTranslation("search");
  const titleId = useId();
  const [failed, setFailed] = useState<ReadonlySet<string>>(() => new Set());
  const [open, setOpen] = useState<number | null>(null);
  const shown = useMemo(
    () =>
      images
        .slice(0, MAX_RELATED_IMAGES)
        .flatMap((image): LightboxImage[] => {
          const src = imageSrc(image.src);
          return src ? [{ src, alt: image.alt }] : [];
        })
        .filter((image) => !failed.has(image.src)),
    [images, failed],
  );
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3
        id={titleId}
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
      >
        <Images className="size-3.5" aria-hidden="true" />
        {t("images.title")}
      </h3>
      <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6">
        {shown.map((image, index) => (
          <li key={image.src}>
            <button
              type="button"
              onClick={() => setOpen(index)}
              aria-label={
                image.alt
                  ? t("images.openNamed", { index: index + 1, count: shown.length, alt: image.alt })
                  : t("images.open", { index: index + 1, count: shown.length })
              }
              className="group block aspect-square w-full overflow-hidden rounded-lg border bg-muted outline-none focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              <img
                src={image.src}
                alt={image.alt}
                loading="lazy"
                onError={() => setFailed((prev) => new Set(prev).add(image.src))}
                className="size-full object-cover transition duration-300 group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>
      <ImageLightbox images={shown} index={open} onIndexChange={setOpen} />
    </section>
  );
}
