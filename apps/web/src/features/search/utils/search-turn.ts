// One question and its answer on the search engine page (spec §3 "Search state", §4 "Search"): what
// each event of its stream means, what the server stored, and the status text the page shows. A search
// is a durable answer (lib/durable-answer): its life (running, stopped, followed as stored) is that
// machine's; what it found is this file's. Pure but for the language its texts are written in, so
// the page and its tests agree.
import type { SavedSearch, SearchEvent, SearchImage, SearchSource } from "@tessera/contracts";
import { LOCAL_SEARCH_PROVIDER, MAX_RELATED_IMAGES } from "@tessera/contracts";
import i18next from "i18next";
import {
  isRunning,
  type AnswerEvent,
  type AnswerPhase,
  type DurableAnswer,
} from "@/lib/durable-answer/durable-answer";
import { activeLocale, formatCurrency } from "@/lib/utils";

export type TurnPhase = "running" | "complete" | "error" | "stopped";

/** What a search has brought so far. */
export interface SearchFound {
  /** The status line its stream's events wrote ("Found 2 sources"), in the language of then. */
  status: string;
  /** 0–100 while the overview is written; null before and after. */
  progress: number | null;
  sources: SearchSource[];
  images: SearchImage[];
  overview: string;
  /** The model writing the overview, once it started. */
  overviewModel: string | null;
  followUps: string[];
  tokensUsed: number | null;
  cost: number | null;
}

export type SearchAnswer = DurableAnswer<SearchFound>;

/** One question of the thread as the page shows it. */
export interface SearchTurn extends SearchFound {
  /** Stable on this page, before the server has named the search. */
  key: string;
  searchId: string | null;
  query: string;
  phase: TurnPhase;
  error: string | null;
}

let counter = 0;
export const nextTurnKey = () => `turn-${++counter}`;

/** A text of the search namespace, in the app's language at the time it is asked for. */
const say = (key: string, values?: Record<string, unknown>): string => i18next.t(`search:${key}`, values);

export const nothingFound = (): SearchFound => ({
  status: say("status.starting"),
  progress: null,
  sources: [],
  images: [],
  overview: "",
  overviewModel: null,
  followUps: [],
  tokensUsed: null,
  cost: null,
});

/** "$0.00" for free answers, four decimals under a cent so a small price does not read as zero. */
export function formatCost(cost: number): string {
  if (cost === 0 || cost >= 0.01) return formatCurrency(cost);
  return formatCurrency(cost, "USD", { minimumFractionDigits: 4, maximumFractionDigits: 4 });
}

export const doneStatus = (tokensUsed: number, cost: number) =>
  say("status.done", { tokens: say("status.tokens", { count: tokensUsed }), cost: formatCost(cost) });

/** 0–100 as the app's language writes a share: "20%", "20 %" in French. */
const formatPercent = (progress: number) =>
  new Intl.NumberFormat(activeLocale(), { style: "percent", maximumFractionDigits: 0 }).format(
    progress / 100,
  );

/** A search that ended before its `complete`: said on the page and in its toast. */
export const endedEarly = () => say("errors.endedEarly");

