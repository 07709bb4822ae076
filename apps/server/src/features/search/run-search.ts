// One AI search (spec §4 Search, DESIGN.md's event contract): find sources with the search provider,
// send them and up to 12 images, write a cited overview with the search model, suggest follow-ups,
// and save it all: search's side of a durable answer (streams/run-answer.ts runs it and sends its one
// closing event, complete or error).
// A search outlives the page that asked for it (see search-routes.ts): what it has found is stored as
// it goes (the sources once found, the overview's text at most once a second), so the search read back
// from history shows it while it runs; it ends early only when stopped by its id, deleted, or the
// server shuts down, and keeps what it had.
import {
  DEEP_CRAWL_PAGES,
  LOCAL_SEARCH_PROVIDER,
  MAX_RELATED_IMAGES,
  MAX_SEARCH_SOURCES,
  SEARCH_MESSAGES,
  type SearchEvent,
  type SearchSource,
  type jigsawSearchRequestSchema,
} from "@tessera/contracts";
import type { ModelMessage } from "ai";
import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client";
import { searches } from "../../db/schema";
import { readTopResults } from "../../knowledge/deep-crawl";
import { indexWebResults } from "../../knowledge/search-index";
import { notFound } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { runsInProcess } from "../../providers/llm/runs-in-process";
import { estimateTokens, streamModel } from "../../providers/llm/stream-model";
import type { LlmRegistry, Passage } from "../../providers/llm/types";
import type { SearchProvider, WebResult } from "../../providers/search/types";
import type { DurableAnswers, OpenAnswer } from "../../streams/durable-answers";
import type { Ending } from "../../streams/run-answer";
import { createCiteRenumberer } from "./cite-renumber";
import { suggestFollowUps } from "./follow-ups";
import type { OverviewModel } from "./overview-model";
import { imagesWithPictures, sourcesWithPictures, type ImageSrc } from "./search-pictures";

export interface SearchDeps {
  db: Database;
  llm: LlmRegistry;
  search: SearchProvider;
  /** The local full-text index alone, for a search of the workspace (search_type `workspace`). */
  localSearch: SearchProvider;
  logger: Logger;
  idleMs: number;
  totalMs: number;
  /** The process's durable answers: a search is one, under its id, so Stop can name it. */
  answers: DurableAnswers;
  /** Development and tests only: lets deep crawl read pages on private addresses. */
  allowPrivateFetch?: boolean;
  /** Signs the image-proxy addresses the page loads favicons, thumbnails and related images from. */
  imageSrc?: ImageSrc;
}

/** How much of a deep-crawled page the overview model reads. */
const SOURCE_TEXT_FOR_MODEL = 4_000;

/** An overview of about this many characters is "100 %" of the progress shown while it streams. */
const EXPECTED_OVERVIEW_CHARS = 900;

export function domainOf(url: string): string {
  try {
    return new URL(url, "http://tessera.local").hostname.replace(/^www\./, "");
  } catch {
    return "";
  }
}

function overviewSystem(results: WebResult[]): string {
  return [
    "You write the overview of a web search inside Tessera: a short, factual answer in markdown.",
    "Use only these sources and cite them inline as [n]; say so when they do not answer the question.",
    results
      .map(
        (r, i) =>
          `[${i + 1}] ${r.title} (${r.url}): ${(r.content ?? r.snippet).slice(0, SOURCE_TEXT_FOR_MODEL)}`,
      )
      .join("\n\n"),
  ].join("\n\n");
}

/** Checks a follow-up's parent belongs to the caller before anything streams (404 otherwise). */
export async function loadParent(db: Database, userId: string, parentId: string | null | undefined) {
  if (!parentId) return null;
  const [parent] = await db
    .select({ id: searches.id, query: searches.query, overview: searches.overview })
    .from(searches)
    .where(and(eq(searches.id, parentId), eq(searches.userId, userId)));
  if (!parent) throw notFound("Search not found.");
  return parent;
}

