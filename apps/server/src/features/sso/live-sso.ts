// Company sign-in's configuration in every process: Admin → Sign-in's own (sso_settings, the secret
// sealed) when there is one, else the OIDC_* environment variables. Read again when any process
// announces a change on `tessera_sso`, or when its listener comes back after missing notices; a
// change made here is in use in this process before its request answers.
import { eq, sql } from "drizzle-orm";
import type { Database, DatabaseHandle } from "../../db/client";
import { ssoSettings } from "../../db/schema";
import type { Env } from "../../env";
import type { Cipher } from "../../lib/crypto";
import type { Logger } from "../../lib/logger";

export const SSO_CHANNEL = "tessera_sso";
const RETRY_MS = 5_000;

export interface SsoConfig {
  source: "page" | "environment";
  issuer: string;
  clientId: string;
  clientSecret: string;
  buttonLabel: string;
  allowedDomains: string[];
  joinTeamByDomain: boolean;
  adminClaim: string | null;
  adminClaimValue: string | null;
  updatedAt: Date | null;
}

export type SsoValues = Omit<SsoConfig, "source" | "updatedAt">;

export interface LiveSso {
  /** The configuration in use: the page's, else the environment's, else none. */
  current(): SsoConfig | null;
  /** The environment's alone (what applies once the page's is removed). */
  fromEnvironment(): SsoConfig | null;
  reload(): Promise<void>;
  /** Writes the page's configuration, announces it to every process and applies it here. */
  save(values: SsoValues, by: string): Promise<void>;
  /** Removes the page's configuration (the environment's applies again, if any); false: there was none. */
  remove(): Promise<boolean>;
  /** Called whenever what is in use changed (cached discovery is dropped). */
  onChange(listener: () => void): void;
  listen(database: DatabaseHandle): Promise<void>;
}

export function ssoFromEnv(env: Env): SsoConfig | null {
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET) return null;
  return {
    source: "environment",
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    buttonLabel: env.OIDC_BUTTON_LABEL ?? "",
    allowedDomains: env.OIDC_ALLOWED_DOMAINS,
    joinTeamByDomain: env.OIDC_JOIN_TEAM_BY_DOMAIN,
    adminClaim: env.OIDC_ADMIN_CLAIM ?? null,
    adminClaimValue: env.OIDC_ADMIN_CLAIM_VALUE ?? null,
    updatedAt: null,
  };
}

async function readStored(db: Database, cipher: Cipher): Promise<SsoConfig | null> {
  const [row] = await db.select().from(ssoSettings).where(eq(ssoSettings.id, 1));
  if (!row) return null;
  return {
    source: "page",
    issuer: row.issuer,
    clientId: row.clientId,
    clientSecret: cipher.decrypt(row.sealedClientSecret),
    buttonLabel: row.buttonLabel,
    allowedDomains: row.allowedDomains,
    joinTeamByDomain: row.joinTeamByDomain,
    adminClaim: row.adminClaim,
    adminClaimValue: row.adminClaimValue,
    updatedAt: row.updatedAt,
  };
}

export function createLiveSso(deps: { db: Database; cipher: Cipher; env: Env; logger: Logger }): LiveSso {
  const environment = ssoFromEnv(deps.env);
  let held: SsoConfig | null = environment;
  let retry: NodeJS.Timeout | undefined;
  const listeners: (() => void)[] = [];
  const reload = async () => {
    held = (await readStored(deps.db, deps.cipher)) ?? environment;
    for (const listener of listeners) listener();
  };
  const reloadInBackground = () => {
    clearTimeout(retry);
    reload().catch((err: unknown) => {
      deps.logger.warn(
        { event: "sso.reload_failed", err: err instanceof Error ? err.message : String(err) },
        "could not read the sign-in configuration; trying again",
      );
      retry = setTimeout(reloadInBackground, RETRY_MS);
      retry.unref();
    });
  };
  const announce = () => sql`select pg_notify(${SSO_CHANNEL}, 'changed')`;
  return {
    current: () => held,
    fromEnvironment: () => environment,
    reload,
    async save(values, by) {
      const row = {
        issuer: values.issuer,
        clientId: values.clientId,
        sealedClientSecret: deps.cipher.encrypt(values.clientSecret),
        buttonLabel: values.buttonLabel,
        allowedDomains: values.allowedDomains,
        joinTeamByDomain: values.joinTeamByDomain,
        adminClaim: values.adminClaim,
        adminClaimValue: values.adminClaimValue,
        updatedBy: by,
        updatedAt: new Date(),
      };
      await deps.db.transaction(async (tx) => {
        await tx
          .insert(ssoSettings)
          .values({ id: 1, ...row })
          .onConflictDoUpdate({ target: ssoSettings.id, set: row });
        // Sent at commit, to every process listening (this one too).
        await tx.execute(announce());
      });
      await reload();
    },
    async remove() {
      const removed = await deps.db.transaction(async (tx) => {
        const gone = await tx.delete(ssoSettings).returning({ id: ssoSettings.id });
        await tx.execute(announce());
        return gone.length > 0;
      });
      await reload();
      return removed;
    },
    onChange(listener) {
      listeners.push(listener);
    },
    async listen(database) {
      await database.listen(SSO_CHANNEL, {
        notice: reloadInBackground,
        // Notices may have been missed while the listener was down: read again.
        state: (up) => {
          if (up) reloadInBackground();
        },
      });
    },
  };
}
