// Our rules around Better Auth's endpoints.
// - What a new password ends. Changing one's password ends every session (the caller continues on
//   the fresh one it is handed); an admin setting someone's password ends all of theirs; and any
//   password change or reset voids the reset links still waiting in that person's mail.
// - A sign-up for an unverified address replaces that account (sign-up-claim.ts).
// - A TOTP code signs in once (totp-replay.ts), and a second factor lifts the guesses counted
//   against the account (sign-in-guard.ts).
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { session, verification } from "../db/schema";
import { liftSignInFailures } from "./sign-in-guard";
import { replaceUnverifiedAccount } from "./sign-up-claim";
import { claimTotpStep } from "./totp-replay";

const RESET_PREFIX = "reset-password:";

export function authHooks(db: Database) {
  const voidResetLinks = (userId: string, except?: string) =>
    db
      .delete(verification)
      .where(
        and(
          like(verification.identifier, `${RESET_PREFIX}%`),
          eq(verification.value, userId),
          except ? ne(verification.identifier, except) : undefined,
        ),
      );

  return {
    before: createAuthMiddleware(async (ctx) => {
      if (ctx.path === "/sign-up/email") await replaceUnverifiedAccount(db, ctx.body);
      if (ctx.path === "/change-password") {
        return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
      }
      if (ctx.path === "/reset-password") {
        const token = (ctx.body as { token?: unknown } | undefined)?.token;
        if (typeof token !== "string" || !token) return;
        const [link] = await db
          .select({ userId: verification.value })
          .from(verification)
          .where(eq(verification.identifier, `${RESET_PREFIX}${token}`));
        // The link in hand is about to be spent; its siblings must not outlive it.
        if (link) await voidResetLinks(link.userId, `${RESET_PREFIX}${token}`);
      }
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (ctx.context.returned instanceof APIError) return;
      if (ctx.path === "/two-factor/verify-totp") {
        const signedIn = ctx.context.newSession;
        const code = (ctx.body as { code?: unknown } | undefined)?.code;
        if (!signedIn || typeof code !== "string") return;
        if (!(await claimTotpStep(db, ctx.context.secretConfig, signedIn.user.id, code))) {
          await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
          // Nor a cookie or bearer token of the session just ended (the bearer plugin reads the cookie).
          ctx.context.responseHeaders?.delete("set-cookie");
          throw APIError.from("UNAUTHORIZED", {
            code: "INVALID_CODE",
            message: "This code was used already. Enter the next one your authenticator app shows.",
          });
        }
        await liftSignInFailures(db, signedIn.user.email);
      }
      if (ctx.path === "/change-password") {
        const userId = ctx.context.newSession?.user.id ?? ctx.context.session?.user.id;
        if (userId) await voidResetLinks(userId);
      }
      if (ctx.path === "/admin/set-user-password") {
        const userId = (ctx.body as { userId?: unknown } | undefined)?.userId;
        if (typeof userId !== "string") return;
        await db.delete(session).where(eq(session.userId, userId));
        await voidResetLinks(userId);
      }
    }),
  };
}
