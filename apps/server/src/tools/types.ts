// What a model may call during an answer, whoever provides it (built in, or an MCP server): the chat
// loop sees only this shape, the registry decides which of them a person may use.
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";

/** A JSON Schema object describing a tool's input, as providers and MCP servers exchange it. */
export type ToolInputSchema = {
  type: "object";
  properties?: Record<string, unknown>;
  required?: string[];
} & Record<string, unknown>;

/** Who is asking, and the answer's abort (Stop, a timeout): a tool stops its work when it fires. */
export interface ToolRunContext {
  db: Database;
  logger: Logger;
  userId: string;
  signal: AbortSignal;
}

/** A tool's answer: text only (never markup to render), already capped by the tool. */
export interface ToolOutput {
  output: string;
  isError: boolean;
}

export interface ToolDefinition {
  /** Stable id the API and the conversation's tool set use: `builtin:<name>` or `mcp:<serverId>:<tool>`. */
  id: string;
  /** The name the model sees: unique within one answer, [A-Za-z0-9_-]{1,64}. */
  name: string;
  description: string;
  inputSchema: ToolInputSchema;
  source: "builtin" | "mcp";
  /** The MCP server's name, for people; absent for built-in tools. */
  server?: string;
  /** The tool's own name on its MCP server (`name` is the one the model sees); absent for built-in tools. */
  ownName?: string;
  /** The person approves each call before it runs. */
  requireApproval: boolean;
  run(input: unknown, ctx: ToolRunContext): Promise<ToolOutput>;
}
