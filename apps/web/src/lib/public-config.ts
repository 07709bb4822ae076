// What this instance tells anonymous visitors: its version, the social sign-in providers it has,
// whether it sells plans and how, whether search reaches the web and whether mail is sent, its name
// and who may sign up, and the company sign-in button when there is one.
import type { PublicConfig, SocialProvider } from "@tessera/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "./api-client";
import { boolean, InvalidValue, nullishString, object, string, validator } from "./guards";

const SOCIAL_PROVIDERS: readonly SocialProvider[] = ["github", "google"];
const REGISTRATION: readonly PublicConfig["registration"][] = ["open", "invite", "closed"];

function oneOf<T extends string>(value: unknown, allowed: readonly T[], path: string): T {
  if (!allowed.includes(value as T)) throw new InvalidValue(path, allowed.join(" or "));
  return value as T;
}

/** contracts' publicConfigSchema, checked by hand: the sign-in page reads it before any schema loads. */
const publicConfigSchema = validator((value): PublicConfig => {
  const config = object(value, "");
  const providers = config.socialProviders;
  if (!Array.isArray(providers)) throw new InvalidValue("socialProviders", "an array");
  const billing = object(config.billing, "billing");
  return {
    version: string(config.version, "version"),
    socialProviders: providers.map((provider, i) => {
      if (!SOCIAL_PROVIDERS.includes(provider as SocialProvider))
        throw new InvalidValue(`socialProviders.${i}`, SOCIAL_PROVIDERS.join(" or "));
      return provider as SocialProvider;
    }),
    billing: {
      mode: oneOf(billing.mode, ["on", "off"], "billing.mode"),
      checkout: boolean(billing.checkout, "billing.checkout"),
      salesEmail: string(billing.salesEmail, "billing.salesEmail"),
    },
    webSearch: boolean(config.webSearch, "webSearch"),
    mailConfigured: boolean(config.mailConfigured, "mailConfigured"),
    instanceName: nullishString(config.instanceName, "instanceName") ?? null,
    registration: oneOf(config.registration, REGISTRATION, "registration"),
    sso:
      config.sso === null || config.sso === undefined
        ? null
        : { label: string(object(config.sso, "sso").label, "sso.label") },
  };
});

export const publicConfigQuery = queryOptions({
  queryKey: ["public-config"],
  queryFn: async ({ signal }) =>
    (await apiRequest("/api/public/config", { schema: publicConfigSchema, auth: false, signal })).data,
  staleTime: Infinity,
});

export function usePublicConfig() {
  return useQuery(publicConfigQuery);
}

/** The version baked into this build; the server's answer is preferred when there is one. */
export const BUILD_VERSION: string = import.meta.env.VITE_APP_VERSION ?? "dev";
