import { ChevronLeft, ChevronRight } from "lucide-react";
import type { KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";

export interface LightboxImage {
  src: string;
  alt: string;
}

/** One related image at full size: Previous and Next (and the arrow keys) move, Esc closes. */
export function ImageLightbox({
  images,
  index,
  onIndexChange,
}: {
  images: LightboxImage[];
  /** The image shown; null when closed. */
  index: number | null;
  onIndexChange: (index: number | null) => void;
}) {
  const { t } = useTranslation("search");
  const count = images.length;
  const current = index === null ? undefined : images[Math.min(index, count - 1)];
  const at = index === null ? 0 : Math.min(index, count - 1);
  const go = (step: number) => onIndexChange((at + step + count) % count);
  const onKeyDown = (event: KeyboardEvent) => {
    // The arrow that points ahead in the reading direction goes to the next image.
    const ahead = document.documentElement.dir === "rtl" ? -1 : 1;
    if (event.key === "ArrowRight") go(ahead);
    else if (event.key === "ArrowLeft") go(-ahead);
    else return;
    event.preventDefault();
  };
  return (
    <Dialog open={current !== undefined} onOpenChange={(open) => (open ? undefined : onIndexChange(null))}>
      <DialogContent onKeyDown={onKeyDown} className="max-w-[min(56rem,calc(100%-2rem))] gap-3 p-3 sm:p-4">
        <div className="flex min-w-0 flex-col gap-0.5 pe-8">
          <DialogTitle className="truncate text-base">
            {current?.alt || t("images.fallbackTitle")}
          </DialogTitle>
          <DialogDescription>{t("images.position", { index: at + 1, count })}</DialogDescription>
        </div>
        {current ? (
          <div className="flex max-h-[70svh] min-h-40 items-center justify-center overflow-hidden rounded-lg bg-muted">
            <img
              src={current.src}
              alt={current.alt}
              className="max-h-[70svh] w-auto max-w-full object-contain"
            />
          </div>
        ) : null}
        {count > 1 ? (
          <div className="flex items-center justify-between gap-2">
            <Button variant="outline" size="sm" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden="true" className="rtl:-scale-x-100" />
              <span aria-hidden="true">{t("images.previous")}</span>
              <span className="sr-only">{t("images.previousImage")}</span>
            </Button>
            <Button variant="outline" size="sm" onClick={() => go(1)}>
              <span aria-hidden="true">{t("images.next")}</span>
              <span className="sr-only">{t("images.nextImage")}</span>
              <ChevronRight aria-hidden="true" className="rtl:-scale-x-100" />
            </Button>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
