// Renders the real route tree in memory, with the real providers, at a given address.
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from "react-router";
import { AppProviders } from "@/app/providers";
import {
  loadSignedInRoutes,
  patchRoutesOnNavigation,
  routes as appRoutes,
  SIGNED_IN_FRAME,
} from "@/app/router";
import { provideQueryClient } from "@/lib/app-query-client";

export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const router = options.routes
    ? createMemoryRouter(options.routes, { initialEntries: [path] })
    : createMemoryRouter(appRoutes, { initialEntries: [path], patchRoutesOnNavigation });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  // The routes that read through the cache wait for the app's; this one is it.
  provideQueryClient(queryClient);
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}

/**
 * How long a file may take to load a page's code before its tests: the first import transforms the
 * page and everything it imports, which on a busy two-CPU machine takes many seconds.
 */
export const PRELOAD_TIMEOUT_MS = 120_000;

/**
 * Loads the code of the page at `path` (every matching route's `lazy`) and of `modules`, so the
 * file's tests wait for what they check and not for the first import. Run it in `beforeAll`, with
 * PRELOAD_TIMEOUT_MS: a file's first render otherwise spends its findBy* wait transforming modules.
 */
export async function preloadPage(path: string, ...modules: (() => Promise<unknown>)[]) {
  const matches = matchRoutes(withSignedInRoutes(appRoutes, await loadSignedInRoutes()), path) ?? [];
  for (const { route } of matches) if (typeof route.lazy === "function") await route.lazy();
  await Promise.all(modules.map((load) => load()));
}

/** The app's tree with the signed-in pages' routes in their place, as the router adds them when asked. */
function withSignedInRoutes(list: RouteObject[], signedIn: RouteObject[]): RouteObject[] {
  return list.map((route) => {
    if (route.index) return route;
    const children = route.children && withSignedInRoutes(route.children, signedIn);
    return {
      ...route,
      children: route.id === SIGNED_IN_FRAME ? [...(children ?? []), ...signedIn] : children,
    };
  });
}
