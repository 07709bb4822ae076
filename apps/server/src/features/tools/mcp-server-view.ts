// A stored MCP server as the page sees it: which header names are set (never their values), its
// tools with their switches, and whether it answers now.
import type { McpServer } from "@tessera/contracts";
import type { McpServerRow } from "../../tools/mcp/stored-servers";
import { configOf } from "../../tools/mcp/stored-servers";
import type { ToolDeps } from "../../tools/tool-deps";

export async function mcpServerView(deps: ToolDeps, row: McpServerRow): Promise<McpServer> {
  const state = await deps.mcp.state(configOf(row, deps));
  const off = new Set(row.disabledTools);
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    teamId: row.teamId,
    transport: row.transport,
    url: row.url,
    command: row.command,
    args: row.args,
    headerNames: Object.keys(row.sealedHeaders).sort(),
    requireApproval: row.requireApproval,
    disabledTools: row.disabledTools,
    tools:
      state.status === "connected"
        ? state.tools.map((t) => ({ name: t.name, description: t.description, enabled: !off.has(t.name) }))
        : [],
    state:
      state.status === "connected"
        ? { status: "connected", toolCount: state.tools.length }
        : { status: "failing", error: state.error },
    createdAt: row.createdAt.toISOString(),
  };
}
