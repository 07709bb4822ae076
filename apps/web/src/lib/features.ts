// Feature flags (spec §5). Defaults, then the build's environment (VITE_FEATURE_<NAME>=true|false),
// then the address: `beta=true|1` turns every flag on and `feature_<name>=true|1` (or false|0) sets
// one. A flag set by the address holds for the rest of the tab's visit, so in-app navigation that
// drops the query does not switch a beta interface off under the person's feet.
import { useMemo } from "react";
import { useLocation } from "react-router";

/** The shell's flags: voice and images are both on (spec). */
export const features = {
  voice: true,
  images: true,
} as const;

export const FLAG_DEFAULTS = {
  streamingChatV2: false,
  typewriterEffects: true,
  voice: true,
  images: true,
} as const;
export type FeatureFlag = keyof typeof FLAG_DEFAULTS;
export type FeatureFlags = Record<FeatureFlag, boolean>;

const SESSION_KEY = "tessera.feature-flags";
const FLAG_NAMES = Object.keys(FLAG_DEFAULTS) as FeatureFlag[];

function parseFlag(value: string | null | undefined): boolean | undefined {
  if (value == null) return undefined;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1") return true;
  if (v === "false" || v === "0") return false;
  return undefined;
}

function envFlags(): Partial<FeatureFlags> {
  const env = import.meta.env as Record<string, string | undefined>;
  const flags: Partial<FeatureFlags> = {};
  for (const name of FLAG_NAMES) {
    const key = `VITE_FEATURE_${name.replace(/[A-Z0-9]+/g, (m) => `_${m}`).toUpperCase()}`;
    const value = parseFlag(env[key]);
    if (value !== undefined) flags[name] = value;
  }
  return flags;
}

/** What the address says, and nothing else: `beta` first, then each `feature_<name>`. */
export function flagsFromSearch(search: string): Partial<FeatureFlags> {
  const params = new URLSearchParams(search);
  const flags: Partial<FeatureFlags> = {};
  if (parseFlag(params.get("beta"))) for (const name of FLAG_NAMES) flags[name] = true;
  for (const name of FLAG_NAMES) {
    const value = parseFlag(params.get(`feature_${name}`));
    if (value !== undefined) flags[name] = value;
  }
  return flags;
}

function rememberedFlags(): Partial<FeatureFlags> {
  try {
    return JSON.parse(sessionStorage.getItem(SESSION_KEY) ?? "{}") as Partial<FeatureFlags>;
  } catch {
    return {};
  }
}

/** The flags in force for this address, remembering any the address sets for the rest of the visit. */
export function resolveFeatureFlags(search: string): FeatureFlags {
  const fromUrl = flagsFromSearch(search);
  const remembered = { ...rememberedFlags(), ...fromUrl };
  if (Object.keys(fromUrl).length > 0) {
    try {
      sessionStorage.setItem(SESSION_KEY, JSON.stringify(remembered));
    } catch {
      // Not remembered; the address still applies now.
    }
  }
  return { ...FLAG_DEFAULTS, ...envFlags(), ...remembered };
}

export function useFeatureFlags(): FeatureFlags {
  const { search } = useLocation();
  return useMemo(() => resolveFeatureFlags(search), [search]);
}
