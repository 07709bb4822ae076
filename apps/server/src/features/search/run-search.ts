// One AI search (spec §4 Search, DESIGN.md's event contract): find sources with the search provider,
// send them and up to 12 images, write a cited overview with the search model, suggest follow-ups,
// and save it all. Exactly one closing event: complete or error.
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
import { isServerShutdown, type LiveStreams } from "../../lib/live-streams";
import type { Logger } from "../../lib/logger";
import { DRAFT_WRITE_MS, restartingEvent, startDraftWriter } from "../../lib/stream-store";
import { runsInProcess } from "../../providers/llm/runs-in-process";
import { estimateTokens, streamModel } from "../../providers/llm/stream-model";
import type { LlmRegistry, Passage } from "../../providers/llm/types";
import type { SearchProvider, WebResult } from "../../providers/search/types";
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
  /** The process's open streams: a search is tracked under its id, so Stop can name it. */
  streams?: LiveStreams;
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

export async function* runSearch(
  deps: SearchDeps,
  userId: string,
  /** The new search's id, chosen by the route so that its stream can be tracked under it. */
  searchId: string,
  input: z.output<typeof jigsawSearchRequestSchema>,
  parent: { id: string; query: string; overview: string } | null,
  /** From chooseOverviewModel; null when no model can write the overview. */
  writer: OverviewModel | null,
  signal: AbortSignal,
): AsyncGenerator<SearchEvent> {
  const provider = input.options.search_type === "workspace" ? deps.localSearch : deps.search;
  await deps.db.insert(searches).values({
    id: searchId,
    userId,
    parentId: parent?.id ?? null,
    query: input.query,
    provider: provider.id,
  });
  const stillRunning = and(eq(searches.id, searchId), eq(searches.status, "running"));
  // The row says how the search ended; one that ends otherwise (its client left while it searched, a
  // failure of our own) is closed as failed on the way out, keeping what it stored.
  let settled = false;
  const fail = async (code: string, err: unknown): Promise<SearchEvent> => {
    deps.logger.warn(
      {
        event: "search.failed",
        provider: provider.id,
        err: err instanceof Error ? err.message : "unknown",
      },
      "search failed",
    );
    await deps.db.update(searches).set({ status: "error" }).where(eq(searches.id, searchId));
    settled = true;
    return { type: "error", error: code, message: SEARCH_MESSAGES.failed };
  };

  try {
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
      if (!signal.aborted) yield await fail("SEARCH_FAILED", err);
      return;
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
      };
      crawl = await readTopResults(found.results, {
        owner: userId,
        allowPrivate: deps.allowPrivateFetch,
        signal,
      });
      if (signal.aborted) return;
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
      if (!writer) {
        yield await fail("MODEL_UNAVAILABLE", new Error("no model can write the overview"));
        return;
      }
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
      // The overview so far, in the background. A draft that finds the search gone (deleted) or
      // closed (stopped where no process heard it) ends it, as Stop would.
      const draft = startDraftWriter(
        async (text) => {
          const kept = await deps.db
            .update(searches)
            .set({ overview: text })
            .where(stillRunning)
            .returning({ id: searches.id });
          if (kept.length === 0) void deps.streams?.stop(searchId);
        },
        {
          everyMs: DRAFT_WRITE_MS,
          onError: (err) =>
            deps.logger.warn(
              { event: "search.draft_failed", err: err instanceof Error ? err.message : String(err) },
              "overview draft not stored",
            ),
        },
      );
      const chunk = (content: string): SearchEvent => {
        overview += content;
        draft.set(overview);
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
      await draft.stop();
      const outcome = next.value;
      if (outcome.interrupted) {
        // Stopped, or the server is shutting down: keep what was written.
        const kept = await deps.db
          .update(searches)
          .set({ status: "error", sources, images, overview })
          .where(stillRunning)
          .returning({ id: searches.id });
        settled = true;
        if (isServerShutdown(signal)) yield restartingEvent(kept.length > 0);
        return;
      }
      if (outcome.failure) {
        yield await fail("OVERVIEW_FAILED", new Error(outcome.failure));
        return;
      }
      tokensUsed = outcome.outputTokens ?? estimateTokens(overview);
      cost = runsInProcess(resolved.provider) ? 0 : (outcome.cost ?? 0);
      try {
        const suggested = await suggestFollowUps(resolved, input.query, overview, sources, signal);
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

    await deps.db
      .update(searches)
      .set({ sources, images, overview, followUps, tokensUsed, cost, status: "complete" })
      .where(eq(searches.id, searchId));
    settled = true;
    yield { type: "complete", searchId, tokensUsed, cost };
  } finally {
    if (!settled)
      await deps.db
        .update(searches)
        .set({ status: "error" })
        .where(and(eq(searches.id, searchId), eq(searches.status, "running")))
        .catch((err: unknown) =>
          deps.logger.warn(
            { event: "search.close_failed", err: err instanceof Error ? err.message : "unknown" },
            "search left running; the sweep will close it",
          ),
        );
  }
}
