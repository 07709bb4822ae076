// One question and its answer on the search engine page (spec §3 "Search state", §4 "Search"): what
// arrived so far and the status text that follows the events. Pure, so the page and its tests agree.
import type { SavedSearch, SearchEvent, SearchImage, SearchSource } from "@tessera/contracts";
import { MAX_RELATED_IMAGES } from "@tessera/contracts";

export type TurnPhase = "running" | "complete" | "error" | "stopped";

export interface SearchTurn {
  /** Stable on this page, before the server has named the search. */
  key: string;
  searchId: string | null;
  query: string;
  phase: TurnPhase;
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
  error: string | null;
}

let counter = 0;
const nextKey = () => `turn-${++counter}`;

export function newTurn(query: string): SearchTurn {
  return {
    key: nextKey(),
    searchId: null,
    query,
    phase: "running",
    status: "Starting search...",
    progress: null,
    sources: [],
    images: [],
    overview: "",
    overviewModel: null,
    followUps: [],
    tokensUsed: null,
    cost: null,
    error: null,
  };
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "$0.00" for free answers, four decimals under a cent so a small price does not read as zero. */
export function formatCost(cost: number): string {
  if (cost === 0) return "$0.00";
  return cost < 0.01 ? `$${cost.toFixed(4)}` : `$${cost.toFixed(2)}`;
}

export function doneStatus(tokensUsed: number, cost: number): string {
  return `Done · ${plural(tokensUsed, "token")} · ${formatCost(cost)}`;
}

export const overviewStatus = (progress: number) => `Writing the overview... ${Math.round(progress)}%`;

export const STOPPED_STATUS = "Stopped. What arrived is kept.";
export const ENDED_EARLY = "The search ended before it was complete. Please try again.";

/** The turn after one event of its stream. */
export function applySearchEvent(turn: SearchTurn, event: SearchEvent): SearchTurn {
  switch (event.type) {
    case "start":
      return { ...turn, searchId: event.searchId, status: "Starting search..." };
    case "searching":
      return { ...turn, status: event.message };
    case "sources":
      return {
        ...turn,
        sources: event.sources,
        status: event.sources.length ? `Found ${plural(event.sources.length, "source")}` : "No sources found",
      };
    case "images": {
      const images = event.images.slice(0, MAX_RELATED_IMAGES);
      const found = turn.sources.length ? `Found ${plural(turn.sources.length, "source")}` : turn.status;
      return {
        ...turn,
        images,
        status: images.length ? `${found} and ${plural(images.length, "image")}` : turn.status,
      };
    }
    case "overview_start":
      return { ...turn, overviewModel: event.model, progress: 0, status: "Writing the overview..." };
    case "overview_chunk":
      return {
        ...turn,
        overview: turn.overview + event.content,
        progress: event.progress,
        status: overviewStatus(event.progress),
      };
    case "follow_up":
      return {
        ...turn,
        followUps: event.questions,
        progress: null,
        status: event.questions.length
          ? `Suggested ${plural(event.questions.length, "related question")}`
          : "Overview written",
      };
    case "complete":
      return {
        ...turn,
        searchId: event.searchId,
        phase: "complete",
        progress: null,
        tokensUsed: event.tokensUsed,
        cost: event.cost,
        status: doneStatus(event.tokensUsed, event.cost),
      };
    case "error":
      return { ...turn, phase: "error", progress: null, error: event.message, status: "Search failed" };
  }
}

export function stopTurn(turn: SearchTurn): SearchTurn {
  return turn.phase === "running"
    ? { ...turn, phase: "stopped", progress: null, status: STOPPED_STATUS }
    : turn;
}

export function failTurn(turn: SearchTurn, message: string): SearchTurn {
  return { ...turn, phase: "error", progress: null, error: message, status: "Search failed" };
}

export const STILL_RUNNING_STATUS = "Still searching... What it has found so far is shown.";
export const RECONNECTING_STATUS = "Connection lost. Following the search as it is stored...";

/**
 * A search read back from history, shown as it was saved. One still running (its page was left) is
 * followed as it is stored: `key` keeps its place on the page.
 */
export function turnFromSaved(saved: SavedSearch, key = nextKey()): SearchTurn {
  const phase: TurnPhase =
    saved.status === "complete" ? "complete" : saved.status === "running" ? "running" : "stopped";
  return {
    key,
    searchId: saved.id,
    query: saved.query,
    phase,
    status:
      saved.status === "complete"
        ? doneStatus(saved.tokensUsed, saved.cost)
        : saved.status === "error"
          ? "This search did not finish. What arrived is kept."
          : STILL_RUNNING_STATUS,
    progress: null,
    sources: saved.sources,
    images: saved.images.slice(0, MAX_RELATED_IMAGES),
    overview: saved.overview,
    overviewModel: null,
    followUps: saved.followUps,
    tokensUsed: saved.tokensUsed,
    cost: saved.cost,
    error: null,
  };
}

/**
 * What arrived on the page, filled in from what the server stored where that is further along (the
 * overview's drafts are stored once a second, so either can be ahead; sources and images, once found,
 * are the same in both).
 */
export function withStored(turn: SearchTurn, saved: SavedSearch): SearchTurn {
  return {
    ...turn,
    overview: saved.overview.length > turn.overview.length ? saved.overview : turn.overview,
    sources: turn.sources.length ? turn.sources : saved.sources,
    images: turn.images.length ? turn.images : saved.images.slice(0, MAX_RELATED_IMAGES),
  };
}

/** A running turn read again from what the server stored: as stored once it has ended. */
export function followedTurn(turn: SearchTurn, saved: SavedSearch): SearchTurn {
  if (saved.status === "running") return withStored(turn, saved);
  return { ...turnFromSaved(saved, turn.key), overviewModel: turn.overviewModel };
}

/**
 * The page's stream was lost after the search began: the search goes on on the server, so the turn
 * is followed as it is stored instead of failing. Before it began there is nothing to follow.
 */
export function lostTurn(turn: SearchTurn, message: string): SearchTurn {
  return turn.searchId ? { ...turn, progress: null, status: RECONNECTING_STATUS } : failTurn(turn, message);
}
