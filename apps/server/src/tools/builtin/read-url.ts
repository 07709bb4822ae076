// read_url: the readable text of one web page, PDF or text file, fetched through the guarded client
// (public addresses only, unless the operator allows private ones) within a time and size cap.
import { z } from "zod";
import { readAddress } from "../../knowledge/read-content";
import { capOutput, errorMessage, toolError } from "../cap-output";
import type { ToolDefinition } from "../types";

const inputSchema = z.object({ url: z.url({ protocol: /^https?$/ }).max(2_000) });

export const READ_URL_LIMITS = { timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, maxChars: 20_000 };

export function readUrlTool(opts: { allowPrivateFetch: boolean }): ToolDefinition {
  return {
    id: "builtin:read_url",
    name: "read_url",
    description:
      "Read one web page, PDF or text file by its address and return its readable text (the first 20,000 characters).",
    inputSchema: {
      type: "object",
      properties: { url: { type: "string", description: "An http or https address." } },
      required: ["url"],
    },
    source: "builtin",
    requireApproval: false,
    async run(input, ctx) {
      const parsed = inputSchema.safeParse(input);
      if (!parsed.success) return toolError("url must be an http or https address.");
      try {
        const page = await readAddress(
          parsed.data.url,
          {
            timeoutMs: READ_URL_LIMITS.timeoutMs,
            maxBytes: READ_URL_LIMITS.maxBytes,
            allowPrivate: opts.allowPrivateFetch,
            signal: ctx.signal,
          },
          { owner: ctx.userId, maxChars: READ_URL_LIMITS.maxChars },
        );
        const head = page.title ? `${page.title}\n${page.url}\n\n` : `${page.url}\n\n`;
        return { output: capOutput(head + page.text, READ_URL_LIMITS.maxChars), isError: false };
      } catch (err) {
        return toolError(`Could not read ${parsed.data.url}: ${errorMessage(err)}`);
      }
    },
  };
}
