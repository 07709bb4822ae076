// Better Auth: email+password with verification, bearer sessions, JWT/JWKS, TOTP two-factor, admin,
// organizations (teams), and social sign-in when configured. Mounted at /api/auth/* by app.ts.
import type { PlanId } from "@tessera/contracts";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { admin, bearer, jwt, organization, twoFactor } from "better-auth/plugins";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { joinTeamByDomain } from "../features/teams/join-by-domain";
import type { LiveSso } from "../features/sso/live-sso";
import type { OidcClient } from "../features/sso/oidc-client";
import { ssoSignIn } from "../features/sso/sso-sign-in";
import * as schema from "../db/schema";
import type { Cipher } from "../lib/crypto";
import type { Logger } from "../lib/logger";
import type { RateLimiter } from "../lib/rate-limiter";
import type { Mailer } from "../providers/mail/mailer";
import { auditAuth } from "../audit/auth-audit";
import { authHooks } from "./auth-hooks";
import { liftSignInFailures } from "./sign-in-guard";
import { forgetSignUpBrowser } from "./sign-up-claim";
import { mailLanguage } from "../i18n/request-language";
import { mailText } from "../i18n/server-text";

export const CLIENT_IP_HEADER = "x-tessera-client-ip";

export interface AuthDeps {
  db: Database;
  logger: Logger;
  mailer: Mailer;
  cipher: Cipher;
  secret: string;
  baseURL: string;
  rateLimits: { signIn: number; signUp: number };
  /** Where Better Auth counts its own limits too: the process's windows, or Redis (REDIS_URL). */
  limiter: RateLimiter;
  social: {
    github?: { clientId: string; clientSecret: string };
    google?: { clientId: string; clientSecret: string };
  };
  /** The plan a new account starts on (Admin → Settings), read as each account is made. */
  newAccountPlan?: () => PlanId;
  /** Company sign-in (Admin → Sign-in or OIDC_*), offered whenever a configuration is in use. */
  sso?: { live: LiveSso; client: OidcClient };
}

