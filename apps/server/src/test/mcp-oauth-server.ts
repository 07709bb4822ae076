// An MCP server on loopback that wants OAuth, with its own small OAuth 2.1 authorization server on the
// same origin, for the sign-in tests and journeys: protected-resource and authorization-server
// metadata, dynamic registration, /authorize (signs in as `signInAs` at once and redirects back with
// a code), /token (PKCE S256 checked, refresh tokens rotated). /mcp answers 401 with WWW-Authenticate
// without a live access token; its `whoami` tool says whose token the call carried.
import { createHash, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { StreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import { mcpServer } from "./mcp-server";

export interface LoopbackOAuthMcpServer {
  origin: string;
  /** The MCP endpoint, as an admin enters it. */
  url: string;
  /** Who /authorize signs in as (the person at the authorization server); null refuses (access_denied). */
  signInAs: string | null;
  /** Token requests by grant type. */
  tokenRequests: string[];
  /** Clients registered. */
  registrations: number;
  /** Every access token given out so far stops working (they expired). */
  expireAccessTokens(): void;
  /** The access tokens given out, for checking none is stored in the clear. */
  accessTokens(): string[];
  close(): Promise<void>;
}

const b64url = (buf: Buffer) => buf.toString("base64url");

export async function startLoopbackOAuthMcpServer(): Promise<LoopbackOAuthMcpServer> {
  const clients = new Map<string, { redirectUris: string[] }>();
  const codes = new Map<
    string,
    { clientId: string; redirectUri: string; challenge: string; subject: string }
  >();
  const access = new Map<string, { subject: string; expired: boolean }>();
  const refresh = new Map<string, { subject: string; clientId: string }>();
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const sockets = new Set<Socket>();
  let origin = "";

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString("utf8");
  };
  const issue = (subject: string, clientId: string) => {
    const accessToken = `at-${randomUUID()}`;
    const refreshToken = `rt-${randomUUID()}`;
    access.set(accessToken, { subject, expired: false });
    refresh.set(refreshToken, { subject, clientId });
    return { access_token: accessToken, token_type: "Bearer", expires_in: 3600, refresh_token: refreshToken };
  };

  const state: LoopbackOAuthMcpServer = {
    origin: "",
    url: "",
    signInAs: null,
    tokenRequests: [],
    registrations: 0,
    expireAccessTokens: () => {
      for (const t of access.values()) t.expired = true;
    },
    accessTokens: () => [...access.keys()],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", origin);
    const path = url.pathname;
    if (
      path === "/.well-known/oauth-protected-resource/mcp" ||
      path === "/.well-known/oauth-protected-resource"
    )
      return json(res, 200, { resource: `${origin}/mcp`, authorization_servers: [origin] });
    if (path === "/.well-known/oauth-authorization-server")
      return json(res, 200, {
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        registration_endpoint: `${origin}/register`,
        response_types_supported: ["code"],
        grant_types_supported: ["authorization_code", "refresh_token"],
        code_challenge_methods_supported: ["S256"],
        token_endpoint_auth_methods_supported: ["none"],
      });
    if (path === "/register" && req.method === "POST") {
      const body = JSON.parse(await readBody(req)) as { redirect_uris?: string[] };
      if (!Array.isArray(body.redirect_uris) || body.redirect_uris.length === 0)
        return json(res, 400, { error: "invalid_redirect_uri" });
      const clientId = `client-${randomUUID()}`;
      clients.set(clientId, { redirectUris: body.redirect_uris });
      state.registrations++;
      return json(res, 201, {
        ...body,
        client_id: clientId,
        client_id_issued_at: Math.floor(Date.now() / 1000),
      });
    }
    if (path === "/authorize" && req.method === "GET") {
      const q = url.searchParams;
      const client = clients.get(q.get("client_id") ?? "");
      const redirectUri = q.get("redirect_uri") ?? "";
      if (!client || !client.redirectUris.includes(redirectUri))
        return json(res, 400, { error: "invalid_client" });
      if (
        q.get("response_type") !== "code" ||
        q.get("code_challenge_method") !== "S256" ||
        !q.get("code_challenge")
      )
        return json(res, 400, { error: "invalid_request" });
      const back = new URL(redirectUri);
      if (q.get("state")) back.searchParams.set("state", q.get("state")!);
      if (state.signInAs === null) back.searchParams.set("error", "access_denied");
      else {
        const code = `code-${randomUUID()}`;
        codes.set(code, {
          clientId: q.get("client_id")!,
          redirectUri,
          challenge: q.get("code_challenge")!,
          subject: state.signInAs,
        });
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (path === "/token" && req.method === "POST") {
      const form = new URLSearchParams(await readBody(req));
      const grant = form.get("grant_type") ?? "";
      state.tokenRequests.push(grant);
      if (grant === "authorization_code") {
        const code = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        const verifier = form.get("code_verifier") ?? "";
        if (
          !code ||
          code.clientId !== form.get("client_id") ||
          code.redirectUri !== form.get("redirect_uri") ||
          b64url(createHash("sha256").update(verifier).digest()) !== code.challenge
        )
          return json(res, 400, { error: "invalid_grant" });
        return json(res, 200, issue(code.subject, code.clientId));
      }
      if (grant === "refresh_token") {
        const held = refresh.get(form.get("refresh_token") ?? "");
        if (!held || held.clientId !== form.get("client_id"))
          return json(res, 400, { error: "invalid_grant" });
        refresh.delete(form.get("refresh_token")!);
        return json(res, 200, issue(held.subject, held.clientId));
      }
      return json(res, 400, { error: "unsupported_grant_type" });
    }
    if (path === "/mcp") {
      const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? "")?.[1] ?? "";
      const token = access.get(bearer);
      if (!token || token.expired) {
        res.writeHead(401, {
          "content-type": "application/json",
          "www-authenticate": `Bearer error="invalid_token", resource_metadata="${origin}/.well-known/oauth-protected-resource/mcp"`,
        });
        return res.end(JSON.stringify({ error: "invalid_token" }));
      }
      // The SDK hands this to the tool as extra.authInfo.
      (req as IncomingMessage & { auth?: unknown }).auth = {
        token: bearer,
        clientId: "",
        scopes: [],
        extra: { subject: token.subject },
      };
      const id = req.headers["mcp-session-id"];
      const known = typeof id === "string" ? sessions.get(id) : undefined;
      if (known) return known.handleRequest(req, res);
      const transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => void sessions.set(sid, transport),
      });
      const server = mcpServer();
      server.registerTool("whoami", { description: "Says whose token the call carried." }, (extra) => ({
        content: [{ type: "text", text: `signed in as ${String(extra.authInfo?.extra?.subject)}` }],
      }));
      await server.connect(transport);
      return transport.handleRequest(req, res);
    }
    res.writeHead(404).end();
  };

  const http = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  http.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", () => resolve()));
  origin = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  state.origin = origin;
  state.url = `${origin}/mcp`;
  return state;
}
