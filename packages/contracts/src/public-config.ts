import { z } from "zod";

export const socialProviderSchema = z.enum(["github", "google"]);
export type SocialProvider = z.infer<typeof socialProviderSchema>;

/** What an anonymous visitor may know about this instance (GET /api/public/config). */
export const publicConfigSchema = z.object({
  version: z.string(),
  socialProviders: z.array(socialProviderSchema),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
