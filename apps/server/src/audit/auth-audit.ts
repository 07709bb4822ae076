// The security events that happen inside Better Auth, recorded from its own hooks: sign-in (by
// password, second factor or provider) and failed sign-in, sign-out, password change and reset,
// two-factor switched on or off, and the admin plugin's endpoints when called over HTTP. Routes of
// ours that call `auth.api.*` record their own action (with recordAudit), so nothing is counted twice.
import type { AuditAction } from "@tessera/contracts";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware, getSessionFromCtx } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { user as userTable, verification } from "../db/schema";
import { recordAudit, type AuditActor } from "./record-audit";

/** Our edge's header with the client's address (auth-routes.ts sets it, dropping the client's own). */
const CLIENT_IP_HEADER = "x-tessera-client-ip";

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Admin plugin endpoints and what each one is in the log. */
const ADMIN_ACTIONS: Record<string, AuditAction> = {
  "/admin/set-role": "user.role_changed",
  "/admin/ban-user": "user.banned",
  "/admin/unban-user": "user.unbanned",
  "/admin/remove-user": "user.deleted",
  "/admin/revoke-user-sessions": "user.sessions_revoked",
  "/admin/set-user-password": "user.password_set",
  "/admin/impersonate-user": "user.impersonated",
};
const SECOND_FACTOR = new Set([
  "/two-factor/verify-totp",
  "/two-factor/verify-otp",
  "/two-factor/verify-backup-code",
]);
/** Paths whose "before" reads who is acting, for the "after" to record once it succeeded. */
const NOTED = new Set(["/sign-out", "/reset-password", "/two-factor/verify-totp", "/two-factor/verify-otp"]);
const WATCHED = new Set([
  ...NOTED,
  ...SECOND_FACTOR,
  ...Object.keys(ADMIN_ACTIONS),
  "/sign-in/email",
  "/callback/:id",
  "/change-password",
  "/two-factor/disable",
]);

interface Note {
  actor: AuditActor;
  /** A second factor verified by someone signed in who had none yet: this switches it on. */
  enabling?: boolean;
}

/** What a request's "before" learnt, for its "after"; both see the same per-request context. */
const notes = new WeakMap<object, Note>();

const ipOf = (ctx: HookContext) => ctx.headers?.get(CLIENT_IP_HEADER) ?? null;
const bodyOf = (ctx: HookContext) => (ctx.body ?? {}) as Record<string, unknown>;
const failed = (ctx: HookContext) =>
  ctx.context.returned instanceof APIError && ctx.context.returned.statusCode >= 400;

