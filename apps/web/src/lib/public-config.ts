// What this instance tells anonymous visitors: its version, the social sign-in providers it has,
// whether it sells plans and how, whether search reaches the web and whether mail is sent, its name
// and who may sign up, and the company sign-in button when there is one. Read here without the data
// cache: the sign-in and error pages show it, and they load no TanStack Query
// (lib/public-config-query.ts is the cached read of the pages past them, which starts from this one's answer).
import type { PublicConfig, SocialProvider } from "@tessera/contracts";
import { useEffect, useSyncExternalStore } from "react";
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

let known: PublicConfig | undefined;
let reading: Promise<PublicConfig> | null = null;
const listeners = new Set<() => void>();

/** Asks the server, and keeps the answer for every page that shows it. */
export async function fetchPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  const { data } = await apiRequest("/api/public/config", {
    schema: publicConfigSchema,
    auth: false,
    signal,
  });
  known = data;
  for (const listener of listeners) listener();
  return data;
}

/** The answer this page already has, if any. */
export const knownPublicConfig = (): PublicConfig | undefined => known;

/** Forgets the answer (tests: each starts from an instance of its own). */
export function forgetPublicConfig(): void {
  known = undefined;
  reading = null;
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** The public settings, read once per page (undefined until they arrive; a failure is tried on the next mount). */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const data = useSyncExternalStore(subscribe, knownPublicConfig);
  useEffect(() => {
    if (known || reading) return;
    reading = fetchPublicConfig().finally(() => {
      reading = null;
    });
    reading.catch((error: unknown) => console.warn("public_config.read_failed", error));
  }, []);
  return { data };
}

/** The version baked into this build; the server's answer is preferred when there is one. */
export const BUILD_VERSION: string = import.meta.env.VITE_APP_VERSION ?? "dev";
