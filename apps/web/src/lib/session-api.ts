// Better Auth's session endpoints, as the auth provider uses them.
import { apiRequest } from "./api-client";
import { readSessionUser, readStoredSession, type StoredSession } from "./auth-storage";
import { object, string, validator } from "./guards";

const SESSION_CHECK_TIMEOUT_MS = 10_000;

/** `{session, user}`, or null when there is no live session. */
const getSessionResponseSchema = validator((value) => {
  if (value === null) return null;
  const answer = object(value, "");
  const session = object(answer.session, "session");
  const expiresAt = session.expiresAt;
  return {
    session: {
      token: string(session.token, "session.token"),
      // A date, as JSON carries it (a string); a number is taken as zod's coercion took it.
      expiresAt: typeof expiresAt === "number" ? String(expiresAt) : string(expiresAt, "session.expiresAt"),
    },
    user: readSessionUser(answer.user),
  };
});

/**
 * Asks the server who we are. With a token this also extends the session (our refresh); with
 * "cookie" it adopts a session that Better Auth set as a cookie (after the email-verification link
 * or a social sign-in landed on the site). Answers null when there is no live session.
 */
export async function fetchSession(from: { token: string } | "cookie"): Promise<StoredSession | null> {
  const cookie = from === "cookie";
  const { data, headers } = await apiRequest("/api/auth/get-session", {
    schema: getSessionResponseSchema,
    auth: cookie ? false : from.token,
    credentials: cookie ? "same-origin" : "omit",
    timeoutMs: SESSION_CHECK_TIMEOUT_MS,
  });
  if (!data) return null;
  const token = headers.get("set-auth-token") || (cookie ? data.session.token : from.token);
  return { token, expiresAt: data.session.expiresAt, user: data.user };
}

/**
 * The check of the stored session, started as the app's code arrives (main.tsx), before the first
 * render: the server answers while the page's own code is still loading, instead of after it.
 */
let early: { token: string; answer: Promise<StoredSession | null> } | null = null;

export function checkStoredSessionEarly(): void {
  const stored = readStoredSession();
  if (!stored) return;
  const answer = fetchSession({ token: stored.token });
  // Awaited by the provider's first refresh; a failure before then is not an unhandled rejection.
  answer.catch(() => undefined);
  early = { token: stored.token, answer };
}

/** The stored session's check: the early one for this token if it is still unclaimed, else a new one. */
export function checkSession(token: string): Promise<StoredSession | null> {
  const started = early?.token === token ? early.answer : null;
  early = null;
  return started ?? fetchSession({ token });
}

/** Ends every session of the user on all devices (the server does that) and clears the cookie. */
export async function signOutEverywhere(token: string): Promise<void> {
  await apiRequest("/api/auth/sign-out", {
    method: "POST",
    body: {},
    auth: token,
    credentials: "same-origin",
  });
}

export const REFRESH_INTERVAL_MS = 10 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const EXPIRY_MARGIN_MS = 5 * 60 * 1000;
const MIN_DELAY_MS = 60 * 1000;

/** When a session ends within a day, refresh shortly before it does; otherwise the interval suffices. */
export function refreshDelayBeforeExpiry(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  const left = new Date(expiresAt).getTime() - now;
  if (Number.isNaN(left) || left > DAY_MS) return null;
  return Math.max(MIN_DELAY_MS, left - EXPIRY_MARGIN_MS);
}
