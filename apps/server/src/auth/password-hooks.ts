// What a new password ends. Changing one's password ends every session (the caller continues on
// the fresh one it is handed); an admin setting someone's password ends all of theirs; and any
// password change or reset voids the reset links still waiting in that person's mail.
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq, like, ne } from "drizzle-orm";
import type { Database } from "../db/client";
import { session, verification } from "../db/schema";

const RESET_PREFIX = "reset-password:";

export function passwordHooks(db: Database) {
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
