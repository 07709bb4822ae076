import { z } from "zod";

export const socialProviderSchema = z.enum(["github", "google"]);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** What an anonymous visitor may know about this instance (GET /api/public/config). */
export const publicConfigSchema = z.object({
  version: z.string(),
  socialProviders: z.array(socialProviderSchema),
  billing: z.object({
    /**
     * off: this instance does not sell plans; every signed-in person has every feature and the
     * admin's budgets are the limits (BILLING, off unless Stripe is configured). on: plans apply.
     */
    mode: z.enum(["on", "off"]),
    /** Plans can be bought here (Stripe configured); otherwise Pro and Max start the free trial. */
    checkout: z.boolean(),
    /** Where the Team plan's "Contact sales" mail goes. */
    salesEmail: z.string(),
  }),
  /** A web search provider is configured; without one, search reads the workspace's own index. */
  webSearch: z.boolean(),
  /** Mail is sent (an SMTP server is connected); otherwise it is kept in the outbox, unsent. */
  mailConfigured: z.boolean(),
  /** The name the admin gave this instance (Admin → Settings), shown beside the product's; null: none. */
  instanceName: z.string().nullable(),
  /** Who may create an account here: anyone, an address with a pending team invitation, or nobody. */
  registration: z.enum(["open", "invite", "closed"]),
  /** Company sign-in (Admin → Sign-in): the sign-in page's button, or null when it is not set up. */
  sso: z.object({ label: z.string() }).nullable(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
