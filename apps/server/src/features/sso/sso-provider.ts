// Company sign-in as one Better Auth OAuth provider, "sso", whose every call reads the configuration
// in use (live-sso.ts): Better Auth's own sign-in and callback routes (/sign-in/social,
// /callback/sso) carry the state, PKCE and nonce; this supplies the provider's side through the
// guarded client. The ID token is verified against the provider's keys (issuer, audience, nonce);
// the userinfo endpoint adds the claims some providers keep out of it (groups).
import { SSO_PROVIDER_ID } from "@tessera/contracts";
import { APIError } from "better-auth/api";
import {
  authorizationCodeRequest,
  createAuthorizationURL,
  getOAuth2Tokens,
  type OAuthProvider,
  parseStringBoolean,
  verifyProviderIdToken,
} from "better-auth/oauth2";
import { decodeJwt } from "jose";
import type { OidcClient, OidcSession } from "./oidc-client";
import type { LiveSso, SsoConfig } from "./live-sso";

export const SSO_SCOPES = ["openid", "email", "profile"];

/**
 * The claims of sign-ins in progress in this process, by subject, for the hook after the callback
 * (the admin claim, the team by domain); each is taken once, and none is kept past a minute.
 */
export const recentClaims = (() => {
  const held = new Map<string, { at: number; claims: Record<string, unknown> }>();
  return {
    put(sub: string, claims: Record<string, unknown>) {
      const now = Date.now();
      for (const [key, entry] of held) if (now - entry.at > 60_000) held.delete(key);
      held.set(sub, { at: now, claims });
    },
    take(sub: string) {
      const entry = held.get(sub);
      held.delete(sub);
      return entry && Date.now() - entry.at <= 60_000 ? entry.claims : undefined;
    },
  };
})();

export const ssoNotConfigured = () =>
  APIError.from("BAD_REQUEST", {
    code: "SSO_NOT_CONFIGURED",
    message: "Sign-in with SSO is not set up on this instance.",
  });

/** The configuration in use and the provider's discovery, or a refusal the sign-in page can show. */
export async function ssoReady(live: LiveSso, client: OidcClient): Promise<[SsoConfig, OidcSession]> {
  const config = live.current();
  if (!config) throw ssoNotConfigured();
  const session = await client.session(config.issuer, config.clientId).catch(() => {
    throw APIError.from("SERVICE_UNAVAILABLE", {
      code: "SSO_PROVIDER_UNREACHABLE",
      message: "The sign-in provider could not be reached. Try again in a moment.",
    });
  });
  return [config, session];
}

export function ssoProvider(live: LiveSso, client: OidcClient): OAuthProvider<Record<string, unknown>> {
  const options = (config: SsoConfig, redirectURI?: string) => ({
    clientId: config.clientId,
    clientSecret: config.clientSecret,
    redirectURI,
  });
  return {
    id: SSO_PROVIDER_ID,
    name: "SSO",
    // RFC 9207: a callback that names an issuer must name this one (read once discovery is).
    get issuer() {
      const config = live.current();
      return config ? client.knownIssuer(config.issuer, config.clientId) : undefined;
    },
    requiresIdTokenNonce: true,
    async createAuthorizationURL(data) {
      const [config, { metadata }] = await ssoReady(live, client);
      return createAuthorizationURL({
        id: SSO_PROVIDER_ID,
        options: options(config),
        authorizationEndpoint: metadata.authorization_endpoint,
        state: data.state,
        codeVerifier: data.codeVerifier,
        scopes: SSO_SCOPES,
        redirectURI: data.redirectURI,
        nonce: data.idTokenNonce,
        loginHint: data.loginHint,
      });
    },
    async validateAuthorizationCode(data) {
      const [config, { metadata }] = await ssoReady(live, client);
      const methods = metadata.token_endpoint_auth_methods_supported;
      // client_secret_basic is the default when the provider lists none (OpenID Connect Core §9).
      const authentication = !methods || methods.includes("client_secret_basic") ? "basic" : "post";
      const { body, headers } = await authorizationCodeRequest({
        code: data.code,
        codeVerifier: data.codeVerifier,
        redirectURI: data.redirectURI,
        options: options(config),
        tokenEndpoint: metadata.token_endpoint,
        authentication,
      });
      return getOAuth2Tokens(await client.postForm(metadata.token_endpoint, body, headers));
    },
    async getUserInfo(tokens) {
      const [config, { metadata, keys }] = await ssoReady(live, client);
      if (!tokens.idToken) return null;
      // Verified as Better Auth verifies any provider's ID token: signature, issuer, audience, nonce.
      const verified = await verifyProviderIdToken(
        {
          id: SSO_PROVIDER_ID,
          idToken: {
            jwks: keys,
            issuer: metadata.issuer,
            audience: config.clientId,
            algorithms: metadata.id_token_signing_alg_values_supported,
          },
        },
        tokens.idToken,
        tokens.expectedIdTokenNonce,
      );
      if (!verified) return null;
      const claims: Record<string, unknown> = decodeJwt(tokens.idToken);
      const extra =
        metadata.userinfo_endpoint && tokens.accessToken
          ? await client.userinfo(metadata.userinfo_endpoint, tokens.accessToken).catch(() => null)
          : null;
      // The userinfo answer counts only for the same subject (OpenID Connect Core §5.3.2).
      const profile = extra && extra.sub === claims.sub ? { ...claims, ...extra } : claims;
      if (typeof profile.sub === "string") recentClaims.put(profile.sub, profile);
      const email = typeof profile.email === "string" ? profile.email.trim().toLowerCase() : undefined;
      const name = [profile.name, profile.preferred_username, email].find(
        (v): v is string => typeof v === "string" && v.trim() !== "",
      );
      return {
        user: {
          email,
          emailVerified: parseStringBoolean(profile.email_verified) ?? false,
          name,
          image: typeof profile.picture === "string" ? profile.picture : undefined,
        },
        data: profile,
      };
    },
    accountSubject: ({ profile }) => {
      const sub = profile.sub;
      if (typeof sub !== "string" || sub === "") throw new Error("the provider's answer has no subject");
      return sub;
    },
  };
}
