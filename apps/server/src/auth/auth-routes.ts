// The Better Auth handler behind our own edge: the client IP is ours to set, resending a
// verification mail is limited per address, password guesses are limited per account as well as
// per client (Better Auth's own limit), sign-out ends every session of the user, and errors come
// back in the one error shape; a page opened at another address than PUBLIC_URL is told which one.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import type { Database } from "../db/client";
import { session as sessionTable } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { AppError, errorBody } from "../lib/errors";
import { enforceLimit, type RateLimiter } from "../lib/rate-limiter";
import { CLIENT_IP_HEADER, type Auth } from "./auth";
import { callAuth } from "./auth-calls";
import { clientIp } from "./client-ip";

const RESEND_WINDOW_MS = 60_000;
/** Guesses at one account are counted over this long, from every address together. */
const ACCOUNT_WINDOW_MS = 15 * 60_000;
/**
 * Better Auth endpoints that stay closed: teams are managed through /api/teams, whose rules (the Team
 * plan, one team each, only an owner changes roles) the organization endpoints do not know, and the
 * name and picture through /api/profile, whose limits and local avatar copy update-user skips.
 */
const CLOSED = /^\/(organization(\/|$)|update-user\/?$)/;
const isClosed = (path: string) => {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // Not a path Better Auth routes anywhere either.
  }
  return CLOSED.test(decoded.toLowerCase().replace(/\/{2,}/g, "/"));
};
const STRIPPED = [
  "x-forwarded-for",
  "x-real-ip",
  "cf-connecting-ip",
  "true-client-ip",
  "x-client-ip",
  CLIENT_IP_HEADER,
];

export function authRoutes(deps: {
  auth: Auth;
  db: Database;
  limiter: RateLimiter;
  trustedProxyHeader?: string;
  /** Sign-in attempts on one account in 15 minutes without a correct password (RATE_LIMIT_SIGN_IN_ACCOUNT). */
  signInAttemptsPerAccount: number;
  /** The address people open (PUBLIC_URL), the one origin Better Auth trusts. */
  publicUrl: string;
  /** Waits until the session cache has heard every change made so far (session-cache.ts `settle`). */
  settleSessions?: () => Promise<void>;
}) {
  const { auth, db, limiter } = deps;
  return new Hono<AppEnv>().on(["GET", "POST"], "/*", async (c) => {
    const headers = new Headers(c.req.raw.headers);
    const ip = clientIp(c, deps.trustedProxyHeader);
    for (const h of STRIPPED) headers.delete(h);
    if (deps.trustedProxyHeader) headers.delete(deps.trustedProxyHeader);
    headers.set(CLIENT_IP_HEADER, ip);

    const path = new URL(c.req.url).pathname.replace(/^\/api\/auth/, "");
    if (isClosed(path)) throw new AppError("NOT_FOUND", "No such API route.");
    let body: ArrayBuffer | undefined;
    if (c.req.method === "POST") body = await c.req.arrayBuffer();

    if (path === "/send-verification-email" && body) {
      const email = readEmail(body);
      if (email) {
        await enforceLimit(
          limiter,
          `resend:${email}`,
          { windowMs: RESEND_WINDOW_MS, max: 1 },
          (wait) =>
            `A verification mail was sent to this address less than a minute ago. Try again in ${wait} s.`,
        );
      }
    }
    // Counted before the password is checked, so a burst in parallel cannot slip past the count.
    const accountKey = path === "/sign-in/email" && body ? readEmail(body) : null;
    if (accountKey) {
      await enforceLimit(
        limiter,
        `sign-in:${accountKey}`,
        { windowMs: ACCOUNT_WINDOW_MS, max: deps.signInAttemptsPerAccount },
        (wait) => `Too many sign-in attempts for this account. Try again in ${Math.ceil(wait / 60)} min.`,
      );
    }
    if (path === "/sign-out") {
      const current = await callAuth(() => auth.api.getSession({ headers }));
      if (current) await db.delete(sessionTable).where(eq(sessionTable.userId, current.user.id));
    }

    const request = new Request(c.req.raw.url, {
      method: c.req.method,
      headers,
      body: body ?? null,
      signal: c.req.raw.signal,
    });
    const response = await callAuth(() => auth.handler(request));
    // Whatever this call changed (a sign-out, a revoked session, a ban, a new role) holds for the
    // caller's next request, which may come before the change's notice would have.
    if (c.req.method === "POST") await deps.settleSessions?.();
    if (accountKey && response.status === 200) await limiter.reset(`sign-in:${accountKey}`);
    if (response.status < 400) return response;
    const origin = c.req.header("origin") ?? c.req.header("referer") ?? "";
    return reshapeError(response, c.get("requestId"), (code) => {
      if (code !== "INVALID_ORIGIN") return undefined;
      c.get("logger").warn(
        { event: "auth.origin_refused", origin, publicUrl: deps.publicUrl },
        "A page at another address than PUBLIC_URL was refused; set PUBLIC_URL to the address people open",
      );
      return wrongAddress(originOf(origin), deps.publicUrl);
    });
  });
}

function readEmail(body: ArrayBuffer): string | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    if (parsed && typeof parsed === "object" && "email" in parsed && typeof parsed.email === "string") {
      return parsed.email.trim().toLowerCase();
    }
  } catch {
    // Better Auth answers malformed bodies itself.
  }
  return null;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Better Auth's "Invalid origin", said so that the person can act on it. */
function wrongAddress(origin: string | null, publicUrl: string): string {
  const opened = origin ? ` This page was opened at ${origin}.` : "";
  return (
    `Tessera is set up to be opened at ${publicUrl}.${opened} Open ${publicUrl} and try again, ` +
    "or ask whoever runs Tessera to set PUBLIC_URL to the address you use."
  );
}

async function reshapeError(
  response: Response,
  requestId: string,
  /** Our own wording for one of Better Auth's codes, where its own would leave a person stuck. */
  explain: (code: string) => string | undefined = () => undefined,
): Promise<Response> {
  if (!(response.headers.get("content-type") ?? "").includes("application/json")) {
    const text = await response.text();
    const headers = new Headers(response.headers);
    headers.set("content-type", "application/json");
    headers.delete("content-length");
    const code = response.status === 429 ? "RATE_LIMITED" : "AUTH_ERROR";
    const message =
      response.status === 429
        ? "Too many attempts. Wait a minute and try again."
        : text || response.statusText || "Request failed.";
    return new Response(JSON.stringify(errorBody(code, message, requestId)), {
      status: response.status,
      headers,
    });
  }
  const raw = (await response.json().catch(() => ({}))) as { code?: string; message?: string };
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const code = raw.code ?? (response.status === 429 ? "RATE_LIMITED" : "AUTH_ERROR");
  const message =
    explain(code) ??
    raw.message ??
    (response.status === 429 ? "Too many attempts. Wait a minute and try again." : "Request failed.");
  return new Response(JSON.stringify(errorBody(code, message, requestId)), {
    status: response.status,
    headers,
  });
}
