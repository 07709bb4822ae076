// Which search provider answers: the first configured of SearXNG, Tavily, Brave and JigsawStack, else
// the local full-text index, which always works (offline, on what the workspace holds).
import { LOCAL_SEARCH_PROVIDER } from "@tessera/contracts";
import { createBrave } from "./brave";
import { createJigsawStack } from "./jigsawstack";
import { createSearxng } from "./searxng";
import { createTavily } from "./tavily";
import type { SearchConfig, SearchIndex, SearchProvider } from "./types";

export function createLocalSearch(index: SearchIndex): SearchProvider {
  return {
    id: LOCAL_SEARCH_PROVIDER,
    async search(req) {
      return {
        provider: LOCAL_SEARCH_PROVIDER,
        ...(await index(req.query, { userId: req.userId, limit: req.limit })),
      };
    },
  };
}

export function createSearchProvider(
  config: SearchConfig,
  index: SearchIndex,
  fetch?: typeof globalThis.fetch,
): SearchProvider {
  const { timeoutMs } = config;
  if (config.searxng) return createSearxng({ url: config.searxng.url, timeoutMs, fetch });
  if (config.tavily) return createTavily({ ...config.tavily, timeoutMs, fetch });
  if (config.brave) return createBrave({ ...config.brave, timeoutMs, fetch });
  if (config.jigsawstack) return createJigsawStack({ ...config.jigsawstack, timeoutMs, fetch });
  return createLocalSearch(index);
}
