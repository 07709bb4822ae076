import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpServers, user } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { startLoopbackMcpServer, type LoopbackMcpServer } from "../test/mcp-server";
import { resolveTools, toolDepsOf, toolsFor, type ToolDeps } from "./registry";

let t: TestApp;
let loopback: LoopbackMcpServer;
let deps: ToolDeps;
const ids: Record<string, string> = {};
const servers: Record<string, string> = {};
const BUILTINS = ["web_search", "read_url", "search_documents", "generate_image", "current_time"];

const idOf = async (email: string) => {
  const [row] = await t.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
};
const addServer = async (values: Partial<typeof mcpServers.$inferInsert> & { name: string }) => {
  const [row] = await t.services.database.db
    .insert(mcpServers)
    .values({ scope: "instance", transport: "streamable-http", url: loopback.streamableUrl, ...values })
    .returning({ id: mcpServers.id });
  return row!.id;
};

beforeAll(async () => {
  t = await createTestApp();
  loopback = await startLoopbackMcpServer();
  // Team servers on loopback are reachable here only because the test allows private addresses.
  deps = { ...toolDepsOf(t.services), allowPrivateFetch: true };
  const tokens: Record<string, string> = {};
  for (const who of ["ada", "bob", "carl"]) {
    tokens[who] = await t.newUser(`${who}@example.com`);
    ids[who] = await idOf(`${who}@example.com`);
  }
  const team = async (who: string, name: string) => {
    await t.setPlan(`${who}@example.com`, "team");
    const res = await t.request("/api/teams", { method: "POST", token: tokens[who], json: { name } });
    expect(res.status).toBe(201);
    return ((await res.json()) as { id: string }).id;
  };
  const adaTeam = await team("ada", "Ada's team");
  const carlTeam = await team("carl", "Carl's team");
  servers.instance = await addServer({
    name: "Everyone's tools",
    requireApproval: false,
    disabledTools: ["hang"],
    sealedHeaders: { Authorization: t.services.cipher.encrypt("Bearer instance-secret") },
  });
  servers.ada = await addServer({
    name: "Ada team",
    scope: "team",
    teamId: adaTeam,
    disabledTools: ["huge", "hang"],
  });
  servers.carl = await addServer({ name: "Carl team", scope: "team", teamId: carlTeam });
});
afterAll(async () => {
  await deps.mcp.close();
  await loopback.close();
  await t.close();
});

describe("toolsFor", () => {
  it("gives each person the built-ins, the instance's switched-on tools and their own team's", async () => {
    const ada = await toolsFor(deps, ids.ada!);
    expect(ada.map((x) => x.name)).toEqual([
      ...BUILTINS,
      "Everyone_s_tools__echo",
      "Everyone_s_tools__fail",
      "Everyone_s_tools__huge",
      "Ada_team__echo",
      "Ada_team__fail",
    ]);
    const echo = ada.find((x) => x.id === `mcp:${servers.instance}:echo`)!;
    expect(echo).toMatchObject({ source: "mcp", server: "Everyone's tools", requireApproval: false });
    expect(ada.find((x) => x.id === `mcp:${servers.ada}:echo`)!.requireApproval).toBe(true);
    const bob = await toolsFor(deps, ids.bob!);
    expect(bob.filter((x) => x.source === "mcp").map((x) => x.server)).toEqual([
      "Everyone's tools",
      "Everyone's tools",
      "Everyone's tools",
    ]);
    const carl = await toolsFor(deps, ids.carl!);
    expect(carl.some((x) => x.server === "Carl team")).toBe(true);
    expect(carl.some((x) => x.server === "Ada team")).toBe(false);
  });

  it("runs an MCP tool through its server, with the server's sealed headers", async () => {
    const [echo] = await resolveTools(deps, ids.bob!, [`mcp:${servers.instance}:echo`]);
    const out = await echo!.run(
      { text: "hello" },
      { db: deps.db, logger: deps.logger, userId: ids.bob!, signal: new AbortController().signal },
    );
    expect(out).toEqual({ output: "echo: hello", isError: false });
    expect(loopback.seenHeaders("authorization")).toContain("Bearer instance-secret");
  });

  it("resolveTools keeps the ids the person may use and drops the rest without a word", async () => {
    const picked = await resolveTools(deps, ids.bob!, [
      "builtin:current_time",
      "builtin:no_such_tool",
      `mcp:${servers.instance}:fail`,
      `mcp:${servers.instance}:hang`,
      `mcp:${servers.ada}:echo`,
      `mcp:${servers.carl}:echo`,
      "mcp:not-a-server:echo",
    ]);
    expect(picked.map((x) => x.id)).toEqual(["builtin:current_time", `mcp:${servers.instance}:fail`]);
  });

  it("leaves out a team server on a private address when the operator does not allow them", async () => {
    const guarded = toolDepsOf(t.services);
    expect(guarded.allowPrivateFetch).toBe(false);
    const ada = await toolsFor(guarded, ids.ada!);
    expect(ada.some((x) => x.server === "Everyone's tools")).toBe(true);
    expect(ada.some((x) => x.server === "Ada team")).toBe(false);
    const state = await guarded.mcp.state({
      id: servers.ada!,
      name: "Ada team",
      transport: "streamable-http",
      url: loopback.streamableUrl,
      command: null,
      args: [],
      headers: {},
      allowPrivate: false,
    });
    expect(state).toMatchObject({
      status: "failing",
      error: expect.stringContaining("not reachable") as string,
    });
  });
});
