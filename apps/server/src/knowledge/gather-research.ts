// Research for a chat message (spec: research and deep crawl only for models flagged for research):
// sources from the configured web search provider, the top 3 read in full when deep crawl is on, or
// from the workspace's own knowledge when no web provider is configured or it fails. Pages read
// from the web are kept in the local index, so later searches find them offline.
import { RESEARCH_DEEP_CRAWL_SOURCES } from "@tessera/contracts";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { citedChunkOf, type CitedChunk } from "../providers/llm/cited-chunk";
import type { Retrieve } from "../providers/llm/types";
import type { SearchProvider } from "../providers/search/types";
import { readTopResults } from "./deep-crawl";
import { indexWebResults } from "./search-index";

/** One source for the model: `snippet` travels to the client, `text` only to the model. */
export interface ResearchSource extends CitedChunk {
  title: string;
  url: string;
  snippet: string;
  text: string;
}

const SNIPPET_CHARS = 300;
const TEXT_FOR_MODEL = 4_000;
const WEB_RESULTS = 5;

export interface ResearchDeps {
  db: Database;
  search: SearchProvider;
  logger: Logger;
  allowPrivateFetch?: boolean;
}

export async function gatherResearch(
  deps: ResearchDeps,
  req: { userId: string; query: string; deepCrawl: boolean; retrieve: Retrieve; signal?: AbortSignal },
): Promise<ResearchSource[]> {
  if (deps.search.id !== "local") {
    try {
      return await fromWeb(deps, req);
    } catch (err) {
      deps.logger.warn(
        {
          event: "research.web_failed",
          provider: deps.search.id,
          err: err instanceof Error ? err.message : "unknown",
        },
        "web research failed; answering from the workspace",
      );
    }
  }
  const hits = await req.retrieve(req.query, req.deepCrawl ? RESEARCH_DEEP_CRAWL_SOURCES : WEB_RESULTS);
  return hits.map((h, i) => ({
    ...citedChunkOf(h),
    title: h.title,
    url: h.url,
    snippet: h.content.slice(0, SNIPPET_CHARS),
    text: req.deepCrawl && i < RESEARCH_DEEP_CRAWL_SOURCES ? h.content : h.content.slice(0, SNIPPET_CHARS),
  }));
}

async function fromWeb(
  deps: ResearchDeps,
  req: { userId: string; query: string; deepCrawl: boolean; signal?: AbortSignal },
): Promise<ResearchSource[]> {
  const found = await deps.search.search({
    query: req.query,
    safeSearch: "moderate",
    limit: WEB_RESULTS,
    userId: req.userId,
    signal: req.signal,
  });
  const { results } = req.deepCrawl
    ? await readTopResults(found.results, {
        owner: req.userId,
        allowPrivate: deps.allowPrivateFetch,
        signal: req.signal,
      })
    : found;
  await indexWebResults(deps.db, req.userId, results);
  return results.map((r) => ({
    title: r.title,
    url: r.url,
    snippet: r.snippet.slice(0, SNIPPET_CHARS),
    text: (r.content ?? r.snippet).slice(0, TEXT_FOR_MODEL),
  }));
}
