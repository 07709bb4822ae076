import { MessageCircleQuestion } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/utils";
import type { SearchTurn } from "../utils/search-turn";
import { RelatedImages } from "./related-images";
import { RelatedQuestions } from "./related-questions";
import { SearchOverview } from "./search-overview";
import { SearchStatus } from "./search-status";
import { SourceList } from "./source-list";

/** One question of the thread and everything its search brought: status, sources, overview, images. */
export function SearchResult({
  turn,
  followUp,
  busy,
  onAsk,
}: {
  turn: SearchTurn;
  /** Asked under an earlier question of the thread. */
  followUp: boolean;
  /** A search is running: related questions wait. */
  busy: boolean;
  onAsk: (question: string) => void;
}) {
  const { t } = useTranslation("search");
  const running = turn.phase === "running";
  const article = useRef<HTMLElement>(null);
  // A follow-up just asked at the bottom of a long thread: bring its question into view.
  const scrollOnMount = useRef(followUp && running);
  useEffect(() => {
    if (scrollOnMount.current) article.current?.scrollIntoView?.({ block: "start", behavior: "smooth" });
  }, []);
  const hasOverview = turn.overview !== "" || turn.overviewModel !== null;
  return (
    <article
      ref={article}
      aria-label={turn.query}
      aria-busy={running}
      data-phase={turn.phase}
      className={cn("flex min-w-0 scroll-mt-20 flex-col gap-4", followUp && "border-t pt-6")}
    >
      <header className="flex flex-col gap-2">
        {followUp ? (
          <span className="flex items-center gap-1 text-xs font-medium text-muted-foreground">
            <MessageCircleQuestion className="size-3.5" aria-hidden="true" />
            {t("result.followUp")}
          </span>
        ) : null}
        <h2 className="text-xl leading-snug font-semibold tracking-tight break-words sm:text-2xl">
          {turn.query}
        </h2>
        <SearchStatus turn={turn} />
      </header>
      {turn.error ? (
        <p role="alert" className="rounded-lg bg-destructive/8 px-3 py-2 text-sm text-destructive">
          {turn.error}
        </p>
      ) : null}
      {turn.sources.length > 0 ? <SourceList sources={turn.sources} /> : null}
      {turn.phase === "complete" && turn.sources.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
          {t("result.nothingMatched")}
        </p>
      ) : null}
      {hasOverview ? (
        <SearchOverview
          overview={turn.overview}
          sources={turn.sources}
          model={turn.overviewModel}
          writing={running && turn.overviewModel !== null}
        />
      ) : null}
      <RelatedImages images={turn.images} />
      <RelatedQuestions questions={turn.followUps} disabled={busy} onAsk={onAsk} />
    </article>
  );
}
