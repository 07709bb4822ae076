import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { APP_VERSION_KEY, applyVersionChange } from "./version";

function stubCaches(names: string[]) {
  const deleted: string[] = [];
  vi.stubGlobal("caches", {
    keys: () => Promise.resolve(names),
    delete: (name: string) => {
      deleted.push(name);
      return Promise.resolve(true);
    },
  });
  return deleted;
}

describe("version change", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("on a new build clears storage except auth entries and deletes the browser caches", async () => {
    const deleted = stubCaches(["api-old", "images", "workbox-precache-v2-http://localhost/"]);
    localStorage.setItem(APP_VERSION_KEY, "1");
    localStorage.setItem(AUTH_STORAGE_KEY, '{"token":"t"}');
    localStorage.setItem("supabase.auth.token", "kept");
    localStorage.setItem("sb-project-auth-token", "kept");
    localStorage.setItem("last-changelog-version", "3.24.0");
    localStorage.setItem("theme", "dark");
    sessionStorage.setItem("tessera.analytics.session", "tab");
    sessionStorage.setItem("sb-session", "kept");

    expect(await applyVersionChange("2")).toBe(true);

    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBe('{"token":"t"}');
    expect(localStorage.getItem("supabase.auth.token")).toBe("kept");
    expect(localStorage.getItem("sb-project-auth-token")).toBe("kept");
    expect(localStorage.getItem("last-changelog-version")).toBeNull();
    expect(localStorage.getItem("theme")).toBeNull();
    expect(sessionStorage.getItem("tessera.analytics.session")).toBeNull();
    expect(sessionStorage.getItem("sb-session")).toBe("kept");
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe("2");
    // The running worker's precache stays: it is this build's offline shell.
    expect(deleted).toEqual(["api-old", "images"]);
  });

  it("leaves everything alone on the same build, and on a first visit only records the version", async () => {
    const deleted = stubCaches(["api-old"]);
    localStorage.setItem("theme", "dark");
    expect(await applyVersionChange("5")).toBe(false);
    expect(localStorage.getItem(APP_VERSION_KEY)).toBe("5");
    expect(await applyVersionChange("5")).toBe(false);
    expect(localStorage.getItem("theme")).toBe("dark");
    expect(deleted).toEqual([]);
  });
});
