// Work nobody waits for (a page view, the release notes) starts after the first page, not beside it:
// on a busy machine each request and chunk fetched while the page's own code loads delays it.
import { useEffect, useState, useSyncExternalStore } from "react";

/** The little of a data router this reads. */
export interface RouterLike {
  subscribe(listener: () => void): () => void;
  state: { initialized: boolean };
}

/** The browser's next idle moment, or `timeoutMs` at the latest; where it has no idle callbacks, the next task. */
function whenIdle(task: () => void, timeoutMs = 2_000): () => void {
  if (typeof requestIdleCallback === "function") {
    const id = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 0);
  return () => clearTimeout(id);
}

/** True once the router has loaded the first page's code and the browser has then been idle. */
export function useFirstPageSettled(router: RouterLike): boolean {
  const initialized = useSyncExternalStore(
    (notify) => router.subscribe(notify),
    () => router.state.initialized,
  );
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!initialized || settled) return;
    return whenIdle(() => setSettled(true));
  }, [initialized, settled]);
  return settled;
}
