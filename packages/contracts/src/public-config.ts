import { z } from "zod";

export const socialProviderSchema = z.enum(["github", "google"]);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** What an anonymous visitor may know about this instance (GET /api/public/config). */
export const publicConfigSchema = z.object({
  version: z.string(),
  socialProviders: z.array(socialProviderSchema),
  billing: z.object({
    /** Plans can be bought here (Stripe configured); otherwise Pro and Max start the free trial. */
    checkout: z.boolean(),
    /** Where the Team plan's "Contact sales" mail goes. */
    salesEmail: z.string(),
  }),
  /** A web search provider is configured; without one, search reads the workspace's own index. */
  webSearch: z.boolean(),
  /** Mail is sent (an SMTP server is connected); otherwise it is kept in the outbox, unsent. */
  mailConfigured: z.boolean(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
