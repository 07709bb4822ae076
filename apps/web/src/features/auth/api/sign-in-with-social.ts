import type { SocialProvider } from "@tessera/contracts";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

const socialResponseSchema = z.object({ url: z.string().url() });

/** Asks for the provider's consent page; the callback lands on the site root with a session cookie. */
export async function signInWithSocial(provider: SocialProvider): Promise<void> {
  const { data } = await apiRequest("/api/auth/sign-in/social", {
    method: "POST",
    body: { provider, callbackURL: "/" },
    auth: false,
    credentials: "same-origin",
    schema: socialResponseSchema,
  });
  window.location.assign(data.url);
}
