// A page_view on each path change while signed in (spec 001 §7). Lives beside the router, not
// inside it, so it needs the router to read the path.
import { useEffect, useSyncExternalStore } from "react";
import type { createBrowserRouter } from "react-router";
import { useAuth } from "@/lib/auth-context";
import { useFirstPageSettled } from "@/lib/first-page-settled";
import { analyticsSessionId, trackEvent } from "../api/track-event";

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, "subscribe" | "state">;

/** The first page's view is sent once that page is up (lib/first-page-settled.ts); later ones at once. */
export function PageViewTracker({ router }: { router: AppRouter }) {
  const pathname = useSyncExternalStore(
    (notify) => router.subscribe(notify),
    () => router.state.location.pathname,
  );
  const { status, token } = useAuth();
  const signedIn = status === "signed-in" && token !== null;
  const settled = useFirstPageSettled(router);
  useEffect(() => {
    if (!signedIn || !settled) return;
    void trackEvent({
      event_name: "page_view",
      properties: { page_path: pathname, session_id: analyticsSessionId() },
    });
  }, [pathname, signedIn, settled]);
  return null;
}
