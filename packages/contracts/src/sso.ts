// Company sign-in (OpenID Connect) as instance admins configure it on Admin → Sign-in
// (GET|PUT|DELETE /api/admin/sso), or the operator through OIDC_* environment variables. The client
// secret goes in and never comes back out: answers say only whether one is kept.
import { z } from "zod";
import { domainListSchema } from "./teams";

/** The provider id Better Auth knows company sign-in by: /api/auth/callback/sso. */
export const SSO_PROVIDER_ID = "sso";
export const SSO_DEFAULT_LABEL = "Sign in with SSO";
export const SSO_LABEL_MAX = 60;
export const SSO_DOMAINS_MAX = 50;

export const ssoSettingsSchema = z.object({
  /** Company sign-in is offered on the sign-in page. */
  configured: z.boolean(),
  /** Where the configuration in use comes from: this page, the environment, or nowhere yet. */
  source: z.enum(["page", "environment"]).nullable(),
  /** The environment configures it too (the page's own configuration takes precedence). */
  environment: z.boolean(),
  issuer: z.string().nullable(),
  clientId: z.string().nullable(),
  /** A client secret is kept (its value is never sent back). */
  hasClientSecret: z.boolean(),
  buttonLabel: z.string(),
  /** Only addresses at these domains may sign in this way; empty: any. */
  allowedDomains: z.array(z.string()),
  /** A person whose verified address is at a team's verified domain joins that team. */
  joinTeamByDomain: z.boolean(),
  /** The claim that makes an instance admin (groups, roles, is_admin…); null: none does. */
  adminClaim: z.string().nullable(),
  /** The value the claim must hold (or contain, for a list); null: the claim must be true. */
  adminClaimValue: z.string().nullable(),
  /** The redirect URI to register with the provider. */
  callbackUrl: z.string(),
  updatedAt: z.string().nullable(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

const claimName = z
  .string()
  .trim()
  .max(200, "A claim name is at most 200 characters.")
  .refine((s) => !/[\p{Cc}\s]/u.test(s), "A claim name has no spaces or control characters.")
  .transform((s) => (s === "" ? null : s));

export const updateSsoSettingsSchema = z
  .object({
    issuer: z
      .string("Enter the provider's issuer URL.")
      .trim()
      .max(2000, "The issuer URL is at most 2000 characters.")
      // An issuer is an http(s) URL without a query, a fragment or credentials (OpenID Connect Discovery §2).
      .refine(
        (v) => /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(v),
        "Enter the issuer as an http(s) URL without a query, such as https://id.example.com/realms/staff.",
      )
      .transform((v) => v.replace(/\/+$/, "")),
    clientId: z
      .string("Enter the client id the provider gave Tessera.")
      .trim()
      .min(1, "Enter the client id the provider gave Tessera.")
      .max(500, "The client id is at most 500 characters."),
    /** Left out (or empty) keeps the secret already kept; required the first time. */
    clientSecret: z
      .string()
      .trim()
      .max(4000, "The client secret is at most 4000 characters.")
      .transform((s) => (s === "" ? undefined : s))
      .optional(),
    buttonLabel: z
      .string()
      .trim()
      .max(SSO_LABEL_MAX, `The button label is at most ${SSO_LABEL_MAX} characters.`)
      .refine((s) => !/\p{Cc}/u.test(s), "The button label cannot hold control characters.")
      .optional(),
    allowedDomains: domainListSchema(SSO_DOMAINS_MAX).optional(),
    joinTeamByDomain: z.boolean().optional(),
    adminClaim: claimName.nullable().optional(),
    adminClaimValue: z
      .string()
      .trim()
      .max(200, "The claim's value is at most 200 characters.")
      .refine((s) => !/\p{Cc}/u.test(s), "The claim's value cannot hold control characters.")
      .transform((s) => (s === "" ? null : s))
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateSsoSettings = z.input<typeof updateSsoSettingsSchema>;

/**
 * What the sign-in page says when company sign-in comes back refused, by the `error` it carries.
 * The page shows only these words, never the `error_description` in its address (anyone can write
 * one into a link).
 */
export const SSO_ERRORS: Record<string, string> = {
  sso_domain_not_allowed:
    "Your address is not at a domain allowed to sign in here. Sign in with your work account, or ask your administrator to allow your domain.",
  sso_not_configured: "Sign-in with SSO is not set up on this instance any more.",
  sso_email_missing:
    "Your provider did not share an email address. Ask your administrator to release the email claim.",
  account_not_linked:
    "An account with this address already exists, and your provider has not confirmed that the address is yours. Sign in with your password instead.",
  access_denied: "Sign-in was cancelled at your provider.",
  banned: "This account is suspended.",
};
export const SSO_ERROR_FALLBACK = "Sign-in with SSO did not complete. Try again, or ask your administrator.";
