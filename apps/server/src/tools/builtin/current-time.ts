// current_time: the date and time now, in UTC and in a zone the model names.
import { z } from "zod";
import type { ToolDefinition } from "../types";
import { toolError } from "../cap-output";

const inputSchema = z.object({ timeZone: z.string().max(64).optional() });

export function currentTimeTool(now: () => Date = () => new Date()): ToolDefinition {
  return {
    id: "builtin:current_time",
    name: "current_time",
    description:
      "The current date and time. Give an IANA time zone (e.g. Europe/Paris) to have it there as well as in UTC.",
    inputSchema: {
      type: "object",
      properties: { timeZone: { type: "string", description: "An IANA time zone, e.g. America/New_York." } },
    },
    source: "builtin",
    requireApproval: false,
    run(input) {
      const parsed = inputSchema.safeParse(input ?? {});
      if (!parsed.success) return Promise.resolve(toolError("timeZone must be a time zone name."));
      const at = now();
      const lines = [`UTC: ${at.toISOString()}`];
      const zone = parsed.data.timeZone;
      if (zone) {
        let local: string;
        try {
          local = new Intl.DateTimeFormat("en-GB", {
            timeZone: zone,
            dateStyle: "full",
            timeStyle: "long",
          }).format(at);
        } catch {
          return Promise.resolve(toolError(`"${zone}" is not a time zone this server knows.`));
        }
        lines.push(`${zone}: ${local}`);
      }
      return Promise.resolve({ output: lines.join("\n"), isError: false });
    },
  };
}