export function createAuth(deps: AuthDeps) {
  const { db, mailer, logger } = deps;
  /** What proving the inbox brings: team by domain, and the guesses at the account forgotten. */
  const inboxProven = async (proven: { id: string; email: string }) => {
    await forgetSignUpBrowser(db, proven.id);
    await liftSignInFailures(db, proven.email);
    const teamId = await joinTeamByDomain(db, proven.id, proven.email);
    if (teamId)
      logger.info({ event: "team.domain_join", userId: proven.id, teamId }, "joined team by domain");
  };
  return betterAuth({
    appName: "Tessera",
    baseURL: deps.baseURL,
    basePath: "/api/auth",
    secret: deps.secret,
    trustedOrigins: [deps.baseURL],
    database: drizzleAdapter(db, { provider: "pg", schema }),
    logger: { level: "warn", log: (level, message) => logger[level]({ event: "auth.internal" }, message) },
    // A refusal (a wrong password, a page at another address) is an answer, logged with the
    // request's status, not an unformatted line of Better Auth's own on the console; a fault is
    // logged here, as an error.
    onAPIError: {
      onError: (error) => {
        if (error instanceof APIError && error.status !== "INTERNAL_SERVER_ERROR") return;
        logger.error({ event: "auth.internal", err: error }, "Better Auth failed");
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The reset link went to the inbox, so using it confirms the address (sign-up-claim.ts sends a
      // confirmation opened in another browser this way).
      onPasswordReset: async ({ user }) => {
        if (!user.emailVerified)
          await db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
        await inboxProven(user);
      },
      // The same answer as for a new address goes back (auth-routes.ts); the owner hears of it.
      onExistingUserSignUp: async ({ user }) => {
        if (!user.emailVerified) return;
        // The owner's language, not the stranger's who typed the address.
        const language = await mailLanguage(db, user.email);
        await mailer.send({
          to: user.email,
          kind: "account-exists",
          subject: mailText(language, "existsSubject"),
          text: mailText(language, "existsText", { url: `${deps.baseURL}/auth` }),
          link: `${deps.baseURL}/auth`,
        });
      },
      sendResetPassword: async ({ user, url }, request) => {
        const language = await mailLanguage(db, user.email, request);
        await mailer.send({
          to: user.email,
          kind: "reset-password",
          subject: mailText(language, "resetSubject"),
          text: mailText(language, "resetText", { url }),
          link: url,
        });
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: true,
      expiresIn: 24 * 60 * 60,
      // Only the browser that chose the password gets here signed in (sign-up-claim.ts); a verified
      // address in a team's allowed domain joins that team as member.
      afterEmailVerification: inboxProven,
      sendVerificationEmail: async ({ user, url }, request) => {
        // At sign-up nothing is stored yet: the language of the browser that signed up.
        const language = await mailLanguage(db, user.email, request);
        await mailer.send({
          to: user.email,
          kind: "verify-email",
          subject: mailText(language, "verifySubject"),
          text: mailText(language, "verifyText", { name: user.name ? `, ${user.name}` : "", url }),
          link: url,
        });
      },
    },
    socialProviders: {
      ...(deps.social.github ? { github: { ...deps.social.github } } : {}),
      ...(deps.social.google ? { google: { ...deps.social.google } } : {}),
    },
    user: { changeEmail: { enabled: false } },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 120,
      customStorage: {
        consume: async (key, rule) => {
          const wait = await deps.limiter.hit(`auth:${key}`, { windowMs: rule.window * 1000, max: rule.max });
          return { allowed: wait === null, retryAfter: wait };
        },
      },
      customRules: {
        "/sign-in/email": { window: 60, max: deps.rateLimits.signIn },
        // Each start of a provider sign-in (company SSO among them) writes a state row.
        "/sign-in/social": { window: 60, max: deps.rateLimits.signIn },
        // With a stolen session, the current password can be guessed here too.
        "/change-password": { window: 60, max: deps.rateLimits.signIn },
        "/sign-up/email": { window: 60, max: deps.rateLimits.signUp },
        "/send-verification-email": { window: 60, max: deps.rateLimits.signUp },
        "/request-password-reset": { window: 60, max: deps.rateLimits.signUp },
        "/two-factor/verify-totp": { window: 60, max: deps.rateLimits.signIn },
        "/two-factor/verify-backup-code": { window: 60, max: deps.rateLimits.signIn },
      },
    },
    // The client IP comes only from our own header, which app.ts sets from the socket (or from the
    // configured trusted proxy header) after dropping whatever the client sent; IPv6 counts by /64.
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER], ipv6Subnet: 64 },
      // Better Auth checks the origin unless NODE_ENV is "test"; said here, it is checked everywhere,
      // so the tests run the check that production does.
      disableOriginCheck: false,
    },
    hooks: authHooks(db),
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            await db.transaction(async (tx) => {
              await tx
                .insert(schema.profiles)
                .values({
                  userId: created.id,
                  fullName: created.name || null,
                  avatarUrl: created.image ?? null,
                })
                .onConflictDoNothing();
              const plan = deps.newAccountPlan?.() ?? "core";
              if (plan !== "core")
                await tx
                  .insert(schema.subscriptions)
                  .values({ userId: created.id, plan, source: "admin" })
                  .onConflictDoNothing();
              const won = await tx
                .insert(schema.instance)
                .values({ id: 1, firstAdminUserId: created.id })
                .onConflictDoNothing()
                .returning({ id: schema.instance.id });
              if (won.length > 0) {
                await tx.update(schema.user).set({ role: "admin" }).where(eq(schema.user.id, created.id));
                logger.info(
                  { event: "auth.first_admin", userId: created.id },
                  "first account is the instance admin",
                );
              }
            });
          },
        },
        update: {
          after: async (updated) => {
            await db
              .insert(schema.profiles)
              .values({ userId: updated.id, fullName: updated.name || null })
              .onConflictDoUpdate({
                target: schema.profiles.userId,
                // The picture is ours to manage (updateProfile keeps a local copy); only the name syncs.
                set: { fullName: updated.name || null, updatedAt: sql`now()` },
              });
          },
        },
      },
    },
    plugins: [
      bearer(),
      // A JWT is minted when asked for at /api/auth/token, not on every session read: with the header
      // on, each authenticated request decrypted the signing key and signed a token nobody read.
      jwt({ jwks: { keyPairConfig: { alg: "EdDSA", crv: "Ed25519" } }, disableSettingJwtHeader: true }),
      twoFactor({
        issuer: "Tessera",
        backupCodeOptions: {
          amount: 10,
          storeBackupCodes: {
            encrypt: (plain) => Promise.resolve(deps.cipher.encrypt(plain)),
            decrypt: (sealed) => Promise.resolve(deps.cipher.decrypt(sealed)),
          },
        },
      }),
      admin(),
      organization(),
      ...(deps.sso
        ? [
            ssoSignIn({
              db,
              logger,
              ...deps.sso,
              joinTeamByDomain: (userId, email) => joinTeamByDomain(db, userId, email),
            }),
          ]
        : []),
      // Last, so it sees what the others did (a second factor asked for, a session ended).
      auditAuth(db),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
