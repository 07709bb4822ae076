// web_search: the configured search provider (SearXNG, Tavily, Brave, JigsawStack), else the local
// index of the person's workspace. Results come back as numbered text: title, address, snippet.
import type { SearchProvider } from "../../providers/search/types";
import type { ToolDefinition } from "../types";
import { searchTool } from "./search-tool";

export function webSearchTool(search: SearchProvider): ToolDefinition {
  return searchTool({
    id: "builtin:web_search",
    name: "web_search",
    description:
      "Search the web for current information. Returns up to 10 results, each with a title, an address and a snippet.",
    queryText: "What to search for.",
    limitText: "How many results (5 unless said).",
    none: "No results.",
    find: async (query, limit, ctx) =>
      (
        await search.search({ query, safeSearch: "moderate", limit, userId: ctx.userId, signal: ctx.signal })
      ).results.map((r) => ({ title: r.title, url: r.url, text: (r.content ?? r.snippet).slice(0, 1_500) })),
  });
}
