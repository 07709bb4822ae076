import type { SearchSource } from "@tessera/contracts";
import { Info } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { imageSrc } from "../utils/image-src";
import { sourcePlace } from "../utils/source-place";
import { HighlightedSnippet } from "./highlighted-snippet";
import { SourceIcon } from "./source-icon";
import { SourceLink } from "./source-link";

/** One source: its number (the overview's [n]), where it lives, its title as a link and its snippet. */
export function SourceCard({ source, index }: { source: SearchSource; index: number }) {
  const { t } = useTranslation("search");
  const place = sourcePlace(source);
  const thumbnail = imageSrc(source.thumbnailSrc);
  const [thumbnailFailed, setThumbnailFailed] = useState(false);
  return (
    <li className="flex min-w-0 animate-rise-in gap-3 rounded-xl border bg-card p-3 shadow-xs transition-colors hover:border-primary/30">
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <div className="flex min-w-0 items-center gap-2 text-xs text-muted-foreground">
          <span className="flex size-5 shrink-0 items-center justify-center rounded-md bg-primary/10 text-[0.68rem] font-semibold text-primary">
            {index + 1}
          </span>
          <SourceIcon source={source} place={place} />
          <span className="truncate">
            {place.kind === "web" ? place.host : t(`sources.places.${place.kind}`)}
          </span>
        </div>
        <SourceLink
          url={source.url}
          className="line-clamp-2 text-sm leading-snug font-medium break-words text-foreground underline-offset-4 hover:text-primary hover:underline focus-visible:underline focus-visible:outline-none"
        >
          {source.title || source.url}
        </SourceLink>
        {source.snippet ? (
          <p className="line-clamp-3 text-xs leading-relaxed break-words text-muted-foreground">
            <HighlightedSnippet text={source.snippet} />
          </p>
        ) : null}
        {source.note ? (
          <p className="flex items-start gap-1 text-[0.7rem] text-muted-foreground italic">
            <Info className="mt-px size-3 shrink-0" aria-hidden="true" />
            {source.note}
          </p>
        ) : null}
      </div>
      {thumbnail && !thumbnailFailed ? (
        <img
          src={thumbnail}
          alt=""
          loading="lazy"
          onError={() => setThumbnailFailed(true)}
          className="hidden size-16 shrink-0 rounded-lg bg-muted object-cover sm:block"
        />
      ) : null}
    </li>
  );
}
