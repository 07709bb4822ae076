// The tools routes through the real app: who sees which tools, Admin → Tools for instance admins only
// (404 to anyone else), header values sealed and never returned or logged, and a team's servers kept
// to its owners and to public addresses.
import { randomUUID } from "node:crypto";
import type { McpServer, ToolSummary } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLoopbackMcpServer, type LoopbackMcpServer } from "../../test/mcp-server";
import { createTestApp, type TestApp } from "../../test/test-app";

const SECRET = `mcp-secret-${randomUUID()}`;
const lines: string[] = [];
const seen: string[] = [];
let t: TestApp;
let loopback: LoopbackMcpServer;
const tok: Record<string, string> = {};
let teamId: string;

async function call(who: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await t.request(path, { ...(who === "anon" ? {} : { token: tok[who] }), ...init });
  const text = await res.text();
  seen.push(`${res.status} ${path} ${text}`);
  return { status: res.status, body: (text ? JSON.parse(text) : null) as unknown };
}

beforeAll(async () => {
  loopback = await startLoopbackMcpServer();
  const logger = pino({ level: "trace" }, { write: (line: string) => void lines.push(line) });
  t = await createTestApp({}, { logger });
  for (const who of ["root", "owner", "member", "stranger"]) tok[who] = await t.newUser(`${who}@example.com`);
  await t.setPlan("owner@example.com", "team");
  const team = await call("owner", "/api/teams", { method: "POST", json: { name: "Owls" } });
  teamId = (team.body as { id: string }).id;
  await t.services.database.db.execute(
    sql`insert into member (id, organization_id, user_id, role, created_at)
        select ${randomUUID()}, ${teamId}, id, 'member', now() from "user" where email = 'member@example.com'`,
  );
});
afterAll(async () => {
  await t?.close();
  await loopback?.close();
});

