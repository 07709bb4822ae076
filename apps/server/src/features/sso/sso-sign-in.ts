// Company sign-in's rules around Better Auth: the "sso" provider is added to its providers; an
// address outside the allowed domains is refused before any account is made, linked or signed in
// (database hooks that run inside the callback, whose refusal Better Auth turns into a redirect to
// the sign-in page with the reason's code); after a sign-in, the admin claim makes an instance admin
// and a verified address joins its domain's team when the configuration says so.
import { SSO_PROVIDER_ID } from "@tessera/contracts";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { and, eq, ne } from "drizzle-orm";
import { recordAudit } from "../../audit/record-audit";
import type { Database } from "../../db/client";
import { account as accountTable, user as userTable } from "../../db/schema";
import type { Logger } from "../../lib/logger";
import type { LiveSso } from "./live-sso";
import type { OidcClient } from "./oidc-client";
import { recentClaims, ssoProvider, ssoReady } from "./sso-provider";
import { claimGrantsAdmin, domainAllowed } from "./sso-rules";

export interface SsoSignInDeps {
  db: Database;
  logger: Logger;
  live: LiveSso;
  client: OidcClient;
  /** Teams' own rule for joining by a proven mail domain (features/teams), handed in by the auth layer. */
  joinTeamByDomain: (userId: string, email: string) => Promise<string | null>;
}

interface HookContext {
  path?: string;
  params?: unknown;
  body?: unknown;
  headers?: Headers;
}

/** Our edge's header with the client's address (auth/auth-routes.ts sets it, dropping the client's own). */
const CLIENT_IP_HEADER = "x-tessera-client-ip";

/** The request is company sign-in's start or its callback. */
const isSso = (ctx: HookContext | null | undefined) =>
  !!ctx &&
  ((ctx.path === "/callback/:id" && (ctx.params as { id?: string } | undefined)?.id === SSO_PROVIDER_ID) ||
    (ctx.path === "/sign-in/social" &&
      (ctx.body as { provider?: unknown } | undefined)?.provider === SSO_PROVIDER_ID));

const refused = (code: string, message: string) => APIError.from("FORBIDDEN", { code, message });

export function ssoSignIn(deps: SsoSignInDeps): BetterAuthPlugin {
  const { db, live, client, logger } = deps;
  live.onChange(() => client.forget());
  const provider = ssoProvider(live, client);
  /**
   * Refuses the callback's account, link or session for an address outside the allowed domains; the
   * refusal is a failed sign-in in the audit log.
   */
  const gate = async (email: string | null | undefined, ctx: HookContext | null | undefined) => {
    if (!isSso(ctx)) return;
    const config = live.current();
    const refusal: [string, string] | null = !config
      ? ["sso_not_configured", "Sign-in with SSO is not set up on this instance."]
      : !email
        ? ["sso_email_missing", "The provider did not share an email address."]
        : !domainAllowed(email, config.allowedDomains)
          ? ["sso_domain_not_allowed", "This address's domain may not sign in with SSO here."]
          : null;
    if (!refusal) return;
    await recordAudit(db, {
      actor: email ? { id: null, email } : null,
      ip: ctx?.headers?.get(CLIENT_IP_HEADER) ?? null,
      action: "auth.sign_in_failed",
      changes: { method: SSO_PROVIDER_ID, reason: refusal[0] },
    });
    throw refused(...refusal);
  };
  const emailOf = async (userId: string) =>
    (await db.select({ email: userTable.email }).from(userTable).where(eq(userTable.id, userId)))[0]?.email;

  const afterSignIn = async (
    signedIn: { id: string; email: string; emailVerified: boolean; role?: unknown },
    claims: Record<string, unknown>,
  ) => {
    const config = live.current();
    if (!config) return;
    if (
      config.adminClaim &&
      signedIn.role !== "admin" &&
      claimGrantsAdmin(claims, config.adminClaim, config.adminClaimValue)
    ) {
      const made = await db
        .update(userTable)
        .set({ role: "admin" })
        .where(and(eq(userTable.id, signedIn.id), ne(userTable.role, "admin")))
        .returning({ id: userTable.id });
      if (made.length > 0) {
        logger.info(
          { event: "sso.admin_granted", userId: signedIn.id },
          "admin claim made an instance admin",
        );
        await recordAudit(db, {
          actor: null,
          ip: null,
          action: "user.role_changed",
          target: { type: "user", id: signedIn.id },
          changes: { role: "admin", reason: `SSO claim ${config.adminClaim}` },
        });
      }
    }
    if (config.joinTeamByDomain && signedIn.emailVerified) {
      const teamId = await deps.joinTeamByDomain(signedIn.id, signedIn.email);
      if (teamId)
        logger.info({ event: "team.domain_join", userId: signedIn.id, teamId }, "joined team by domain");
    }
  };

  return {
    id: "tessera-sso",
    init: (ctx) => ({
      context: { socialProviders: [provider, ...ctx.socialProviders] },
      options: {
        databaseHooks: {
          user: { create: { before: (made, ctx) => gate(made.email, ctx) } },
          account: {
            create: {
              before: async (linked, ctx) => {
                if (linked.providerId === SSO_PROVIDER_ID) await gate(await emailOf(linked.userId), ctx);
              },
            },
          },
          session: {
            create: { before: async (opened, ctx) => gate(await emailOf(opened.userId), ctx) },
          },
        },
      },
    }),
    hooks: {
      before: [
        {
          matcher: isSso,
          handler: createAuthMiddleware(async (ctx) => {
            // Discovery read before Better Auth needs the provider's issuer; a provider that cannot
            // be reached refuses the start of a sign-in clearly (a callback then fails its exchange).
            if (ctx.path === "/sign-in/social") await ssoReady(live, client);
            else await ssoReady(live, client).catch(() => undefined);
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === "/callback/:id" && isSso(ctx),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession?.user;
            if (!signedIn) return;
            // The claims this very sign-in brought, by the subject its account is linked to.
            // (One person may hold subjects of more than one provider, after the issuer changed.)
            const linked = await db
              .select({ sub: accountTable.accountId })
              .from(accountTable)
              .where(and(eq(accountTable.userId, signedIn.id), eq(accountTable.providerId, SSO_PROVIDER_ID)));
            const claims = linked.map(({ sub }) => recentClaims.take(sub)).find(Boolean);
            if (claims) await afterSignIn(signedIn, claims);
          }),
        },
      ],
    },
  };
}
