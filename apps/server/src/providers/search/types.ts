// The contract between features and web-search providers. Only providers/search names a search
// vendor; features ask the registry for "the" search provider and get results in one shape.
import type { KnowledgeKind } from "../llm/types";

export type SafeSearch = "off" | "moderate" | "strict";
export type SearchProviderId = "local" | "searxng" | "tavily" | "brave" | "jigsawstack";

export interface WebResult {
  title: string;
  url: string;
  snippet: string;
  /** Longer text when the provider returns the page's content (Tavily, JigsawStack). */
  content?: string;
  thumbnail?: string;
  favicon?: string;
  /** What kind of knowledge the local index found; web providers leave it out. */
  kind?: KnowledgeKind;
}

export interface WebImage {
  url: string;
  alt: string;
}

export interface SearchRequest {
  query: string;
  safeSearch: SafeSearch;
  limit: number;
  /** Whose workspace the local index searches; remote providers ignore it. */
  userId: string;
  signal?: AbortSignal;
}

export interface SearchResults {
  provider: SearchProviderId;
  results: WebResult[];
  images: WebImage[];
}

export interface SearchProvider {
  id: SearchProviderId;
  search(request: SearchRequest): Promise<SearchResults>;
}

/** The local full-text index, built around the database by its owner (knowledge/). */
export type SearchIndex = (
  query: string,
  opts: { userId: string; limit: number },
) => Promise<{ results: WebResult[]; images: WebImage[] }>;

export interface SearchConfig {
  searxng?: { url: string };
  tavily?: { apiKey: string; baseURL?: string };
  brave?: { apiKey: string; baseURL?: string };
  jigsawstack?: { apiKey: string; baseURL?: string };
  /** Upper bound of one provider call. */
  timeoutMs: number;
}

/** A search provider's failure: the message names the provider and status, never a key. */
export class SearchProviderError extends Error {
  override name = "SearchProviderError";
  constructor(
    readonly provider: SearchProviderId,
    readonly status: number | null,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
