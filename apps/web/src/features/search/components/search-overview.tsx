import { findCatalogueModel, type SearchSource } from "@tessera/contracts";
import { Sparkles } from "lucide-react";
import { Markdown } from "@/components/markdown";
import { Spinner } from "@/components/ui/spinner";

/** The AI overview as it is written: markdown whose [n] markers link to the n-th source. */
export function SearchOverview({
  overview,
  sources,
  model,
  writing,
}: {
  overview: string;
  sources: SearchSource[];
  model: string | null;
  writing: boolean;
}) {
  return (
    <section
      aria-label="AI overview"
      aria-busy={writing}
      className="search-overview relative overflow-hidden rounded-xl border bg-gradient-to-br from-primary/[0.04] to-transparent p-4 shadow-xs sm:p-5"
    >
      <header className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          AI Overview
        </h3>
        {model ? (
          <span className="text-xs text-muted-foreground">by {findCatalogueModel(model)?.name ?? model}</span>
        ) : null}
      </header>
      {overview ? (
        <Markdown caret={writing} className="text-[0.95rem]" sources={sources}>
          {overview}
        </Markdown>
      ) : writing ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-3.5" />
          Reading the sources…
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">No overview was written.</p>
      )}
    </section>
  );
}
