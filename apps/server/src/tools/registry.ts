// Which tools a person may use now: the built-in ones, and the switched-on tools of the instance's MCP
// servers and of their teams' servers that answer. The chat loop asks here, by person, every answer.
import { capOutput } from "./cap-output";
import { currentTimeTool } from "./builtin/current-time";
import { generateImageTool } from "./builtin/generate-image";
import { readUrlTool } from "./builtin/read-url";
import { searchDocumentsTool } from "./builtin/search-documents";
import { webSearchTool } from "./builtin/web-search";
import { signedInServers, signInNeeded } from "./mcp/mcp-oauth";
import { configFor, serversFor, type McpServerRow } from "./mcp/stored-servers";
import type { ToolDeps } from "./tool-deps";
import type { ToolDefinition } from "./types";

export type { ToolDeps } from "./tool-deps";
export { toolDepsOf } from "./tool-deps";

export function builtinTools(deps: ToolDeps): ToolDefinition[] {
  return [
    webSearchTool(deps.search),
    readUrlTool({ allowPrivateFetch: deps.allowPrivateFetch }),
    searchDocumentsTool(deps.db),
    generateImageTool({
      db: deps.db,
      storage: deps.storage,
      logger: deps.logger,
      registry: deps.images,
      timeoutMs: deps.imageTimeoutMs,
      publicUrl: deps.publicUrl,
      // On the queue, an image asked for by a tool survives its process like one asked for on the page.
      ...(deps.jobs ? { jobs: deps.jobs } : {}),
    }),
    currentTimeTool(),
  ];
}

export async function toolsFor(deps: ToolDeps, userId: string): Promise<ToolDefinition[]> {
  const servers = await serversFor(deps.db, userId);
  return [...builtinTools(deps), ...named(await mcpTools(deps, servers, userId))];
}

/** The tools named by `ids` that the person may use now; any other id is left out without a word. */
export async function resolveTools(deps: ToolDeps, userId: string, ids: string[]): Promise<ToolDefinition[]> {
  const wanted = new Set(ids);
  const serverIds = new Set(ids.filter((id) => id.startsWith("mcp:")).map((id) => id.split(":")[1]));
  const servers = serverIds.size
    ? (await serversFor(deps.db, userId)).filter((s) => serverIds.has(s.id))
    : [];
  const all = [...builtinTools(deps), ...named(await mcpTools(deps, servers, userId, wanted))];
  return all.filter((t) => wanted.has(t.id));
}

/**
 * The switched-on tools of servers that answer; a failing server adds none (its page shows why). A
 * server the person must sign in to first lists none either, but a tool of it that an answer asks
 * for (`wanted`) is there, answering every call with how to sign in.
 */
async function mcpTools(
  deps: ToolDeps,
  servers: McpServerRow[],
  userId: string,
  wanted?: Set<string>,
): Promise<ToolDefinition[]> {
  const signedIn = servers.some((s) => s.oauth) ? await signedInServers(deps.db, userId) : new Set<string>();
  const lists = await Promise.all(
    servers.map(async (row) => {
      if (row.oauth && !signedIn.has(row.id)) return signInStubs(row, wanted);
      const config = configFor(row, deps, userId);
      const state = await deps.mcp.state(config);
      if (state.status === "sign-in") return signInStubs(row, wanted);
      if (state.status !== "connected") return [];
      const off = new Set(row.disabledTools);
      return state.tools
        .filter((t) => !off.has(t.name))
        .map((t): ToolDefinition => ({
          id: `mcp:${row.id}:${t.name}`,
          name: t.name,
          description: capOutput(t.description, 1_000),
          inputSchema: t.inputSchema,
          source: "mcp",
          server: row.name,
          requireApproval: row.requireApproval,
          run: (input, ctx) => deps.mcp.call(config, t.name, input, ctx.signal),
        }));
    }),
  );
  return lists.flat();
}

/** The tools of `row` an answer asks for, each telling the model (and the person) to sign in first. */
function signInStubs(row: McpServerRow, wanted: Set<string> | undefined): ToolDefinition[] {
  const prefix = `mcp:${row.id}:`;
  return [...(wanted ?? [])]
    .filter((id) => id.startsWith(prefix) && id.length > prefix.length)
    .map((id): ToolDefinition => {
      const tool = id.slice(prefix.length);
      return {
        id,
        name: tool,
        description: `${tool} of ${row.name} (needs the person to sign in to ${row.name}).`,
        inputSchema: { type: "object", properties: {} },
        source: "mcp",
        server: row.name,
        // Nothing runs: there is nothing to approve.
        requireApproval: false,
        run: () => Promise.resolve({ output: signInNeeded(row.name), isError: true }),
      };
    });
}

/**
 * The names models see: `<server>__<tool>` in the characters providers accept, so no MCP tool takes
 * a built-in's name or another server's; a clash left after that gets a number.
 */
function named(tools: ToolDefinition[]): ToolDefinition[] {
  const taken = new Set<string>([
    "web_search",
    "read_url",
    "search_documents",
    "generate_image",
    "current_time",
  ]);
  return tools.map((t) => {
    const base = `${slug(t.server ?? "mcp", 20)}__${slug(t.name, 40)}`;
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base.slice(0, 60)}_${n}`;
    taken.add(name);
    return { ...t, name, ...(t.source === "mcp" ? { ownName: t.name } : {}) };
  });
}

const slug = (text: string, max: number) =>
  text
    .replace(/[^A-Za-z0-9_-]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, max) || "tool";
