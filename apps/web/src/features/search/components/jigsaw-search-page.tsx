// /dashboard/jigsaw-search, the search engine page (spec §2 "Search screens", §4 "Search"): a question
// box with its options, suggestions before the first search, then the thread of questions with their
// sources, cited overview, images and related questions, a follow-up box under it, and the history.
// A question handed over by another page (navigation state `initialQuery`, or `?q=`) runs at once.
import { searchTypeOf } from "@tessera/contracts";
import { History, Plus, Telescope } from "lucide-react";
import type { TFunction } from "i18next";
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { FeatureErrorBoundary } from "@/components/error-boundary";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetTitle } from "@/components/ui/sheet";
import { Spinner } from "@/components/ui/spinner";
import { usePublicConfigQuery } from "@/lib/public-config-query";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSearchThread } from "../hooks/use-search-thread";
import type { SearchThreadSummary } from "../utils/group-threads";
import { readSearchOptions, saveSearchOptions } from "../utils/search-preferences";
import { SearchForm } from "./search-form";
import { SearchHistory } from "./search-history";
import { SearchOptionsBar } from "./search-options";
import { SearchResult } from "./search-result";
import { SearchSuggestions } from "./search-suggestions";

function initialQueryOf(state: unknown): string | null {
  if (typeof state !== "object" || state === null || !("initialQuery" in state)) return null;
  return typeof state.initialQuery === "string" ? state.initialQuery : null;
}

/** Where the search looks: the web through this server's provider, else the workspace's own index. */
function searchPlaceholder(t: TFunction<"search">, webSearch: boolean | undefined): string {
  if (webSearch === undefined) return t("engine.placeholder");
  return webSearch ? t("engine.placeholderWeb") : t("engine.placeholderWorkspace");
}

export function JigsawSearchPage() {
  const { t } = useTranslation("search");
  const webSearch = usePublicConfigQuery().data?.webSearch;
  useDocumentTitle(t("engine.title"));
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { turns, isSearching, openingThread, search, followUp, stop, openThread, clear } = useSearchThread();
  const [query, setQuery] = useState("");
  const [followUpText, setFollowUpText] = useState("");
  const [options, setOptions] = useState(readSearchOptions);
  const [historyOpen, setHistoryOpen] = useState(false);
  // Stop shows in the box that started the running search, where the person is looking.
  const [stopIn, setStopIn] = useState<"top" | "follow-up">("top");

  const startSearch = useCallback(
    (text: string) => {
      setQuery(text);
      setStopIn("top");
      void search(text, options);
    },
    [search, options],
  );

  // The handed-over question is used once: a reload or Back must not run it again. It starts a tick
  // later, so React's trial mount in development does not start a search and abort it straight away.
  const initialQuery = (initialQueryOf(location.state) ?? params.get("q"))?.trim() || null;
  useEffect(() => {
    if (!initialQuery) return;
    const timer = setTimeout(() => {
      startSearch(initialQuery);
      void navigate({ pathname: location.pathname }, { replace: true, state: null });
    }, 0);
    return () => clearTimeout(timer);
  }, [initialQuery, startSearch, navigate, location.pathname]);

  const askRelated = (question: string) => {
    startSearch(question);
    window.scrollTo({ top: 0 });
  };
  const askFollowUp = (text: string) => {
    setFollowUpText("");
    setStopIn("follow-up");
    void followUp(text, options);
  };
  const open = async (thread: SearchThreadSummary) => {
    setHistoryOpen(false);
    setQuery(thread.query);
    const saved = await openThread(thread.searchIds);
    const latest = saved?.at(-1);
    // Its follow-ups look where the thread looked (shown, not remembered as the person's choice).
    if (latest && webSearch !== undefined)
      setOptions((now) => ({ ...now, search_type: searchTypeOf(latest.provider, webSearch) }));
  };
  const startOver = () => {
    clear();
    setQuery("");
  };
  const activeRootId = turns[0]?.searchId ?? null;
  const history = (className: string, inSheet = false) => (
    <SearchHistory
      className={className}
      inSheet={inSheet}
      activeRootId={activeRootId}
      onOpen={(thread) => void open(thread)}
      onDeleted={(thread) => thread.rootId === activeRootId && startOver()}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl items-start gap-8 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
      <div className="flex min-w-0 flex-1 flex-col gap-6">
        <header className="flex items-start gap-3 sm:gap-4">
          <span className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500/15 to-violet-500/15 text-primary ring-1 ring-primary/15 sm:flex">
            <Telescope className="size-5" aria-hidden="true" />
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{t("engine.title")}</h1>
            <p className="text-sm text-muted-foreground sm:text-base">{t("engine.intro")}</p>
          </div>
          <div className="flex shrink-0 items-center gap-2">
            {turns.length > 0 ? (
              <Button variant="outline" size="sm" onClick={startOver}>
                <Plus aria-hidden="true" />
                <span className="sr-only sm:not-sr-only">{t("engine.newSearch")}</span>
              </Button>
            ) : null}
            <Button variant="outline" size="sm" className="lg:hidden" onClick={() => setHistoryOpen(true)}>
              <History aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">{t("engine.history")}</span>
            </Button>
          </div>
        </header>

        <SearchForm
          value={query}
          onValueChange={setQuery}
          onSubmit={startSearch}
          onStop={stopIn === "top" ? stop : undefined}
          isSearching={isSearching}
          label={t("engine.searchLabel")}
          placeholder={searchPlaceholder(t, webSearch)}
          submitLabel={t("engine.submit")}
        >
          <SearchOptionsBar
            options={options}
            onChange={(next) => {
              setOptions(next);
              saveSearchOptions(next);
            }}
            webSearch={webSearch ?? false}
            disabled={isSearching}
          />
        </SearchForm>

        <FeatureErrorBoundary feature="search">
          {openingThread ? (
            <Spinner label={t("engine.opening")} className="mx-auto my-10 size-6 text-primary" />
          ) : turns.length === 0 ? (
            <SearchSuggestions onPick={startSearch} />
          ) : (
            <div className="flex flex-col gap-6">
              <section aria-label={t("engine.results")} className="flex flex-col gap-6">
                {turns.map((turn, index) => (
                  <SearchResult
                    key={turn.key}
                    turn={turn}
                    followUp={index > 0}
                    busy={isSearching}
                    onAsk={askRelated}
                  />
                ))}
              </section>
              <SearchForm
                value={followUpText}
                onValueChange={setFollowUpText}
                onSubmit={askFollowUp}
                onStop={stopIn === "follow-up" ? stop : undefined}
                isSearching={isSearching}
                label={t("engine.followUpLabel")}
                placeholder={t("engine.followUpPlaceholder")}
                submitLabel={t("engine.ask")}
                size="default"
              />
            </div>
          )}
        </FeatureErrorBoundary>
      </div>

      {history(
        "sticky top-20 hidden max-h-[calc(100svh-7rem)] w-72 shrink-0 overflow-hidden rounded-xl border bg-card/60 lg:flex",
      )}
      <Sheet open={historyOpen} onOpenChange={setHistoryOpen}>
        <SheetContent className="w-[18rem]" closeLabel={t("engine.closeHistory")}>
          <SheetTitle className="sr-only">{t("history.title")}</SheetTitle>
          <SheetDescription className="sr-only">{t("engine.historyDescription")}</SheetDescription>
          {history("h-full", true)}
        </SheetContent>
      </Sheet>
    </div>
  );
}
