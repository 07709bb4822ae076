import { History, Lightbulb } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useSearches } from "../api/get-searches";
import { recentQueries } from "../utils/group-threads";

/**
 * Questions the workspace's own index answers, even with no web search engine configured; their
 * texts are the search namespace's `suggestions.examples.<key>`.
 */
export const EXAMPLE_QUERIES = ["compare", "citations", "twoFactor", "local"] as const;

const RECENT_SHOWN = 4;

function SuggestionGroup({
  title,
  icon: Icon,
  items,
  onPick,
}: {
  title: string;
  icon: LucideIcon;
  items: readonly string[];
  onPick: (query: string) => void;
}) {
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h2 className="flex items-center gap-1.5 text-xs font-semibold tracking-wider text-muted-foreground uppercase">
        <Icon className="size-3.5" aria-hidden="true" />
        {title}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {items.map((query) => (
          <li key={query} className="max-w-full">
            <button
              type="button"
              onClick={() => onPick(query)}
              className="max-w-full truncate rounded-full border bg-card px-3.5 py-1.5 text-sm shadow-xs transition-colors outline-none hover:border-primary/40 hover:bg-accent/60 focus-visible:ring-[3px] focus-visible:ring-ring/40"
            >
              {query}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Before the first search: example questions and the person's latest ones. */
export function SearchSuggestions({ onPick }: { onPick: (query: string) => void }) {
  const { t } = useTranslation("search");
  const { data } = useSearches();
  const examples = EXAMPLE_QUERIES.map((key) => t(`suggestions.examples.${key}`));
  const recent = data ? recentQueries(data, RECENT_SHOWN) : [];
  return (
    <div className="flex flex-col gap-6 rounded-2xl border border-dashed bg-card/40 p-5 sm:p-6">
      <SuggestionGroup title={t("suggestions.tryAsking")} icon={Lightbulb} items={examples} onPick={onPick} />
      {recent.length > 0 ? (
        <SuggestionGroup title={t("suggestions.recent")} icon={History} items={recent} onPick={onPick} />
      ) : null}
    </div>
  );
}
