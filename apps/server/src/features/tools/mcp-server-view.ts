// A stored MCP server as the page sees it: which header names are set (never their values), its
// tools with their switches, and whether it answers now.
import type { McpServer } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { mcpServers } from "../../db/schema";
import type { McpServerRow } from "../../tools/mcp/stored-servers";
import { configOf } from "../../tools/mcp/stored-servers";
import type { ToolDeps } from "../../tools/tool-deps";

export async function mcpServerView(deps: ToolDeps, row: McpServerRow): Promise<McpServer> {
  // A server that signs each person in has no shared connection: the page says "Sign-in per person".
  const state = row.oauth ? ({ status: "sign-in" } as const) : await deps.mcp.state(configOf(row, deps));
  if (state.status === "sign-in" && !row.oauth) {
    // It answered 401 to the shared connection: from now on each person signs in.
    await deps.db.update(mcpServers).set({ oauth: true }).where(eq(mcpServers.id, row.id));
    await deps.mcp.forget(row.id);
  }
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
    oauth: row.oauth || state.status === "sign-in",
    tools:
      state.status === "connected"
        ? state.tools.map((t) => ({ name: t.name, description: t.description, enabled: !off.has(t.name) }))
        : [],
    state:
      state.status === "connected"
        ? { status: "connected", toolCount: state.tools.length }
        : state.status === "sign-in"
          ? { status: "sign-in" }
          : { status: "failing", error: state.error },
    createdAt: row.createdAt.toISOString(),
  };
}
