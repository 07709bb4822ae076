// What Admin → Sign-in shows: the configuration in use and where it comes from, never the secret.
import { SSO_DEFAULT_LABEL, SSO_PROVIDER_ID, type SsoSettings } from "@tessera/contracts";
import type { LiveSso } from "./live-sso";

export function ssoView(live: LiveSso, publicUrl: string): SsoSettings {
  const config = live.current();
  return {
    configured: config !== null,
    source: config?.source ?? null,
    environment: live.fromEnvironment() !== null,
    issuer: config?.issuer ?? null,
    clientId: config?.clientId ?? null,
    hasClientSecret: Boolean(config?.clientSecret),
    buttonLabel: config?.buttonLabel || SSO_DEFAULT_LABEL,
    allowedDomains: config?.allowedDomains ?? [],
    joinTeamByDomain: config?.joinTeamByDomain ?? false,
    adminClaim: config?.adminClaim ?? null,
    adminClaimValue: config?.adminClaimValue ?? null,
    callbackUrl: `${publicUrl}/api/auth/callback/${SSO_PROVIDER_ID}`,
    updatedAt: config?.updatedAt?.toISOString() ?? null,
  };
}

/** The sign-in page's button, when company sign-in is in use. */
export function ssoButton(live: LiveSso): { label: string } | null {
  const config = live.current();
  return config ? { label: config.buttonLabel || SSO_DEFAULT_LABEL } : null;
}
