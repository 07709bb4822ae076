// web_search: the configured search provider (SearXNG, Tavily, Brave, JigsawStack), else the local
// index of the person's workspace. Results come back as numbered text: title, address, snippet.
import { z } from "zod";
import type { SearchProvider } from "../../providers/search/types";
import { capOutput, errorMessage, toolError } from "../cap-output";
import type { ToolDefinition } from "../types";

const inputSchema = z.object({
  query: z.string().trim().min(1).max(400),
  limit: z.number().int().min(1).max(10).optional(),
});

export function webSearchTool(search: SearchProvider): ToolDefinition {
  return {
    id: "builtin:web_search",
    name: "web_search",
    description:
      "Search the web for current information. Returns up to 10 results, each with a title, an address and a snippet.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "What to search for." },
        limit: { type: "integer", minimum: 1, maximum: 10, description: "How many results (5 unless said)." },
      },
      required: ["query"],
    },
    source: "builtin",
    requireApproval: false,
    async run(input, ctx) {
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) return toolError("query must be a non-empty text of at most 400 characters.");
      try {
        const found = await search.search({
          query: parsed.data.query,
          safeSearch: "moderate",
          limit: parsed.data.limit ?? 5,
          userId: ctx.userId,
          signal: ctx.signal,
        });
        if (found.results.length === 0) return { output: "No results.", isError: false };
        const text = found.results
          .map((r, i) => `${i + 1}. ${r.title}\n${r.url}\n${(r.content ?? r.snippet).slice(0, 1_500)}`)
          .join("\n\n");
        return { output: capOutput(text), isError: false };
      } catch (err) {
        return toolError(`The search failed: ${errorMessage(err)}`);
      }
    },
  };
}