/** What one event of a search's stream means: for its life, and for what it found. */
export function searchEventMeaning(found: SearchFound, event: SearchEvent): AnswerEvent<SearchFound> {
  const grew = (change: Partial<SearchFound>) => ({ type: "grew" as const, value: { ...found, ...change } });
  const foundSources = (n: number) => (n ? say("status.sources", { count: n }) : say("status.noSources"));
  switch (event.type) {
    case "start":
      return { type: "named", name: event.searchId, value: { ...found, status: say("status.starting") } };
    case "searching":
      // Worded here, in the reader's language: the event's message is the server's English.
      return grew({
        status:
          event.pages !== undefined
            ? say("status.reading", { count: event.pages })
            : event.provider === LOCAL_SEARCH_PROVIDER
              ? say("status.searchingWorkspace")
              : say("status.searchingWeb"),
      });
    case "sources":
      return grew({ sources: event.sources, status: foundSources(event.sources.length) });
    case "images": {
      const images = event.images.slice(0, MAX_RELATED_IMAGES);
      const sources = found.sources.length ? foundSources(found.sources.length) : found.status;
      return grew({
        images,
        status: images.length
          ? say("status.withImages", {
              status: sources,
              images: say("status.images", { count: images.length }),
            })
          : found.status,
      });
    }
    case "overview_start":
      return grew({ overviewModel: event.model, progress: 0, status: say("status.writing") });
    case "overview_chunk":
      return grew({
        overview: found.overview + event.content,
        progress: event.progress,
        status: say("status.writingProgress", { percent: formatPercent(event.progress) }),
      });
    case "follow_up": {
      const n = event.questions.length;
      const status = n ? say("status.related", { count: n }) : say("status.written");
      return grew({ followUps: event.questions, progress: null, status });
    }
    case "complete": {
      const { tokensUsed, cost } = event;
      return { type: "closed", phase: "complete", value: { ...found, progress: null, tokensUsed, cost } };
    }
    case "error":
      return { type: "closed", phase: "failed", value: { ...found, progress: null }, error: event.message };
  }
}

/** A saved search's phase as a durable answer's: one that ended with an error kept what it had. */
export const savedPhase = (saved: SavedSearch): AnswerPhase =>
  saved.status === "running" ? "streaming" : saved.status === "complete" ? "complete" : "interrupted";

/** What a saved search found, as stored. */
export const foundFromSaved = (saved: SavedSearch): SearchFound => ({
  ...nothingFound(),
  sources: saved.sources,
  images: saved.images.slice(0, MAX_RELATED_IMAGES),
  overview: saved.overview,
  followUps: saved.followUps,
  tokensUsed: saved.tokensUsed,
  cost: saved.cost,
});

/**
 * A search read again as stored. Still running (or stopped here): what arrived on the page, filled in
 * from the stored search where that is further along (the overview's drafts are stored once a second,
 * so either can be ahead; sources and images, once found, are the same in both). Ended: as stored.
 */
export function storedSearch(answer: SearchAnswer, saved: SavedSearch) {
  const phase = savedPhase(saved);
  const found = answer.value;
  if (isRunning(phase) || answer.phase === "stopped") {
    const value = {
      ...found,
      overview: saved.overview.length > found.overview.length ? saved.overview : found.overview,
      sources: found.sources.length ? found.sources : saved.sources,
      images: found.images.length ? found.images : saved.images.slice(0, MAX_RELATED_IMAGES),
    };
    return { phase, value };
  }
  return { phase, value: { ...foundFromSaved(saved), overviewModel: found.overviewModel } };
}

function statusOf({ phase, reading, value }: SearchAnswer): string {
  if (phase === "stopped") return say("status.stopped");
  if (phase === "failed") return say("status.failed");
  if (phase === "interrupted") return say("status.unfinished");
  if (phase === "complete") return doneStatus(value.tokensUsed ?? 0, value.cost ?? 0);
  if (reading === "reconnecting") return say("status.reconnecting");
  return reading === "following" ? say("status.following") : value.status;
}

const TURN_PHASES: Record<AnswerPhase, TurnPhase> = {
  pending: "running",
  streaming: "running",
  complete: "complete",
  failed: "error",
  stopped: "stopped",
  interrupted: "stopped",
};

/** One question and its search, as the page shows it. */
export function searchTurn(key: string, query: string, answer: SearchAnswer): SearchTurn {
  const reading = answer.reading === "stream" && isRunning(answer.phase);
  return {
    ...answer.value,
    key,
    query,
    searchId: answer.name,
    phase: TURN_PHASES[answer.phase],
    status: statusOf(answer),
    progress: reading ? answer.value.progress : null,
    error: answer.error,
  };
}
