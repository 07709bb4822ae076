// search_documents: search over what the person may read in the workspace (their own documents by
// meaning and words, saved pages and the shared help by words), the passages with their titles.
import { z } from "zod";
import type { Database } from "../../db/client";
import { retrievePassages } from "../../knowledge/retrieve-passages";
import { capOutput, errorMessage, toolError } from "../cap-output";
import type { ToolDefinition } from "../types";

const inputSchema = z.object({
  query: z.string().trim().min(1).max(400),
  limit: z.number().int().min(1).max(10).optional(),
});

export function searchDocumentsTool(db: Database): ToolDefinition {
  return {
    id: "builtin:search_documents",
    name: "search_documents",
    description:
      "Search the person's documents and workspace knowledge. Returns the best-matching passages with their titles.",
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: "Words to look for." },
        limit: {
          type: "integer",
          minimum: 1,
          maximum: 10,
          description: "How many passages (5 unless said).",
        },
      },
      required: ["query"],
    },
    source: "builtin",
    requireApproval: false,
    async run(input, ctx) {
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) return toolError("query must be a non-empty text of at most 400 characters.");
      try {
        const passages = await retrievePassages(db, ctx.userId, parsed.data.query, parsed.data.limit ?? 5);
        if (passages.length === 0) return { output: "No matching passages.", isError: false };
        const text = passages
          .map((p, i) => `${i + 1}. ${p.title} (${p.kind})\n${p.url}\n${p.content.slice(0, 2_000)}`)
          .join("\n\n");
        return { output: capOutput(text), isError: false };
      } catch (err) {
        return toolError(`The search failed: ${errorMessage(err)}`);
      }
    },
  };
}
