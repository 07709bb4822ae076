// Which build is running, and the clean-up when it changes (spec 001 §4 Version change): local and
// session storage are cleared except the auth session, and the browser's caches are deleted.
import { AUTH_STORAGE_KEY } from "@tessera/contracts";

/** Stamped at build time (vite.config.ts); "dev" under the dev server's tests. */
export const BUILD_VERSION: string = (import.meta.env.VITE_BUILD_VERSION as string | undefined) ?? "dev";
export const APP_VERSION_KEY = "app-version";
/** Which release notes this person has read: theirs to keep across builds, like the session. */
export const CHANGELOG_SEEN_KEY_PREFIX = "tessera.changelog.seen:";

/** The auth session, plus the patterns the spec names for a hosted auth backend's keys. */
export function isKeptKey(key: string): boolean {
  return (
    key === AUTH_STORAGE_KEY ||
    key.startsWith("supabase.auth.") ||
    key.includes("sb-") ||
    key.startsWith(CHANGELOG_SEEN_KEY_PREFIX)
  );
}

function clearExceptKept(storage: Storage) {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (k): k is string => k !== null,
  );
  for (const key of keys) if (!isKeptKey(key)) storage.removeItem(key);
}

async function deleteCaches() {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  // The offline shell's precache belongs to the worker now running this very build: keep it, or a
  // reload without network would find nothing.
  await Promise.all(names.filter((n) => !n.startsWith("workbox-precache")).map((n) => caches.delete(n)));
}

/**
 * Runs once at start-up. A first visit only records the version (nothing stale to clear, and
 * whatever the page stored before start-up stays); a different stored version clears.
 */
export async function applyVersionChange(version = BUILD_VERSION): Promise<boolean> {
  let stored: string | null;
  try {
    stored = localStorage.getItem(APP_VERSION_KEY);
  } catch {
    return false; // Storage unavailable (private mode): nothing stored, nothing to clear.
  }
  if (stored === version) return false;
  if (stored !== null) {
    clearExceptKept(localStorage);
    clearExceptKept(sessionStorage);
    await deleteCaches().catch((error: unknown) => console.warn("version.cache_delete_failed", error));
  }
  localStorage.setItem(APP_VERSION_KEY, version);
  return stored !== null;
}
