// Quick AI Search: a question here opens the search engine page, which runs it at once
// (navigation state `initialQuery`, spec 000 §2).
import { SEARCH_QUERY_MAX } from "@tessera/contracts";
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";

export const SEARCH_PAGE = "/dashboard/jigsaw-search";

export function QuickSearch() {
  const { t } = useTranslation("dashboard");
  const [query, setQuery] = useState("");
  const navigate = useNavigate();
  const blank = query.trim() === "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (blank) return;
    void navigate(SEARCH_PAGE, { state: { initialQuery: query.trim() } });
  };
  return (
    <section
      aria-labelledby="quick-search-heading"
      className="rounded-2xl border bg-card p-4 shadow-sm sm:p-5"
    >
      <h2 id="quick-search-heading" className="mb-3 flex items-center gap-2 text-sm font-medium">
        <Search className="size-4 text-primary" aria-hidden="true" />
        {t("search.title")}
      </h2>
      <form role="search" aria-label={t("search.title")} onSubmit={submit}>
        <div className="flex items-center gap-2 rounded-xl border bg-background p-1 ps-3.5 transition-[box-shadow,border-color] focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/20">
          <input
            type="search"
            aria-label={t("search.query")}
            value={query}
            maxLength={SEARCH_QUERY_MAX}
            placeholder={t("search.placeholder")}
            onChange={(event) => setQuery(event.target.value)}
            className="h-10 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground/80 [&::-webkit-search-cancel-button]:hidden"
          />
          <Button type="submit" disabled={blank}>
            {t("search.submit")}
          </Button>
        </div>
      </form>
    </section>
  );
}