export function auditAuth(db: Database): BetterAuthPlugin {
  const record = (ctx: HookContext, action: AuditAction, actor: AuditActor | null, rest = {}) =>
    recordAudit(db, { actor, ip: ipOf(ctx), action, ...rest });

  const before = async (ctx: HookContext) => {
    if (ctx.path === "/reset-password") {
      const token = bodyOf(ctx).token;
      if (typeof token !== "string" || !token) return;
      const [owner] = await db
        .select({ id: userTable.id, email: userTable.email })
        .from(verification)
        .innerJoin(userTable, sql`${userTable.id} = ${verification.value}`)
        .where(eq(verification.identifier, `reset-password:${token}`));
      if (owner) notes.set(ctx.context, { actor: owner });
      return;
    }
    const session = await sessionOf(ctx);
    if (!session) return;
    const actor = { id: session.user.id, email: session.user.email };
    const enabling =
      ctx.path !== "/sign-out" && !(session.user as { twoFactorEnabled?: boolean }).twoFactorEnabled;
    notes.set(ctx.context, { actor, enabling });
  };

  const after = async (ctx: HookContext) => {
    const path = ctx.path;
    const note = notes.get(ctx.context);
    const signedIn = ctx.context.newSession;
    const returned = ctx.context.returned as { twoFactorRedirect?: unknown } | undefined;
    const sessionUser = signedIn?.user ?? ctx.context.session?.user;
    const self = sessionUser ? { id: sessionUser.id, email: sessionUser.email } : null;

    if (path === "/sign-in/email") {
      const email = typeof bodyOf(ctx).email === "string" ? (bodyOf(ctx).email as string) : null;
      if (failed(ctx)) {
        const code = (ctx.context.returned as APIError).body?.code ?? "UNKNOWN";
        return record(ctx, "auth.sign_in_failed", await accountOf(db, email), {
          changes: { method: "password", reason: code },
        });
      }
      // With a second factor on, the password alone signs nobody in yet.
      if (signedIn && !returned?.twoFactorRedirect)
        return record(ctx, "auth.sign_in", self, { changes: { method: "password" } });
      return;
    }
    if (SECOND_FACTOR.has(path)) {
      if (failed(ctx)) {
        if (note) return;
        return record(ctx, "auth.sign_in_failed", null, { changes: { method: "second factor" } });
      }
      if (note?.enabling && path !== "/two-factor/verify-backup-code")
        return record(ctx, "auth.two_factor_enabled", note.actor, {
          target: { type: "user", id: note.actor.id! },
        });
      if (signedIn && !note)
        return record(ctx, "auth.sign_in", self, { changes: { method: "password and second factor" } });
      return;
    }
    if (failed(ctx)) return;
    if (path === "/callback/:id") {
      if (signedIn)
        return record(ctx, "auth.sign_in", self, { changes: { method: ctx.params?.id ?? "provider" } });
      return;
    }
    if (path === "/sign-out" && note) return record(ctx, "auth.sign_out", note.actor);
    if (path === "/change-password" && self)
      return record(ctx, "auth.password_changed", self, { target: { type: "user", id: self.id } });
    if (path === "/reset-password" && note)
      return record(ctx, "auth.password_reset", note.actor, { target: { type: "user", id: note.actor.id! } });
    if (path === "/two-factor/disable" && self)
      return record(ctx, "auth.two_factor_disabled", self, { target: { type: "user", id: self.id } });
    const adminAction = ADMIN_ACTIONS[path];
    // Only over HTTP: a route of ours calling auth.api records the action itself.
    if (adminAction && ctx.request && self) {
      const { userId, ...changes } = bodyOf(ctx);
      return record(ctx, adminAction, self, {
        target: typeof userId === "string" ? { type: "user", id: userId } : null,
        changes,
      });
    }
  };

  return {
    id: "tessera-audit",
    hooks: {
      before: [
        {
          matcher: (ctx) => NOTED.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await before(ctx);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => WATCHED.has(ctx.path ?? ""),
          handler: createAuthMiddleware(async (ctx) => {
            await after(ctx);
          }),
        },
      ],
    },
  };
}

/**
 * The session a request carries, read before the endpoint ends or replaces it. The bearer plugin's
 * own translation of the token into a cookie reaches the endpoint, not the hooks beside it, so a
 * bearer token is looked up here by the session token it signs.
 */
async function sessionOf(ctx: HookContext) {
  const fromCookie = await getSessionFromCtx(ctx).catch(() => null);
  if (fromCookie) return fromCookie;
  const bearer = /^bearer\s+(.+)$/i.exec(ctx.headers?.get("authorization") ?? "")?.[1]?.trim();
  const token = bearer ? decodeURIComponent(bearer).split(".")[0] : undefined;
  if (!token) return null;
  const found = await ctx.context.internalAdapter.findSession(token);
  return found && found.session.expiresAt > new Date() ? found : null;
}

/** The account an address names, as the actor of a failed sign-in (only the address when none). */
async function accountOf(db: Database, email: string | null): Promise<AuditActor | null> {
  if (!email) return null;
  const address = email.trim().toLowerCase();
  const [found] = await db
    .select({ id: userTable.id })
    .from(userTable)
    .where(eq(sql`lower(${userTable.email})`, address));
  return { id: found?.id ?? null, email: address };
}
