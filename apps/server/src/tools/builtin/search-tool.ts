// The shape both search tools share: a query and a limit in, numbered hits out (title, address, text),
// capped like every tool's output; a failed search is the tool's error, not the answer's.
import { z } from "zod";
import { capOutput, errorMessage, toolError } from "../cap-output";
import type { ToolDefinition, ToolRunContext } from "../types";

const inputSchema = z.object({
  query: z.string().trim().min(1).max(400),
  limit: z.number().int().min(1).max(10).optional(),
});

export interface SearchHit {
  title: string;
  url: string;
  text: string;
}

export function searchTool(spec: {
  id: string;
  name: string;
  description: string;
  /** How the model is told of each input. */
  queryText: string;
  limitText: string;
  /** The output when nothing is found. */
  none: string;
  find(query: string, limit: number, ctx: ToolRunContext): Promise<SearchHit[]>;
}): ToolDefinition {
  return {
    id: spec.id,
    name: spec.name,
    description: spec.description,
    inputSchema: {
      type: "object",
      properties: {
        query: { type: "string", description: spec.queryText },
        limit: { type: "integer", minimum: 1, maximum: 10, description: spec.limitText },
      },
      required: ["query"],
    },
    source: "builtin",
    requireApproval: false,
    async run(input, ctx) {
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) return toolError("query must be a non-empty text of at most 400 characters.");
      try {
        const hits = await spec.find(parsed.data.query, parsed.data.limit ?? 5, ctx);
        if (hits.length === 0) return { output: spec.none, isError: false };
        const text = hits.map((h, i) => `${i + 1}. ${h.title}\n${h.url}\n${h.text}`).join("\n\n");
        return { output: capOutput(text), isError: false };
      } catch (err) {
        return toolError(`The search failed: ${errorMessage(err)}`);
      }
    },
  };
}
