import { findCatalogueModel, type SearchSource } from "@tessera/contracts";
import { Sparkles } from "lucide-react";
import { useTranslation } from "react-i18next";
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
  const { t } = useTranslation("search");
  return (
    <section
      aria-label={t("overview.label")}
      aria-busy={writing}
      className="search-overview relative overflow-hidden rounded-xl border bg-gradient-to-br from-primary/[0.04] to-transparent p-4 shadow-xs sm:p-5"
    >
      <header className="mb-3 flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 className="flex items-center gap-1.5 text-sm font-semibold">
          <Sparkles className="size-4 text-primary" aria-hidden="true" />
          {t("overview.title")}
        </h3>
        {model ? (
          <span className="text-xs text-muted-foreground">
            {t("overview.by", { model: findCatalogueModel(model)?.name ?? model })}
          </span>
        ) : null}
      </header>
      {overview ? (
        <Markdown caret={writing} className="text-[0.95rem]" sources={sources}>
          {overview}
        </Markdown>
      ) : writing ? (
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-3.5" />
          {t("overview.reading")}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">{t("overview.none")}</p>
      )}
    </section>
  );
}
