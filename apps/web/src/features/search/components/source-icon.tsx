import type { SearchSource } from "@tessera/contracts";
import { BookOpen, FileText, Globe } from "lucide-react";
import { useState } from "react";
import { cn } from "@/lib/utils";
import { imageSrc } from "../utils/image-src";
import type { SourcePlace } from "../utils/source-place";

const box = "flex size-5 shrink-0 items-center justify-center overflow-hidden rounded-md";

/**
 * A source's favicon through the image proxy (its signed address). Until it loads, or when there is none, the domain's
 * first letter (a globe without one); in-app sources show a book (help) or a page (documents).
 */
export function SourceIcon({ source, place }: { source: SearchSource; place: SourcePlace }) {
  const src = place.kind === "web" ? imageSrc(source.faviconSrc) : null;
  const [failed, setFailed] = useState(false);
  if (place.kind !== "web") {
    const Icon = place.kind === "help" ? BookOpen : FileText;
    return (
      <span className={cn(box, "bg-primary/10 text-primary")} aria-hidden="true">
        <Icon className="size-3.5" />
      </span>
    );
  }
  if (src && !failed) {
    return (
      <span className={cn(box, "bg-muted")} aria-hidden="true">
        <img src={src} alt="" className="size-4" loading="lazy" onError={() => setFailed(true)} />
      </span>
    );
  }
  const letter = /[a-z0-9]/i.exec(place.host)?.[0]?.toUpperCase();
  return (
    <span
      className={cn(box, "bg-muted text-[0.65rem] font-semibold text-muted-foreground")}
      aria-hidden="true"
    >
      {letter ?? <Globe className="size-3.5" />}
    </span>
  );
}
