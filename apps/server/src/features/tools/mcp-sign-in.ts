// Signing a person in to an MCP server that asks for OAuth: begin (the authorization address, with a
// one-time state bound to the person's session and to their browser for 10 minutes), finish at the
// callback (the code exchanged, the tokens kept sealed for that person only), list and sign out.
// Every discovery, registration and token request goes through the MCP transport's guarded fetch.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { auth } from "@modelcontextprotocol/sdk/client/auth.js";
import type { McpSignIn, McpSignInStart } from "@tessera/contracts";
import { and, eq, gt, lt } from "drizzle-orm";
import { mcpOauthGrants, mcpOauthStates, session } from "../../db/schema";
import { AppError } from "../../lib/errors";
import { mcpFetch } from "../../tools/mcp/mcp-fetch";
import { MCP_TIMINGS } from "../../tools/mcp/mcp-manager";
import { GrantProvider, signedInServers } from "../../tools/mcp/mcp-oauth";
import { configOf, serversFor, type McpServerRow } from "../../tools/mcp/stored-servers";
import type { ToolDeps } from "../../tools/tool-deps";
import { isUuid, noSuchServer } from "./tools-deps";

export const SIGN_IN_STATE_MS = 10 * 60_000;
/** Each request of the flow (discovery, registration, token) gives up after this long. */
const AUTH_REQUEST_MS = 15_000;

export async function listSignIns(deps: ToolDeps, userId: string): Promise<McpSignIn[]> {
  const servers = (await serversFor(deps.db, userId)).filter((s) => s.oauth);
  if (servers.length === 0) return [];
  const signedIn = await signedInServers(deps.db, userId);
  return servers.map((s) => ({ serverId: s.id, server: s.name, signedIn: signedIn.has(s.id) }));
}

/** A server the person may use that signs people in; any other is 404 (or 400 when it does not sign in). */
async function usableServer(
  deps: ToolDeps,
  userId: string,
  id: string,
): Promise<McpServerRow & { url: string }> {
  if (!isUuid(id)) throw noSuchServer();
  const row = (await serversFor(deps.db, userId)).find((s) => s.id === id);
  if (!row) throw noSuchServer();
  if (!row.oauth || !row.url)
    throw new AppError("BAD_REQUEST", `${row.name} does not ask people to sign in.`);
  return { ...row, url: row.url };
}

/** The guarded fetch of the server's connection, each request timed. */
function authFetch(deps: ToolDeps, row: McpServerRow): typeof fetch {
  const guarded = mcpFetch({
    allowPrivate: configOf(row, deps).allowPrivate,
    maxMessageChars: MCP_TIMINGS.maxMessageChars,
  });
  return (input, init) =>
    guarded(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(AUTH_REQUEST_MS) });
}

const flowFailed = (row: McpServerRow, err: unknown) =>
  new AppError(
    "CONNECTION_FAILED",
    `${row.name} could not sign you in: ${(err instanceof Error ? err.message : String(err)).slice(0, 300)}`,
    { cause: err },
  );

/**
 * The browser's cookie for a sign-in to `serverId`: the callback arrives as a plain page load, with
 * no bearer token, so this nonce (its hash kept with the state) proves it is the browser that began it.
 */
export const signInCookie = (serverId: string) => `tessera_mcp_signin_${serverId.replaceAll("-", "")}`;

const hashOf = (nonce: string) => createHash("sha256").update(nonce).digest();

export async function startSignIn(
  deps: ToolDeps,
  who: { userId: string; sessionId: string },
  serverId: string,
): Promise<McpSignInStart & { serverId: string; browserNonce: string }> {
  const row = await usableServer(deps, who.userId, serverId);
  const state = randomBytes(32).toString("base64url");
  const browserNonce = randomBytes(32).toString("base64url");
  const provider = new GrantProvider(deps, who.userId, row.id, { kind: "start", state });
  try {
    await auth(provider, { serverUrl: row.url, fetchFn: authFetch(deps, row) });
  } catch (err) {
    throw flowFailed(row, err);
  }
  if (!provider.authorizationUrl || !provider.verifier)
    throw flowFailed(row, new Error("the server gave no address to sign in at"));
  // States left by sign-ins never finished go as new ones begin.
  await deps.db.delete(mcpOauthStates).where(lt(mcpOauthStates.expiresAt, new Date()));
  await deps.db.insert(mcpOauthStates).values({
    state,
    userId: who.userId,
    sessionId: who.sessionId,
    browserHash: hashOf(browserNonce).toString("base64url"),
    serverId: row.id,
    sealedVerifier: deps.cipher.encrypt(provider.verifier),
    expiresAt: new Date(Date.now() + SIGN_IN_STATE_MS),
  });
  return { authorizationUrl: provider.authorizationUrl.toString(), serverId: row.id, browserNonce };
}

const notYours = () =>
  new AppError("BAD_REQUEST", "This sign-in is not yours, was already used or has expired. Begin it again.");

/**
 * The callback: the state must be unused and under 10 minutes old, come back to the browser that
 * began it (its cookie), and its session must still be signed in; it is spent here whatever follows.
 * Anything else is a 400, nothing is stored and the state is left to its owner.
 */
export async function finishSignIn(
  deps: ToolDeps,
  query: { state: string; code?: string | undefined; error?: string | undefined },
  cookieOf: (serverId: string) => string | undefined,
): Promise<{ server: string; serverId: string }> {
  const [pending] = await deps.db
    .select()
    .from(mcpOauthStates)
    .where(and(eq(mcpOauthStates.state, query.state), gt(mcpOauthStates.expiresAt, new Date())));
  const nonce = pending ? cookieOf(pending.serverId) : undefined;
  const expected = pending ? Buffer.from(pending.browserHash, "base64url") : Buffer.alloc(0);
  if (!pending || !nonce || expected.length !== 32 || !timingSafeEqual(hashOf(nonce), expected))
    throw notYours();
  const [live] = await deps.db
    .select({ id: session.id })
    .from(session)
    .where(
      and(
        eq(session.id, pending.sessionId),
        eq(session.userId, pending.userId),
        gt(session.expiresAt, new Date()),
      ),
    );
  const [spent] = await deps.db
    .delete(mcpOauthStates)
    .where(eq(mcpOauthStates.state, pending.state))
    .returning({ state: mcpOauthStates.state });
  if (!live || !spent) throw notYours();
  const who = { userId: pending.userId };
  const row = await usableServer(deps, who.userId, pending.serverId);
  if (query.error || !query.code)
    throw new AppError(
      "BAD_REQUEST",
      `${row.name} did not sign you in (${query.error ?? "no code was given"}).`,
    );
  const provider = new GrantProvider(deps, who.userId, row.id, {
    kind: "finish",
    verifier: deps.cipher.decrypt(pending.sealedVerifier),
  });
  try {
    await auth(provider, {
      serverUrl: row.url,
      authorizationCode: query.code,
      fetchFn: authFetch(deps, row),
    });
  } catch (err) {
    throw flowFailed(row, err);
  }
  // A connection made before (with no token, or an old one) is not reused.
  await deps.mcp.forget(row.id, who.userId);
  return { server: row.name, serverId: row.id };
}

export async function signOut(deps: ToolDeps, userId: string, serverId: string): Promise<void> {
  const row = await usableServer(deps, userId, serverId);
  await deps.db
    .delete(mcpOauthGrants)
    .where(and(eq(mcpOauthGrants.userId, userId), eq(mcpOauthGrants.serverId, row.id)));
  await deps.mcp.forget(row.id, userId);
}