describe("Admin → Tools", () => {
  let server: McpServer;

  it("adds a server with its headers sealed, shows it connected with its tools, and logs the change", async () => {
    const res = await call("root", "/api/admin/mcp-servers", {
      method: "POST",
      json: {
        name: "Loopback",
        transport: "streamable-http",
        url: loopback.streamableUrl,
        headers: { Authorization: `Bearer ${SECRET}` },
      },
    });
    expect(res.status).toBe(201);
    server = res.body as McpServer;
    expect(server).toMatchObject({
      name: "Loopback",
      scope: "instance",
      teamId: null,
      headerNames: ["Authorization"],
      requireApproval: true,
      state: { status: "connected", toolCount: 4 },
    });
    expect(server.tools.map((x) => [x.name, x.enabled])).toEqual([
      ["echo", true],
      ["fail", true],
      ["hang", true],
      ["huge", true],
    ]);
    expect(loopback.seenHeaders("authorization")).toContain(`Bearer ${SECRET}`);
    const stored: unknown = await t.services.database.db.execute(
      sql`select sealed_headers::text as h from mcp_servers`,
    );
    expect(JSON.stringify(stored)).not.toContain(SECRET);
    expect(JSON.stringify(stored)).toContain("Authorization");
    const audit = await call("root", "/api/admin/audit?action=mcp.server_added");
    expect(JSON.stringify(audit.body)).toContain("headerNames");
  });

  it("switches a tool off and approval off, and the person's tools follow", async () => {
    const res = await call("root", `/api/admin/mcp-servers/${server.id}`, {
      method: "PATCH",
      json: { disabledTools: ["hang", "huge"], requireApproval: false },
    });
    expect(res.status).toBe(200);
    const updated = res.body as McpServer;
    expect(updated.tools.filter((x) => x.enabled).map((x) => x.name)).toEqual(["echo", "fail"]);
    expect(updated.headerNames).toEqual(["Authorization"]);
    const tools = (await call("stranger", "/api/tools")).body as ToolSummary[];
    expect(tools.filter((x) => x.source === "mcp")).toEqual([
      {
        id: `mcp:${server.id}:echo`,
        name: "Loopback__echo",
        description: "Says back what it is given.",
        source: "mcp",
        server: "Loopback",
        requireApproval: false,
      },
      {
        id: `mcp:${server.id}:fail`,
        name: "Loopback__fail",
        description: "Always fails.",
        source: "mcp",
        server: "Loopback",
        requireApproval: false,
      },
    ]);
    expect(tools.filter((x) => x.source === "builtin").map((x) => x.id)).toEqual([
      "builtin:web_search",
      "builtin:read_url",
      "builtin:search_documents",
      "builtin:generate_image",
      "builtin:current_time",
    ]);
  });

  it("replaces and removes a header by name, never sending a value back", async () => {
    const res = await call("root", `/api/admin/mcp-servers/${server.id}`, {
      method: "PATCH",
      json: { headers: { Authorization: null, "X-Team": `v-${SECRET}` } },
    });
    expect((res.body as McpServer).headerNames).toEqual(["X-Team"]);
    const list = await call("root", "/api/admin/mcp-servers");
    expect((list.body as McpServer[]).map((s) => s.headerNames)).toEqual([["X-Team"]]);
  });

  it("refuses bad input with its reason", async () => {
    const bad = async (json: unknown) => call("root", "/api/admin/mcp-servers", { method: "POST", json });
    expect((await bad({ name: "x", transport: "stdio" })).status).toBe(400);
    expect((await bad({ name: "x", transport: "sse" })).body).toMatchObject({
      error: { message: expect.stringContaining("A remote server needs its address") as string },
    });
    expect((await bad({ name: "x", transport: "sse", url: "javascript:alert(1)" })).status).toBe(400);
    expect((await bad({ name: "", transport: "sse", url: loopback.sseUrl })).status).toBe(400);
    expect(
      (await bad({ name: "x", transport: "sse", url: loopback.sseUrl, headers: { "X-A": "a\r\nb" } })).status,
    ).toBe(400);
  });

  it("is not there for anyone but an instance admin (404), and needs a session (401)", async () => {
    for (const [method, path] of [
      ["GET", "/api/admin/mcp-servers"],
      ["POST", "/api/admin/mcp-servers"],
      ["PATCH", `/api/admin/mcp-servers/${server.id}`],
      ["DELETE", `/api/admin/mcp-servers/${server.id}`],
    ] as const) {
      const json = method === "GET" ? undefined : {};
      expect((await call("owner", path, { method, json })).status).toBe(404);
      expect((await call("anon", path, { method, json })).status).toBe(401);
    }
    expect((await call("anon", "/api/tools")).status).toBe(401);
    expect((await call("root", `/api/admin/mcp-servers/${randomUUID()}`, { method: "DELETE" })).status).toBe(
      404,
    );
  });

  it("removes a server, and its tools are gone", async () => {
    expect((await call("root", `/api/admin/mcp-servers/${server.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    const tools = (await call("stranger", "/api/tools")).body as ToolSummary[];
    expect(tools.some((x) => x.source === "mcp")).toBe(false);
  });
});

describe("a team's MCP servers", () => {
  const path = () => `/api/teams/${teamId}/mcp-servers`;

  it("are refused on a private address, and as a command", async () => {
    const local = await call("owner", path(), {
      method: "POST",
      json: { name: "Team loopback", transport: "streamable-http", url: loopback.streamableUrl },
    });
    expect(local.status).toBe(400);
    expect(local.body).toMatchObject({
      error: {
        message: "A team's MCP server must be on a public address: this one is on a private network.",
      },
    });
    const stdio = await call("owner", path(), {
      method: "POST",
      json: { name: "Shell", transport: "stdio", command: "sh", args: ["-c", "id"] },
    });
    expect(stdio.status).toBe(400);
  });

  it("are the owners' to manage: 403 to a member, 404 to a stranger", async () => {
    expect((await call("owner", path())).body).toEqual([]);
    expect((await call("member", path())).status).toBe(403);
    expect((await call("stranger", path())).status).toBe(404);
    expect(
      (
        await call("stranger", path(), {
          method: "POST",
          json: { name: "x", transport: "sse", url: loopback.sseUrl },
        })
      ).status,
    ).toBe(404);
  });
});

it("never lets a header value out: not in an answer, a log line or a column", async () => {
  const everything = [...seen, ...lines].join("\n");
  expect(everything).not.toContain(SECRET);
  const dump: unknown = await t.services.database.db.execute(sql`select * from audit_events`);
  expect(JSON.stringify(dump)).not.toContain(SECRET);
  expect(JSON.stringify(dump)).toContain("mcp.server_added");
});
