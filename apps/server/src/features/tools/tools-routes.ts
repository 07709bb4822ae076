// The tools a person may use (GET /api/tools), the instance's MCP servers (Admin → Tools: instance
// admins only, 404 to anyone else, each change in the audit log) and a team's (its owners).
import {
  createMcpServerSchema,
  updateMcpServerSchema,
  type CreateMcpServer,
  type UpdateMcpServer,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { auditFrom } from "../../audit/audit-from";
import type { Services } from "../../bootstrap";
import { toolDepsOf } from "../../tools/tool-deps";
import { recordAudit } from "../../audit/record-audit";
import { instanceAdmin } from "../../auth/instance-admin";
import type { AppEnv } from "../../lib/context";
import { readJson } from "../../lib/validate";
import { listTools } from "./list-tools";
import { createMcpServer, deleteMcpServer, listMcpServers, updateMcpServer } from "./mcp-servers";
import { requireTeamOwner } from "./team-owner";
import type { Owner, ToolsRoutesDeps } from "./tools-deps";

/** What the log keeps of a change: everything but header values (only the names). */
const changesOf = (input: CreateMcpServer | UpdateMcpServer, owner: Owner) => {
  const { headers, ...rest } = input;
  return {
    ...rest,
    ...(headers ? { headerNames: Object.keys(headers) } : {}),
    ...(owner.scope === "team" ? { teamId: owner.teamId } : {}),
  };
};

/** Mounted with the process's services, as the chat loop gets them: one set of MCP connections. */
export const toolsRoutesOf = (services: Services) =>
  toolsRoutes({ tools: toolDepsOf(services), adminEmails: services.env.ADMIN_EMAILS });

export function toolsRoutes(deps: ToolsRoutesDeps) {
  const { tools } = deps;
  const instance: Owner = { scope: "instance" };
  const admin = (c: Context<AppEnv>) => instanceAdmin(c, deps.adminEmails);
  const team = async (c: Context<AppEnv>): Promise<Owner> => {
    const teamId = c.req.param("teamId") ?? "";
    await requireTeamOwner(tools.db, teamId, c.get("session").user.id);
    return { scope: "team", teamId };
  };
  const id = (c: Context<AppEnv>) => c.req.param("id") ?? "";
  const audit = (
    c: Context<AppEnv>,
    action: "mcp.server_added" | "mcp.server_updated" | "mcp.server_removed",
    serverId: string,
    changes: Record<string, unknown> | null,
  ) =>
    recordAudit(tools.db, { ...auditFrom(c), action, target: { type: "mcp_server", id: serverId }, changes });

  const create = async (c: Context<AppEnv>, owner: Owner) => {
    const input = await readJson(c, createMcpServerSchema);
    const created = await createMcpServer(tools, owner, c.get("session").user.id, input);
    await audit(c, "mcp.server_added", created.id, changesOf(input, owner));
    return c.json(created, 201);
  };
  const update = async (c: Context<AppEnv>, owner: Owner) => {
    const input = await readJson(c, updateMcpServerSchema);
    const updated = await updateMcpServer(tools, owner, id(c), input);
    await audit(c, "mcp.server_updated", updated.id, changesOf(input, owner));
    return c.json(updated);
  };
  const remove = async (c: Context<AppEnv>, owner: Owner) => {
    await deleteMcpServer(tools, owner, id(c));
    await audit(c, "mcp.server_removed", id(c), owner.scope === "team" ? { teamId: owner.teamId } : null);
    return c.body(null, 204);
  };

  return new Hono<AppEnv>()
    .get("/tools", async (c) => c.json(await listTools(tools, c.get("session").user.id)))
    .get("/admin/mcp-servers", async (c) => {
      admin(c);
      return c.json(await listMcpServers(tools, instance));
    })
    .post("/admin/mcp-servers", (c) => {
      admin(c);
      return create(c, instance);
    })
    .patch("/admin/mcp-servers/:id", (c) => {
      admin(c);
      return update(c, instance);
    })
    .delete("/admin/mcp-servers/:id", (c) => {
      admin(c);
      return remove(c, instance);
    })
    .get("/teams/:teamId/mcp-servers", async (c) => c.json(await listMcpServers(tools, await team(c))))
    .post("/teams/:teamId/mcp-servers", async (c) => create(c, await team(c)))
    .patch("/teams/:teamId/mcp-servers/:id", async (c) => update(c, await team(c)))
    .delete("/teams/:teamId/mcp-servers/:id", async (c) => remove(c, await team(c)));
}
