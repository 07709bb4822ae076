// What the tools routes need: the process's tool dependencies (database, cipher, MCP connections)
// and who the instance admins are. `Owner` says whose servers a service acts on.
import type { ToolDeps } from "../../tools/tool-deps";
import { notFound } from "../../lib/errors";

export interface ToolsRoutesDeps {
  tools: ToolDeps;
  adminEmails: readonly string[];
}

/** The instance's servers (Admin → Tools), or one team's. */
export type Owner = { scope: "instance" } | { scope: "team"; teamId: string };

export const noSuchServer = () => notFound("No such MCP server.");

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (id: string) => UUID.test(id);
