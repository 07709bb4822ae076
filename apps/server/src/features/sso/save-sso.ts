// Saving Admin → Sign-in: the provider's discovery document must be readable and name the issuer
// entered, so a typo is caught here rather than on someone's first sign-in. The secret already kept
// stays when none is entered.
import type { updateSsoSettingsSchema } from "@tessera/contracts";
import type { z } from "zod";
import { AppError } from "../../lib/errors";
import type { LiveSso, SsoValues } from "./live-sso";
import { discoverOidc, type OidcFetchOptions } from "./oidc-client";

export interface SaveSsoDeps {
  live: LiveSso;
  fetchOptions: OidcFetchOptions;
}

/** Saves the page's configuration; answers what changed, for the audit log (never the secret). */
export async function saveSso(
  deps: SaveSsoDeps,
  by: string,
  input: z.output<typeof updateSsoSettingsSchema>,
): Promise<Record<string, unknown>> {
  const before = deps.live.current();
  const kept = before?.source === "page" ? before.clientSecret : undefined;
  const clientSecret = input.clientSecret ?? kept;
  if (!clientSecret)
    throw new AppError(
      "VALIDATION_FAILED",
      "clientSecret: Enter the client secret the provider gave Tessera.",
    );
  await discoverOidc(input.issuer, deps.fetchOptions);
  const values: SsoValues = {
    issuer: input.issuer,
    clientId: input.clientId,
    clientSecret,
    buttonLabel: input.buttonLabel ?? "",
    allowedDomains: input.allowedDomains ?? [],
    joinTeamByDomain: input.joinTeamByDomain ?? false,
    adminClaim: input.adminClaim ?? null,
    adminClaimValue: input.adminClaim ? (input.adminClaimValue ?? null) : null,
  };
  await deps.live.save(values, by);
  const { clientSecret: _secret, ...shown } = values;
  return { ...shown, clientSecretChanged: input.clientSecret !== undefined };
}
