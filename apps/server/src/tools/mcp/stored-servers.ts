// The MCP servers a person may use, read from the database: the instance's and those of the teams
// they belong to. Header values are opened here, for the connection only.
import { eq, inArray, or } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mcpServers, member } from "../../db/schema";
import type { Cipher } from "../../lib/crypto";
import type { McpServerConfig } from "./mcp-manager";
import { GrantProvider, type OAuthGrantDeps } from "./mcp-oauth";

export type McpServerRow = typeof mcpServers.$inferSelect;

export async function serversFor(db: Database, userId: string): Promise<McpServerRow[]> {
  const teams = db.select({ id: member.organizationId }).from(member).where(eq(member.userId, userId));
  return db
    .select()
    .from(mcpServers)
    .where(or(eq(mcpServers.scope, "instance"), inArray(mcpServers.teamId, teams)))
    .orderBy(mcpServers.createdAt);
}

/** How to reach a stored server. A team's server reaches public addresses only, unless the operator allows private ones. */
export function configOf(
  row: McpServerRow,
  deps: { cipher: Cipher; allowPrivateFetch: boolean },
): McpServerConfig {
  return {
    id: row.id,
    name: row.name,
    transport: row.transport,
    url: row.url,
    command: row.command,
    args: row.args,
    headers: Object.fromEntries(
      Object.entries(row.sealedHeaders).map(([name, sealed]) => [name, deps.cipher.decrypt(sealed)]),
    ),
    allowPrivate: row.scope === "instance" || deps.allowPrivateFetch,
  };
}

/** How one person reaches a stored server: with their own sign-in when the server signs each person in. */
export function configFor(
  row: McpServerRow,
  deps: { cipher: Cipher; allowPrivateFetch: boolean } & OAuthGrantDeps,
  userId: string,
): McpServerConfig {
  const config = configOf(row, deps);
  if (!row.oauth) return config;
  return {
    ...config,
    person: { userId, authProvider: new GrantProvider(deps, userId, row.id, { kind: "connect" }) },
  };
}
