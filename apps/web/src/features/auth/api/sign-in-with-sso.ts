// Company sign-in: Better Auth's provider sign-in with the "sso" provider. The callback lands on the
// chat signed in (a cookie the app adopts), or back on /auth with the reason's code when refused.
import { SSO_PROVIDER_ID } from "@tessera/contracts";
import { apiRequest } from "@/lib/api-client";
import { InvalidValue, object, string, validator } from "@/lib/guards";

const ssoResponseSchema = validator((value) => {
  const url = string(object(value, "").url, "url");
  if (!URL.canParse(url)) throw new InvalidValue("url", "a URL");
  return { url };
});

export async function signInWithSso(callbackURL = "/dashboard/chat"): Promise<void> {
  const { data } = await apiRequest("/api/auth/sign-in/social", {
    method: "POST",
    body: { provider: SSO_PROVIDER_ID, callbackURL, errorCallbackURL: "/auth" },
    auth: false,
    credentials: "same-origin",
    schema: ssoResponseSchema,
  });
  window.location.assign(data.url);
}