/** Closes a search that ended without its own ending (a failure of ours), keeping what it stored. */
export const abandonSearch = (db: Database, searchId: string) => () =>
  db
    .update(searches)
    .set({ status: "error" })
    .where(and(eq(searches.id, searchId), eq(searches.status, "running")));

/** The search's events, from its start event to how it ended (run-answer.ts sends the closing one). */
export async function* searchAnswer(
  deps: SearchDeps,
  userId: string,
  input: z.output<typeof jigsawSearchRequestSchema>,
  parent: { id: string; query: string; overview: string } | null,
  /** From chooseOverviewModel; null when no model can write the overview. */
  writer: OverviewModel | null,
  /** The search, opened under the id its row takes. */
  answer: OpenAnswer,
): AsyncGenerator<SearchEvent, Ending<SearchEvent>> {
  const searchId = answer.key;
  const { signal } = answer;
  const provider = input.options.search_type === "workspace" ? deps.localSearch : deps.search;
  await deps.db.insert(searches).values({
    id: searchId,
    userId,
    parentId: parent?.id ?? null,
    query: input.query,
    provider: provider.id,
    writerId: deps.answers.writerId,
  });
  const stillRunning = and(eq(searches.id, searchId), eq(searches.status, "running"));
  /** Ended by its client gone, Stop or a shutdown: what it stored stays, marked failed. */
  const stopped = (kept: Partial<typeof searches.$inferInsert> = {}): Ending<SearchEvent> => ({
    status: "stopped",
    store: () =>
      deps.db
        .update(searches)
        .set({ ...kept, status: "error" })
        .where(stillRunning),
    event: null,
  });
  /** A failure: the row says so, and so does the closing event. */
  const fail = (code: string, err: unknown): Ending<SearchEvent> => {
    deps.logger.warn(
      { event: "search.failed", provider: provider.id, err: err instanceof Error ? err.message : "unknown" },
      "search failed",
    );
    return {
      status: "error",
      store: () => deps.db.update(searches).set({ status: "error" }).where(eq(searches.id, searchId)),
      event: { type: "error", error: code, message: SEARCH_MESSAGES.failed },
      failed: true,
    };
  };

  yield { type: "start", searchId, query: input.query };
  yield {
    type: "searching",
    provider: provider.id,
    message: provider.id === LOCAL_SEARCH_PROVIDER ? "Searching your workspace..." : "Searching the web...",
  };
  let found;
  try {
    found = await provider.search({
      query: input.query,
      safeSearch: input.options.safe_search,
      limit: MAX_SEARCH_SOURCES,
      userId,
      signal,
    });
  } catch (err) {
    return signal.aborted ? stopped() : fail("SEARCH_FAILED", err);
  }
  let crawl: Awaited<ReturnType<typeof readTopResults>> = {
    results: found.results,
    notes: new Map(),
    images: [],
  };
  if (found.provider !== "local" && found.results.length > 0) {
    // Deep crawl: the top pages are read in full, so the overview stands on more than snippets.
    const top = Math.min(found.results.length, DEEP_CRAWL_PAGES);
    yield {
      type: "searching",
      provider: provider.id,
      message: `Reading the top ${top === 1 ? "page" : `${top} pages`}...`,
      pages: top,
    };
    crawl = await readTopResults(found.results, {
      owner: userId,
      allowPrivate: deps.allowPrivateFetch,
      signal,
    });
    if (signal.aborted) return stopped();
  }
  const { results, notes } = crawl;
  const sources: SearchSource[] = results.map((r, i) => ({
    title: r.title,
    url: r.url,
    snippet: r.snippet,
    domain: domainOf(r.url),
    ...(r.thumbnail ? { thumbnail: r.thumbnail } : {}),
    ...(r.favicon ? { favicon: r.favicon } : {}),
    ...(notes.has(i) ? { note: notes.get(i) } : {}),
  }));
  // The provider's images first, then the pictures the crawled pages show for themselves.
  const images = [...found.images, ...crawl.images]
    .filter((img, i, all) => all.findIndex((o) => o.url === img.url) === i)
    .slice(0, MAX_RELATED_IMAGES);
  yield { type: "sources", sources: sourcesWithPictures(sources, deps.imageSrc) };
  yield { type: "images", images: imagesWithPictures(images, deps.imageSrc) };
  // Read back from history while the overview is written.
  await deps.db.update(searches).set({ sources, images }).where(stillRunning);
  // Pages a provider brought in (read in full where deep crawl could) stay searchable offline.
  if (found.provider !== "local") await indexWebResults(deps.db, userId, results);

  let overview = "";
  let tokensUsed = 0;
  let cost = 0;
  let followUps: string[] = [];
  if (input.options.ai_overview && sources.length > 0) {
    if (!writer) return fail("MODEL_UNAVAILABLE", new Error("no model can write the overview"));
    // Tessera Local answers from exactly these sources, as it would from workspace knowledge.
    const passages: Passage[] = results.map((r, i) => ({
      id: String(i),
      // So the overview says where it read: "From the Tessera help:", "From your documents:".
      kind: r.kind ?? "web",
      title: r.title,
      url: r.url,
      content: r.content ?? r.snippet.replace(/\*\*/g, ""),
      rank: sources.length - i,
    }));
    writer.read(passages);
    const { resolved } = writer;
    yield { type: "overview_start", model: resolved.catalogueId };
    const history: ModelMessage[] = parent
      ? [
          { role: "user", content: parent.query },
          { role: "assistant", content: parent.overview },
        ]
      : [];
    const stream = streamModel({
      model: resolved.model,
      system: overviewSystem(results),
      messages: [...history, { role: "user", content: input.query }],
      signal,
      idleMs: deps.idleMs,
      totalMs: deps.totalMs,
    });
    const cited: string[] = [];
    const renumber = createCiteRenumberer((n) => {
      const url = cited[n - 1];
      const at = url === undefined ? -1 : sources.findIndex((s) => s.url === url);
      return at < 0 ? undefined : at + 1;
    });
    const chunk = (content: string): SearchEvent => {
      overview += content;
      answer.grow(overview);
      const progress = Math.min(99, Math.round((overview.length / EXPECTED_OVERVIEW_CHARS) * 100));
      return { type: "overview_chunk", content, progress };
    };
    let next = await stream.next();
    while (!next.done) {
      if (next.value.type === "source") cited.push(next.value.url);
      else if (next.value.type === "text") {
        const text = renumber.push(next.value.text);
        if (text) yield chunk(text);
      }
      next = await stream.next();
    }
    const rest = renumber.flush();
    if (rest) yield chunk(rest);
    const outcome = next.value;
    // Stopped, or the server is shutting down: keep what was written.
    if (outcome.interrupted) return stopped({ sources, images, overview });
    if (outcome.failure) return fail("OVERVIEW_FAILED", new Error(outcome.failure));
    tokensUsed = outcome.outputTokens ?? estimateTokens(overview);
    cost = runsInProcess(resolved.provider) ? 0 : (outcome.cost ?? 0);
    try {
      const suggested = await suggestFollowUps(
        resolved,
        input.query,
        overview,
        sources,
        signal,
        writer.language,
      );
      followUps = suggested.questions;
      tokensUsed += suggested.tokens;
    } catch (err) {
      // Follow-ups are a nicety: the search stands without them.
      deps.logger.warn(
        { event: "search.follow_ups_failed", err: err instanceof Error ? err.name : "unknown" },
        "no follow-ups",
      );
    }
    yield { type: "follow_up", questions: followUps };
  }

  return {
    status: "complete",
    details: { provider: provider.id, tokens: tokensUsed },
    store: () =>
      deps.db
        .update(searches)
        .set({ sources, images, overview, followUps, tokensUsed, cost, status: "complete" })
        .where(eq(searches.id, searchId)),
    event: { type: "complete", searchId, tokensUsed, cost },
  };
}

/** Stores the overview so far; false once the search is no longer running (stopped, deleted). */
export const draftOverview = (db: Database, searchId: string) => async (overview: string) => {
  const kept = await db
    .update(searches)
    .set({ overview })
    .where(and(eq(searches.id, searchId), eq(searches.status, "running")))
    .returning({ id: searches.id });
  return kept.length > 0;
};
