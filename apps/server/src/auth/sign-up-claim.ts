// Whoever controls the inbox owns the account. A sign-up for an address whose account is still
// unverified replaces that account (its password, name and every link mailed for it), and the
// password chosen at sign-up counts only in the browser that chose it: the confirmation link signs
// in there alone. Opened anywhere else, the link leads to choosing the password afresh, which
// confirms the address, so a password typed by someone who never saw the inbox never survives.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, like, or, sql } from "drizzle-orm";
import { jwtVerify } from "jose";
import { z } from "zod";
import type { Database } from "../db/client";
import { instance, user, verification } from "../db/schema";

export const SIGN_UP_BROWSER_COOKIE = "tessera.sign-up-browser";
/** As long as the confirmation link works (emailVerification.expiresIn). */
export const SIGN_UP_LINK_SECONDS = 24 * 60 * 60;
const BOUND_PREFIX = "sign-up-browser:";
const RESET_PREFIX = "reset-password:";
/** How long the password step reached from a confirmation link stays open. */
const CONFIRM_STEP_SECONDS = 60 * 60;

const signUpBodySchema = z.object({
  email: z.email(),
  password: z.string().min(8).max(128),
  name: z.string(),
});

const digest = (nonce: string) => createHash("sha256").update(nonce).digest("hex");

/** A fresh browser nonce, or the one the browser already carries. */
export const browserNonce = (carried: string | undefined) =>
  carried && /^[\w-]{32}$/.test(carried) ? carried : randomBytes(24).toString("base64url");

/**
 * Deletes the unverified account a valid sign-up body names, so the sign-up that follows creates it
 * afresh: the old password stops working and the links mailed for it (bound to the old id) die.
 * The instance-admin seat it held goes to the account that replaces it.
 */
export async function replaceUnverifiedAccount(db: Database, body: unknown): Promise<void> {
  const parsed = signUpBodySchema.safeParse(body);
  if (!parsed.success) return; // Better Auth refuses it, and nothing may be lost on the way.
  const email = parsed.data.email.toLowerCase();
  await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ id: user.id })
      .from(user)
      .where(and(eq(sql`lower(${user.email})`, email), eq(user.emailVerified, false)))
      .for("update");
    if (!found) return;
    await tx
      .delete(verification)
      .where(
        or(
          eq(verification.identifier, `${BOUND_PREFIX}${found.id}`),
          and(like(verification.identifier, `${RESET_PREFIX}%`), eq(verification.value, found.id)),
        ),
      );
    await tx.delete(instance).where(eq(instance.firstAdminUserId, found.id));
    await tx.delete(user).where(eq(user.id, found.id));
  });
}

/** Remembers that `userId`'s password was chosen in the browser carrying `nonce`. */
export async function bindSignUpToBrowser(db: Database, userId: string, nonce: string): Promise<void> {
  await db.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${BOUND_PREFIX}${userId}`,
    value: digest(nonce),
    expiresAt: new Date(Date.now() + SIGN_UP_LINK_SECONDS * 1000),
  });
}

export async function forgetSignUpBrowser(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(eq(verification.identifier, `${BOUND_PREFIX}${userId}`));
}

/**
 * For a confirmation link opened in another browser than the sign-up's: a one-hour token for the
 * password step (Better Auth's reset token, whose use confirms the address), else null when the link
 * is for Better Auth to answer (bad or expired, already confirmed, or in the sign-up's own browser).
 */
export async function confirmElsewhere(
  db: Database,
  secret: string,
  token: string | undefined,
  nonce: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ["HS256"],
    }));
  } catch {
    return null;
  }
  if (typeof claims.userId !== "string" || typeof claims.email !== "string" || claims.updateTo) return null;
  const [account] = await db
    .select({ id: user.id, email: user.email, emailVerified: user.emailVerified })
    .from(user)
    .where(eq(user.id, claims.userId));
  if (!account || account.emailVerified || account.email.toLowerCase() !== claims.email) return null;
  if (nonce) {
    const [bound] = await db
      .select({ id: verification.id })
      .from(verification)
      .where(
        and(
          eq(verification.identifier, `${BOUND_PREFIX}${account.id}`),
          eq(verification.value, digest(nonce)),
          gt(verification.expiresAt, new Date()),
        ),
      );
    if (bound) return null;
  }
  const step = randomBytes(18).toString("base64url");
  await db.insert(verification).values({
    id: randomBytes(16).toString("hex"),
    identifier: `${RESET_PREFIX}${step}`,
    value: account.id,
    expiresAt: new Date(Date.now() + CONFIRM_STEP_SECONDS * 1000),
  });
  return step;
}

/** The keys a sign-up answer carries, the same for a new address and a taken one. */
export function uniformSignUpBody(answer: unknown): { token: null; user: Record<string, unknown> } {
  const given = (answer as { user?: Record<string, unknown> } | null)?.user ?? {};
  const keys = ["id", "email", "name", "image", "emailVerified", "createdAt", "updatedAt"] as const;
  return {
    token: null,
    user: Object.fromEntries(
      keys.map((k) => [k, k === "emailVerified" ? false : k === "image" ? (given[k] ?? null) : given[k]]),
    ),
  };
}
