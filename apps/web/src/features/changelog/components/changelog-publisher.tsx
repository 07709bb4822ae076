// Once per build, an instance admin's browser publishes this release's notes when
// last-changelog-version differs (spec 001 §4); the version is stored only after success, and a
// failure is only logged (§8: component main, action publish_changelog).
import { QueryClientContext } from "@tanstack/react-query";
import { useContext, useEffect, useRef } from "react";
import { useAuth } from "@/lib/auth-context";
import { CHANGELOG_QUERY_KEY, publishChangelog } from "../api/publish-changelog";
import { CURRENT_RELEASE, LAST_CHANGELOG_VERSION_KEY } from "../release";

let inFlight: Promise<void> | null = null;

export async function publishReleaseOnce(release = CURRENT_RELEASE): Promise<boolean> {
  if (localStorage.getItem(LAST_CHANGELOG_VERSION_KEY) === release.version) return false;
  if (inFlight) return false;
  inFlight = publishChangelog(release)
    .then(() => localStorage.setItem(LAST_CHANGELOG_VERSION_KEY, release.version))
    .finally(() => {
      inFlight = null;
    });
  try {
    await inFlight;
    return true;
  } catch (error) {
    console.warn("changelog.publish_failed", { component: "main", action: "publish_changelog", error });
    return false;
  }
}

export function ChangelogPublisher() {
  const { status, user, token } = useAuth();
  // The data cache, when a page has made it: only then can it hold release notes to read again.
  const queryClient = useContext(QueryClientContext);
  const queryClientRef = useRef(queryClient);
  queryClientRef.current = queryClient;
  const isAdmin = status === "signed-in" && token !== null && user?.role === "admin";
  useEffect(() => {
    if (!isAdmin) return;
    void publishReleaseOnce().then((published) => {
      if (published) void queryClientRef.current?.invalidateQueries({ queryKey: CHANGELOG_QUERY_KEY });
    });
  }, [isAdmin]);
  return null;
}
