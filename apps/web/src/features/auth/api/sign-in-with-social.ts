import type { SocialProvider } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";
import { InvalidValue, object, string, validator } from "@/lib/guards";

/** `{url}`: the provider's consent page, an absolute URL. */
const socialResponseSchema = validator((value) => {
  const url = string(object(value, "").url, "url");
  if (!URL.canParse(url)) throw new InvalidValue("url", "a URL");
  return { url };
});

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
