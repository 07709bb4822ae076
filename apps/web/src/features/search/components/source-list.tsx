import type { SearchSource } from "@tessera/contracts";
import { ChevronDown, Link2 } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { SourceCard } from "./source-card";

/** How many sources show before "Show all": enough to read the overview against, short on a phone. */
const SHOWN_AT_FIRST = 4;

export function SourceList({ sources }: { sources: SearchSource[] }) {
  const { t } = useTranslation("search");
  const [expanded, setExpanded] = useState(false);
  const titleId = useId();
  const shown = expanded ? sources : sources.slice(0, SHOWN_AT_FIRST);
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3
        id={titleId}
        className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase"
      >
        <Link2 className="size-3.5" aria-hidden="true" />
        {t("sources.title")}
      </h3>
      <ol className="grid grid-cols-1 gap-2 sm:grid-cols-2">
        {shown.map((source, index) => (
          <SourceCard key={`${source.url}-${index}`} source={source} index={index} />
        ))}
      </ol>
      {sources.length > SHOWN_AT_FIRST ? (
        <Button
          variant="ghost"
          size="sm"
          className="self-start text-muted-foreground"
          aria-expanded={expanded}
          onClick={() => setExpanded((v) => !v)}
        >
          <ChevronDown className={expanded ? "rotate-180 transition" : "transition"} aria-hidden="true" />
          {expanded ? t("sources.showFewer") : t("sources.showAll", { count: sources.length })}
        </Button>
      ) : null}
    </section>
  );
}
