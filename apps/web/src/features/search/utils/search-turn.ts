// One question and its answer on the search engine page (spec §3 "Search state", §4 "Search"): what
// each event of its stream means, what the server stored, and the status text the page shows. A search
// is a durable answer (lib/durable-answer): its life (running, stopped, followed as stored) is that
// machine's; what it found is this file's. Pure, so the page and its tests agree.
import type { SavedSearch, SearchEvent, SearchImage, SearchSource } from "@tessera/contracts";
import { MAX_RELATED_IMAGES } from "@tessera/contracts";
import {
  isRunning,
  type AnswerEvent,
  type AnswerPhase,
  type DurableAnswer,
} from "@/lib/durable-answer/durable-answer";

export type TurnPhase = "running" | "complete" | "error" | "stopped";

/** What a search has brought so far. */
export interface SearchFound {
  /** The status line its stream's events wrote ("Found 2 sources"). */
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

export const nothingFound = (): SearchFound => ({
  status: "Starting search...",
  progress: null,
  sources: [],
  images: [],
  overview: "",
  overviewModel: null,
  followUps: [],
  tokensUsed: null,
  cost: null,
});

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "$0.00" for free answers, four decimals under a cent so a small price does not read as zero. */
export function formatCost(cost: number): string {
  if (cost === 0) return "$0.00";
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}

export const doneStatus = (tokensUsed: number, cost: number) =>
  `Done · ${plural(tokensUsed, "token")} · ${formatCost(cost)}`;

export const STOPPED_STATUS = "Stopped. What arrived is kept.";
export const ENDED_EARLY = "The search ended before it was complete. Please try again.";
export const STILL_RUNNING_STATUS = "Still searching... What it has found so far is shown.";
export const RECONNECTING_STATUS = "Connection lost. Following the search as it is stored...";
const UNFINISHED_STATUS = "This search did not finish. What arrived is kept.";

/** What one event of a search's stream means: for its life, and for what it found. */
export function searchEventMeaning(found: SearchFound, event: SearchEvent): AnswerEvent<SearchFound> {
  const grew = (change: Partial<SearchFound>) => ({ type: "grew" as const, value: { ...found, ...change } });
  const foundSources = (n: number) => (n ? `Found ${plural(n, "source")}` : "No sources found");
  switch (event.type) {
    case "start":
      return { type: "named", name: event.searchId, value: { ...found, status: "Starting search..." } };
    case "searching":
      return grew({ status: event.message });
    case "sources":
      return grew({ sources: event.sources, status: foundSources(event.sources.length) });
    case "images": {
      const images = event.images.slice(0, MAX_RELATED_IMAGES);
      const sources = found.sources.length ? foundSources(found.sources.length) : found.status;
      return grew({
        images,
        status: images.length ? `${sources} and ${plural(images.length, "image")}` : found.status,
      });
    }
    case "overview_start":
      return grew({ overviewModel: event.model, progress: 0, status: "Writing the overview..." });
    case "overview_chunk":
      return grew({
        overview: found.overview + event.content,
        progress: event.progress,
        status: `Writing the overview... ${Math.round(event.progress)}%`,
      });
    case "follow_up": {
      const n = event.questions.length;
      const status = n ? `Suggested ${plural(n, "related question")}` : "Overview written";
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
  if (phase === "stopped") return STOPPED_STATUS;
  if (phase === "failed") return "Search failed";
  if (phase === "interrupted") return UNFINISHED_STATUS;
  if (phase === "complete") return doneStatus(value.tokensUsed ?? 0, value.cost ?? 0);
  if (reading === "reconnecting") return RECONNECTING_STATUS;
  return reading === "following" ? STILL_RUNNING_STATUS : value.status;
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
