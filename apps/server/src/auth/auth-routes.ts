// The Better Auth handler behind our own edge: the client IP is ours to set, resending a
// verification mail is limited per address, password guesses are limited per account and client
// (sign-in-guard.ts) as well as per client (Better Auth's own limit), a sign-out that Better Auth
// accepted ends every session of the user, sign-up and sign-in answer alike whether or not an
// address has an account, a confirmation link opened away from the sign-up's browser leads to
// choosing the password (sign-up-claim.ts), and errors come back in the one error shape; a page
// opened at another address than PUBLIC_URL is told which one.
import type { LanguageCode } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import type { Database } from "../db/client";
import { session as sessionTable, user as userTable } from "../db/schema";
import { requestLanguage } from "../i18n/request-language";
import { translateError } from "../i18n/server-text";
import type { AppEnv } from "../lib/context";
import { AppError, errorBody } from "../lib/errors";
import { enforceLimit, type RateLimiter } from "../lib/rate-limiter";
import { CLIENT_IP_HEADER, type Auth } from "./auth";
import { callAuth } from "./auth-calls";
import { clientIp } from "./client-ip";
import { createSignInGuard } from "./sign-in-guard";
import {
  bindSignUpToBrowser,
  browserNonce,
  confirmElsewhere,
  SIGN_UP_BROWSER_COOKIE,
  SIGN_UP_LINK_SECONDS,
  uniformSignUpBody,
} from "./sign-up-claim";

const RESEND_WINDOW_MS = 60_000;
/** One answer for every failed sign-in, so it tells nobody whether an address has an account. */
export const SIGN_IN_FAILED =
  "Invalid email or password. If you have just created your account, open the link we mailed you first.";
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
  /** Sign-in attempts on one account from one client in 15 minutes without a correct password (RATE_LIMIT_SIGN_IN_ACCOUNT). */
  signInAttemptsPerAccount: number;
  /** The address people open (PUBLIC_URL), the one origin Better Auth trusts. */
  publicUrl: string;
  /** Waits until the session cache has heard every change made so far (session-cache.ts `settle`). */
  settleSessions?: () => Promise<void>;
  /** Why an address may not sign up here (Admin → Settings: registration, allowed domains), or null. */
  signUpRefusal?: (email: string) => Promise<string | null>;
}) {
  const { auth, db, limiter } = deps;
  const guard = createSignInGuard(db, deps.signInAttemptsPerAccount);
  const secure = deps.publicUrl.startsWith("https:");
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
    // Before Better Auth, which would replace an unverified account of the address (sign-up-claim.ts).
    const signingUp = path === "/sign-up/email" && body ? readEmail(body) : null;
    const refusal = signingUp && deps.signUpRefusal ? await deps.signUpRefusal(signingUp) : null;
    if (refusal) throw new AppError("FORBIDDEN", refusal);
    const accountKey = path === "/sign-in/email" && body ? readEmail(body) : null;
    if (accountKey) await guard.attempt(accountKey, ip);
    // Read before Better Auth ends it, acted on only once Better Auth has accepted the sign-out (its
    // origin and content-type checks passed): a page elsewhere cannot sign anyone out.
    const signingOut =
      path === "/sign-out" && c.req.method === "POST"
        ? await callAuth(() => auth.api.getSession({ headers }))
        : null;
    if (path === "/verify-email" && c.req.method === "GET") {
      const step = await confirmElsewhere(
        db,
        (await auth.$context).secret,
        c.req.query("token"),
        getCookie(c, SIGN_UP_BROWSER_COOKIE),
      );
      if (step) return c.redirect(`/auth/reset-password?token=${encodeURIComponent(step)}&confirm=1`, 302);
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
    if (accountKey && response.status === 200) await guard.lift(accountKey);
    if (signingOut && response.status === 200)
      await db.delete(sessionTable).where(eq(sessionTable.userId, signingOut.user.id));
    if (path === "/sign-up/email" && response.status === 200) {
      const nonce = browserNonce(getCookie(c, SIGN_UP_BROWSER_COOKIE));
      return signUpAnswer(db, await response.json(), nonce, secure);
    }
    if (response.status < 400) return response;
    // Better Auth's refusals go out in the person's language too, as the rest of the API's errors do.
    const language = await requestLanguage(c, db);
    if (accountKey && (await isPasswordRefusal(response)))
      return signInFailed(c.get("requestId"), translateError(SIGN_IN_FAILED, language));
    const origin = c.req.header("origin") ?? c.req.header("referer") ?? "";
    return reshapeError(response, c.get("requestId"), language, (code) => {
      if (code !== "INVALID_ORIGIN") return undefined;
      c.get("logger").warn(
        { event: "auth.origin_refused", origin, publicUrl: deps.publicUrl },
        "A page at another address than PUBLIC_URL was refused; set PUBLIC_URL to the address people open",
      );
      return wrongAddress(originOf(origin), deps.publicUrl);
    });
  });
}

/**
 * The same answer for a new address and a taken one (Better Auth's stand-in user for a taken one
 * carries other keys); the browser gets its sign-up nonce, bound to the account when one was made.
 */
async function signUpAnswer(db: Database, answer: unknown, nonce: string, secure: boolean) {
  const body = uniformSignUpBody(answer);
  const [created] =
    typeof body.user.id === "string"
      ? await db.select({ id: userTable.id }).from(userTable).where(eq(userTable.id, body.user.id))
      : [];
  if (created) await bindSignUpToBrowser(db, created.id, nonce);
  const cookie = `${SIGN_UP_BROWSER_COOKIE}=${nonce}; Path=/api/auth; Max-Age=${SIGN_UP_LINK_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { "content-type": "application/json", "set-cookie": cookie },
  });
}

/**
 * A wrong password, and a right one for an unconfirmed address. Other refusals (a ban, a page at
 * another address) are said as they are: only the password's owner, or nobody, learns from them.
 */
const PASSWORD_REFUSALS = new Set(["INVALID_EMAIL_OR_PASSWORD", "EMAIL_NOT_VERIFIED"]);
async function isPasswordRefusal(response: Response): Promise<boolean> {
  if (response.status !== 401 && response.status !== 403) return false;
  const { code } = (await response
    .clone()
    .json()
    .catch(() => ({}))) as { code?: string };
  return PASSWORD_REFUSALS.has(code ?? "");
}

/** A wrong password and a right one for an unconfirmed address answer alike. */
function signInFailed(requestId: string, message: string) {
  return new Response(JSON.stringify(errorBody("INVALID_EMAIL_OR_PASSWORD", message, requestId)), {
    status: 401,
    headers: { "content-type": "application/json" },
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
    "or ask whoever runs Tessera to set it up for the address you use."
  );
}

async function reshapeError(
  response: Response,
  requestId: string,
  language: LanguageCode,
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
    return new Response(JSON.stringify(errorBody(code, translateError(message, language), requestId)), {
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
  return new Response(JSON.stringify(errorBody(code, translateError(message, language), requestId)), {
    status: response.status,
    headers,
  });
}
