// Pages and dialogs arrive as chunks loaded on first use. A chunk can fail to arrive: a dropped
// connection, a server restarting, a release that replaced the files. The load is tried again, twice,
// before the failure is shown. React and the router keep a failed load for the life of the page, so
// past that point only a reload can recover: the page reloads itself once for a chunk that is gone
// (a deploy replaced it: lib/reload-once.ts), and the error fallbacks' Try Again reloads after that.
import { lazy, type ComponentType } from "react";
import { reloadOnce } from "./reload-once";

/** Waits before the second and third tries. */
export const CHUNK_RETRY_DELAYS_MS: readonly number[] = [300, 1000];

/**
 * Chromium and Firefox: "Failed to fetch / error loading dynamically imported module"; Safari:
 * "Importing a module script failed"; the bundler's preload of a chunk's styles: "Unable to preload CSS".
 */
const CHUNK_ERROR = /dynamically imported module|importing a module script failed|unable to preload css/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Runs `load`, trying again after each delay while it fails to fetch; any other error is thrown at
 * once. When the last try fails too, the page reloads once for that chunk (`reload`) and the load
 * never settles, so no error screen flashes before the new page; the second time it is thrown.
 */
export async function loadChunk<T>(
  load: () => Promise<T>,
  delays: readonly number[] = CHUNK_RETRY_DELAYS_MS,
  reload?: () => void,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      const delay = delays[attempt];
      if (!isChunkLoadError(error)) throw error;
      if (delay === undefined) {
        if (reloadOnce((error as Error).message, reload)) return new Promise<T>(() => {});
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

/** `React.lazy` whose chunk is fetched again when it fails to arrive. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- React.lazy's own constraint
export function lazyChunk<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return lazy(() => loadChunk(load));
}

/** Where a navigation under way is going (the router's pending location), or null. */
let pendingHref: () => string | null = () => null;

/** Tells route loads where the router is going, so a reload lands there (createAppRouter). */
export function followPendingNavigation(source: () => string | null): void {
  pendingHref = source;
}

/**
 * The router commits a URL only once the page's code has arrived, so a reload for a missing route
 * chunk would land on the page the person was leaving: it goes to where they were going instead.
 */
export function reloadToDestination(): void {
  const href = pendingHref();
  if (href) window.location.assign(href);
  else window.location.reload();
}

/** A route's `lazy`, fetched again when it fails to arrive. */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return () => loadChunk(load, CHUNK_RETRY_DELAYS_MS, reloadToDestination);
}
