// The tools a person may use (GET /api/tools), the instance's MCP servers (Admin → Tools: instance
// admins only, 404 to anyone else, each change in the audit log) and a team's (its owners).
import {
  createMcpServerSchema,
  updateMcpServerSchema,
  type CreateMcpServer,
  type UpdateMcpServer,
} from "@tessera/contracts";
import { Hono, type Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { html } from "hono/html";
import { z } from "zod";
import { auditFrom } from "../../audit/audit-from";
import { AppError } from "../../lib/errors";
import type { Services } from "../../bootstrap";
import { toolDepsOf } from "../../tools/tool-deps";
import { recordAudit } from "../../audit/record-audit";
import { instanceAdmin } from "../../auth/instance-admin";
import type { AppEnv } from "../../lib/context";
import { parseWith, readJson } from "../../lib/validate";
import { listTools } from "./list-tools";
import { createMcpServer, deleteMcpServer, listMcpServers, updateMcpServer } from "./mcp-servers";
import {
  finishSignIn,
  listSignIns,
  SIGN_IN_STATE_MS,
  signInCookie,
  signOut,
  startSignIn,
} from "./mcp-sign-in";
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

const callbackQuerySchema = z.object({
  state: z.string().min(1, "The sign-in's state is missing.").max(200),
  code: z.string().max(4_000).optional(),
  error: z.string().max(200).optional(),
});

/** What the sign-in popup shows at the end; done.js closes it (the CSP allows no inline script). */
const signInPage = (title: string, text: string, close: boolean) =>
  html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <title>${title}</title>
        <style>
          body {
            font:
              15px/1.5 system-ui,
              sans-serif;
            max-width: 30rem;
            margin: 4rem auto;
            padding: 0 1rem;
          }
        </style>
      </head>
      <body>
        <h1>${title}</h1>
        <p>${text}</p>
        ${close ? html`<script src="/api/mcp/oauth/done.js"></script>` : ""}
      </body>
    </html>`;

/**
 * The end of a sign-in, mounted before the session check: the authorization server sends the browser
 * here as a plain page load, which carries no bearer token; the state and this browser's cookie say
 * whose sign-in it is (mcp-sign-in.ts).
 */
export function mcpOAuthCallbackRoutes(services: Services) {
  const tools = toolDepsOf(services);
  return new Hono<AppEnv>()
    .get("/callback", async (c) => {
      const query = parseWith(callbackQuerySchema, c.req.query());
      try {
        const { server, serverId } = await finishSignIn(tools, query, (sid) =>
          getCookie(c, signInCookie(sid)),
        );
        deleteCookie(c, signInCookie(serverId), { path: "/api/mcp/oauth" });
        return c.html(
          signInPage(`Signed in to ${server}`, "You can close this window and go back to your chat.", true),
        );
      } catch (err) {
        if (!(err instanceof AppError) || err.status >= 500) throw err;
        return c.html(signInPage("Sign-in did not finish", err.message, false), 400);
      }
    })
    .get("/done.js", (c) =>
      c.body("window.close();\n", 200, {
        "content-type": "text/javascript; charset=utf-8",
        "cache-control": "public, max-age=3600",
      }),
    );
}

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

  const who = (c: Context<AppEnv>) => ({
    userId: c.get("session").user.id,
    sessionId: c.get("session").session.id,
  });
  return new Hono<AppEnv>()
    .get("/tools", async (c) => c.json(await listTools(tools, c.get("session").user.id)))
    .get("/mcp/sign-ins", async (c) => c.json(await listSignIns(tools, c.get("session").user.id)))
    .post("/mcp/servers/:id/sign-in", async (c) => {
      const { authorizationUrl, serverId, browserNonce } = await startSignIn(tools, who(c), id(c));
      // Sent back by this browser only, to the callback only, for as long as the state lives.
      setCookie(c, signInCookie(serverId), browserNonce, {
        path: "/api/mcp/oauth",
        httpOnly: true,
        sameSite: "Lax",
        secure: tools.publicUrl.startsWith("https:"),
        maxAge: SIGN_IN_STATE_MS / 1000,
      });
      return c.json({ authorizationUrl });
    })
    .delete("/mcp/servers/:id/sign-in", async (c) => {
      await signOut(tools, c.get("session").user.id, id(c));
      return c.body(null, 204);
    })
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
