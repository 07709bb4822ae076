// The MCP servers of the instance or of one team: list, add, change, remove. Every query is scoped
// to its owner, so a team's id never reaches another team's server. Header values are sealed here.
import type { createMcpServerSchema, McpServer, updateMcpServerSchema } from "@tessera/contracts";
import { and, eq, isNull, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { mcpServers } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { ToolDeps } from "../../tools/tool-deps";
import { mcpServerView } from "./mcp-server-view";
import { requirePublicAddress } from "./public-address";
import { isUuid, noSuchServer, type Owner } from "./tools-deps";

const ownedBy = (owner: Owner): SQL =>
  owner.scope === "instance"
    ? and(eq(mcpServers.scope, "instance"), isNull(mcpServers.teamId))!
    : and(eq(mcpServers.scope, "team"), eq(mcpServers.teamId, owner.teamId))!;

export async function listMcpServers(deps: ToolDeps, owner: Owner): Promise<McpServer[]> {
  const rows = await deps.db.select().from(mcpServers).where(ownedBy(owner)).orderBy(mcpServers.createdAt);
  return Promise.all(rows.map((row) => mcpServerView(deps, row)));
}

async function findServer(deps: ToolDeps, owner: Owner, id: string) {
  if (!isUuid(id)) throw noSuchServer();
  const [row] = await deps.db
    .select()
    .from(mcpServers)
    .where(and(eq(mcpServers.id, id), ownedBy(owner)));
  if (!row) throw noSuchServer();
  return row;
}

/** A team may reach remote servers on public addresses only; the instance anything. */
async function checkReach(deps: ToolDeps, owner: Owner, transport: string, url: string | null | undefined) {
  if (owner.scope === "instance") return;
  if (transport === "stdio")
    throw new AppError(
      "BAD_REQUEST",
      "A team's MCP server must be remote: only instance admins can run commands.",
    );
  if (url && !deps.allowPrivateFetch) await requirePublicAddress(url);
}

const sealAll = (deps: ToolDeps, headers: Record<string, string>) =>
  Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, deps.cipher.encrypt(value)]));

export async function createMcpServer(
  deps: ToolDeps,
  owner: Owner,
  userId: string,
  input: z.output<typeof createMcpServerSchema>,
): Promise<McpServer> {
  await checkReach(deps, owner, input.transport, input.url);
  const remote = input.transport !== "stdio";
  const [row] = await deps.db
    .insert(mcpServers)
    .values({
      name: input.name,
      scope: owner.scope,
      teamId: owner.scope === "team" ? owner.teamId : null,
      transport: input.transport,
      url: remote ? (input.url ?? null) : null,
      command: remote ? null : (input.command ?? null),
      args: remote ? [] : input.args,
      sealedHeaders: remote ? sealAll(deps, input.headers) : {},
      requireApproval: input.requireApproval,
      disabledTools: input.disabledTools,
      oauth: remote && input.oauth,
      createdBy: userId,
    })
    .returning();
  return mcpServerView(deps, row!);
}

export async function updateMcpServer(
  deps: ToolDeps,
  owner: Owner,
  id: string,
  input: z.output<typeof updateMcpServerSchema>,
): Promise<McpServer> {
  const row = await findServer(deps, owner, id);
  const remote = row.transport !== "stdio";
  if (!remote && (input.url !== undefined || input.headers !== undefined))
    throw new AppError("BAD_REQUEST", "A stdio server has no address or headers.");
  if (remote && (input.command !== undefined || input.args !== undefined))
    throw new AppError("BAD_REQUEST", "A remote server has no command.");
  if (input.url !== undefined) await checkReach(deps, owner, row.transport, input.url);
  const headers = { ...row.sealedHeaders };
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    if (value === null) delete headers[name];
    else headers[name] = deps.cipher.encrypt(value);
  }
  const [updated] = await deps.db
    .update(mcpServers)
    .set({
      name: input.name,
      url: input.url,
      command: input.command,
      args: input.args,
      sealedHeaders: headers,
      requireApproval: input.requireApproval,
      disabledTools: input.disabledTools,
      oauth: remote ? input.oauth : undefined,
      updatedAt: new Date(),
    })
    .where(and(eq(mcpServers.id, row.id), ownedBy(owner)))
    .returning();
  if (!updated) throw noSuchServer();
  await deps.mcp.forget(row.id);
  return mcpServerView(deps, updated);
}

export async function deleteMcpServer(deps: ToolDeps, owner: Owner, id: string): Promise<void> {
  const row = await findServer(deps, owner, id);
  await deps.db.delete(mcpServers).where(and(eq(mcpServers.id, row.id), ownedBy(owner)));
  await deps.mcp.forget(row.id);
}
