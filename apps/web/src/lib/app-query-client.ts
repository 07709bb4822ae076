// The app's data cache (TanStack Query), made when the first page that reads through it is on its
// way: the pages open to visitors (sign-in, password reset, the error pages) read nothing through it,
// so they load none of its code. Routes that need it wait for it beside their own code (app/router.tsx).
import type { QueryClient } from "@tanstack/react-query";

let client: QueryClient | null = null;
let loading: Promise<QueryClient> | null = null;
const listeners = new Set<() => void>();

/** The cache, made on the first call; its code is fetched again if it failed to arrive. */
export function loadQueryClient(): Promise<QueryClient> {
  if (client) return Promise.resolve(client);
  loading ??= import("./query-client").then(
    ({ createQueryClient }) => {
      client = createQueryClient();
      for (const listener of listeners) listener();
      return client;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Tests: the cache they render with is the app's (null: none yet). */
export function provideQueryClient(given: QueryClient | null): void {
  client = given;
  loading = null;
  for (const listener of listeners) listener();
}

/** The cache once made, else null. */
export const currentQueryClient = (): QueryClient | null => client;

export function subscribeQueryClient(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
