// /dashboard/tessera-search, the simple search page (spec §2): one question, one streamed answer.
// The full search engine page, with sources, images and follow-ups, is one link away.
import { SEARCH_MESSAGES } from "@tessera/contracts";
import { ArrowRight, Search, Sparkles, Square } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Markdown } from "@/components/markdown";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { usePublicConfigQuery } from "@/lib/public-config-query";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAiSearch } from "../hooks/use-ai-search";
import { readAiSearchChoice, saveAiSearchChoice } from "../utils/search-preferences";
import { AiSearchOptions } from "./ai-search-options";

export function TesseraSearchPage() {
  const { t } = useTranslation("search");
  useDocumentTitle(t("simple.title"));
  const [query, setQuery] = useState("");
  const [choice, setChoice] = useState(readAiSearchChoice);
  const { question, answer, phase, error, ask, stop, clearError } = useAiSearch();
  const searching = phase === "searching";
  const webSearch = usePublicConfigQuery().data?.webSearch ?? false;

  const run = () => void ask(query, choice);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    run();
  };

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:px-8 sm:py-12">
      <header className="flex flex-col items-center gap-3 text-center">
        <span className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-500/15 to-violet-500/15 text-primary ring-1 ring-primary/15">
          <Search className="size-6" aria-hidden="true" />
        </span>
        <h1 className="text-3xl font-semibold tracking-tight">{t("simple.title")}</h1>
        <p className="max-w-lg text-sm text-muted-foreground sm:text-base">{t("simple.intro")}</p>
      </header>

      <form
        role="search"
        aria-label={t("simple.title")}
        onSubmit={submit}
        className="flex flex-col gap-2"
        noValidate
      >
        <div className="flex gap-2">
          <Input
            aria-label={t("simple.question")}
            placeholder={t("simple.placeholder")}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              if (error === SEARCH_MESSAGES.emptyQuery) clearError();
            }}
            aria-invalid={error === SEARCH_MESSAGES.emptyQuery || undefined}
            className="h-11 text-base"
          />
          {searching ? (
            <Button type="button" variant="outline" className="h-11" onClick={stop}>
              <Square className="size-3.5 fill-current" aria-hidden="true" />
              {t("form.stop")}
            </Button>
          ) : (
            // Never disabled: a blank question, clicked or entered, is told why nothing happens (spec §5).
            <Button type="submit" className="h-11">
              {t("simple.search")}
            </Button>
          )}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-destructive">
            {error === SEARCH_MESSAGES.emptyQuery ? t("simple.emptyQuery") : error}
          </p>
        ) : null}
        <AiSearchOptions
          choice={choice}
          onChange={(next) => {
            setChoice(next);
            saveAiSearchChoice(next);
          }}
          webSearch={webSearch}
          disabled={searching}
        />
      </form>

      {question ? (
        <section
          aria-label={t("simple.answer")}
          aria-busy={searching}
          className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-xs"
        >
          <h2 className="flex items-center gap-2 text-sm font-semibold">
            <Sparkles className="size-4 text-primary" aria-hidden="true" />
            <span className="min-w-0 break-words">{question}</span>
          </h2>
          {answer ? (
            <Markdown caret={searching}>{answer}</Markdown>
          ) : searching ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-3.5" />
              {t("simple.searching")}
            </p>
          ) : phase === "done" ? (
            <p className="text-sm text-muted-foreground">{t("simple.nothingFound")}</p>
          ) : null}
          {phase === "stopped" ? (
            <p className="text-xs text-muted-foreground">{t("status.stopped")}</p>
          ) : null}
        </section>
      ) : null}

      <Link
        to="/dashboard/jigsaw-search"
        state={question ? { initialQuery: question } : undefined}
        className="group mx-auto flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        {question ? t("simple.seeSources") : t("simple.openEngine")}
        <ArrowRight
          className="size-4 transition rtl:-scale-x-100 ltr:group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5"
          aria-hidden="true"
        />
      </Link>
    </div>
  );
}
