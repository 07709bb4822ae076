// MCP servers that sign each person in with OAuth, through the real app: a loopback MCP server behind
// its own loopback authorization server. The admin's server is found to want sign-in (401), a person
// signs in (the redirect followed by hand), an answer calls the tool with their token, another person
// is told to sign in, an expired token is refreshed, misused states are refused, and the tokens are
// sealed, forgotten on sign-out and deleted with the server.
import type { McpServer, McpSignIn, McpSignInStart, ToolSummary } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mcpOauthGrants, mcpOauthStates } from "../../db/schema";
import { startLoopbackOAuthMcpServer, type LoopbackOAuthMcpServer } from "../../test/mcp-oauth-server";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type SseEvent, type TestApp } from "../../test/test-app";

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let secure: LoopbackOAuthMcpServer;
const tok: Record<string, string> = {};
let server: McpServer;

beforeAll(async () => {
  upstream = await startOpenAiCompatibleServer({
    models: ["who"],
    scripts: {
      who: {
        kind: "tool-steps",
        steps: [
          { text: ["Asking."], calls: [{ name: "Secure__whoami", arguments: {} }] },
          { text: ["Done."] },
        ],
      },
    },
  });
  secure = await startLoopbackOAuthMcpServer();
  t = await createTestApp({ OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-test-key", BILLING: "off" });
  for (const who of ["root", "ada", "bob"]) tok[who] = await t.newUser(`${who}@example.com`);
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
  await secure?.close();
});

async function call(who: string, path: string, init: { method?: string; json?: unknown } = {}) {
  const res = await t.request(path, { token: tok[who], ...init });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // The callback answers a page.
  }
  return { status: res.status, body, text };
}

/** The callback as the browser loads it: no bearer token, the cookie the start set (if any). */
async function land(callback: { path: string; cookie?: string }) {
  const res = await t.request(callback.path, callback.cookie ? { headers: { cookie: callback.cookie } } : {});
  return { status: res.status, text: await res.text(), setCookie: res.headers.get("set-cookie") ?? "" };
}

/**
 * Begins a sign-in and follows the authorization server's redirect: the callback's path and query,
 * and the cookie the browser was given.
 */
async function authorize(who: string): Promise<{ path: string; cookie: string }> {
  const res = await t.request(`/api/mcp/servers/${server.id}/sign-in`, { method: "POST", token: tok[who] });
  expect(res.status).toBe(200);
  const setCookie = res.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  expect(setCookie).toMatch(/Path=\/api\/mcp\/oauth/);
  const { authorizationUrl } = (await res.json()) as McpSignInStart;
  expect(authorizationUrl.startsWith(`${secure.origin}/authorize?`)).toBe(true);
  const back = await fetch(authorizationUrl, { redirect: "manual" });
  expect(back.status).toBe(302);
  const location = new URL(back.headers.get("location")!);
  expect(location.origin + location.pathname).toBe(
    new URL("/api/mcp/oauth/callback", t.services.env.PUBLIC_URL).href,
  );
  return { path: location.pathname + location.search, cookie: setCookie.split(";")[0]! };
}

const ofType = (events: SseEvent[], type: string) => events.filter((e) => e.type === type);
const askWho = async (who: string) =>
  readSse(
    await t.request("/api/chat-stream", {
      method: "POST",
      token: tok[who],
      json: { message: "Who am I there?", model: "local/who", tools: [`mcp:${server.id}:whoami`] },
    }),
  );
const grants = () => t.services.database.db.select().from(mcpOauthGrants);

describe("MCP servers that sign each person in", () => {
  it("finds that the server wants sign-in and shows it as sign-in per person", async () => {
    const res = await call("root", "/api/admin/mcp-servers", {
      method: "POST",
      json: { name: "Secure", transport: "streamable-http", url: secure.url, requireApproval: false },
    });
    expect(res.status, res.text).toBe(201);
    server = res.body as McpServer;
    expect(server).toMatchObject({ oauth: true, state: { status: "sign-in" }, tools: [] });
    const listed = (await call("root", "/api/admin/mcp-servers")).body as McpServer[];
    expect(listed[0]).toMatchObject({ oauth: true, state: { status: "sign-in" } });
    expect((await call("ada", "/api/mcp/sign-ins")).body).toEqual([
      { serverId: server.id, server: "Secure", signedIn: false },
    ] satisfies McpSignIn[]);
    const tools = (await call("ada", "/api/tools")).body as ToolSummary[];
    expect(tools.some((x) => x.source === "mcp")).toBe(false);
  });

  it("refuses a state that is someone else's, spent or expired, and stores nothing for it", async () => {
    secure.signInAs = "ada";
    const ada = await authorize("ada");
    secure.signInAs = "bob";
    const bob = await authorize("bob");
    // Ada's callback address loaded in Bob's browser (with his own cookie), or in one with none:
    // refused, nothing stored, and Ada's own sign-in still works after it.
    for (const stolen of [{ path: ada.path, cookie: bob.cookie }, { path: ada.path }]) {
      const res = await land(stolen);
      expect(res.status).toBe(400);
      expect(res.text).toContain("not yours");
    }
    expect((await grants()).filter((g) => g.sealedTokens !== null)).toEqual([]);
    const made = await land(ada);
    expect(made.status, made.text).toBe(200);
    expect(made.text).toContain("Signed in to Secure");
    expect(made.text).toContain('src="/api/mcp/oauth/done.js"');
    expect(made.setCookie).toMatch(/Max-Age=0/i);
    expect((await call("bob", "/api/mcp/sign-ins")).body).toEqual([
      { serverId: server.id, server: "Secure", signedIn: false },
    ]);
    // Spent: a second use is refused.
    expect((await land(ada)).status).toBe(400);
    // Expired: ten minutes is the limit.
    secure.signInAs = "ada";
    const late = await authorize("ada");
    await t.services.database.db.update(mcpOauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await land(late)).status).toBe(400);
    await t.services.database.db.delete(mcpOauthStates);
    // No state at all, or a made-up one.
    expect((await land({ path: "/api/mcp/oauth/callback?code=x" })).status).toBe(400);
    expect(
      (await land({ path: "/api/mcp/oauth/callback?code=x&state=made-up", cookie: ada.cookie })).status,
    ).toBe(400);
    // A server that is not the person's to use is 404.
    expect(
      (await call("ada", `/api/mcp/servers/${crypto.randomUUID()}/sign-in`, { method: "POST" })).status,
    ).toBe(404);
  });

  it("keeps the person's client and tokens sealed, and lists their tools once signed in", async () => {
    // Ada's tokens; Bob has only the client registered for him.
    expect((await grants()).filter((g) => g.sealedTokens !== null)).toHaveLength(1);
    expect((await grants()).filter((g) => g.sealedClient !== null)).toHaveLength(2);
    const stored = JSON.stringify(await t.services.database.db.execute(sql`select * from mcp_oauth_grants`));
    for (const token of secure.accessTokens()) expect(stored).not.toContain(token);
    expect(stored).not.toContain("rt-");
    expect(secure.tokenRequests).toEqual(["authorization_code"]);
    expect((await call("ada", "/api/mcp/sign-ins")).body).toEqual([
      { serverId: server.id, server: "Secure", signedIn: true },
    ]);
    const tools = (await call("ada", "/api/tools")).body as ToolSummary[];
    expect(tools.filter((x) => x.source === "mcp").map((x) => x.id)).toContain(`mcp:${server.id}:whoami`);
    const bobs = (await call("bob", "/api/tools")).body as ToolSummary[];
    expect(bobs.some((x) => x.source === "mcp")).toBe(false);
  });

  it("calls the tool in an answer with the person's own token", async () => {
    const events = await askWho("ada");
    const [result] = ofType(events, "tool_result");
    expect(result).toMatchObject({ isError: false, output: "signed in as ada" });
    expect(events.at(-1)).toMatchObject({ type: "complete" });
  });

  it("tells a person who has not signed in to sign in from the Tools button", async () => {
    const events = await askWho("bob");
    const [result] = ofType(events, "tool_result");
    expect(result).toMatchObject({ isError: true });
    expect(result!.output).toContain("Sign in to Secure");
    expect(result!.output).toContain("Tools button");
    expect(events.at(-1)).toMatchObject({ type: "complete" });
  });

  it("refreshes an expired token and goes on", async () => {
    const signedIn = async () => (await grants()).find((g) => g.sealedTokens !== null)!.sealedTokens;
    const before = await signedIn();
    expect(before).toEqual(expect.any(String));
    secure.expireAccessTokens();
    const events = await askWho("ada");
    expect(ofType(events, "tool_result")[0]).toMatchObject({ isError: false, output: "signed in as ada" });
    expect(secure.tokenRequests).toEqual(["authorization_code", "refresh_token"]);
    expect(await signedIn()).not.toBe(before);
  });

  it("forgets the person's sign-in on sign-out", async () => {
    const out = await call("ada", `/api/mcp/servers/${server.id}/sign-in`, { method: "DELETE" });
    expect(out.status).toBe(204);
    expect((await grants()).filter((g) => g.sealedTokens !== null)).toEqual([]);
    expect((await call("ada", "/api/mcp/sign-ins")).body).toEqual([
      { serverId: server.id, server: "Secure", signedIn: false },
    ]);
    const [result] = ofType(await askWho("ada"), "tool_result");
    expect(result).toMatchObject({ isError: true });
    expect(result!.output).toContain("Sign in to Secure");
  });

  it("deletes the people's sign-ins with the server", async () => {
    secure.signInAs = "ada";
    expect((await land(await authorize("ada"))).status).toBe(200);
    expect((await grants()).filter((g) => g.sealedTokens !== null)).toHaveLength(1);
    expect((await call("root", `/api/admin/mcp-servers/${server.id}`, { method: "DELETE" })).status).toBe(
      204,
    );
    expect(await grants()).toEqual([]);
  });
});
