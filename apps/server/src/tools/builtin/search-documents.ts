// search_documents: search over what the person may read in the workspace (their own documents by
// meaning and words, saved pages and the shared help by words), the passages with their titles.
import type { Database } from "../../db/client";
import { retrievePassages } from "../../knowledge/retrieve-passages";
import type { ToolDefinition } from "../types";
import { searchTool } from "./search-tool";

export function searchDocumentsTool(db: Database): ToolDefinition {
  return searchTool({
    id: "builtin:search_documents",
    name: "search_documents",
    description:
      "Search the person's documents and workspace knowledge. Returns the best-matching passages with their titles.",
    queryText: "Words to look for.",
    limitText: "How many passages (5 unless said).",
    none: "No matching passages.",
    find: async (query, limit, ctx) =>
      (await retrievePassages(db, ctx.userId, query, limit)).map((p) => ({
        title: `${p.title} (${p.kind})`,
        url: p.url,
        text: p.content.slice(0, 2_000),
      })),
  });
}
