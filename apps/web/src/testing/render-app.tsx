// Renders the real route tree in memory, with the real providers, at a given address.
import { render } from "@testing-library/react";
import { QueryClient } from "@tanstack/react-query";
import { createMemoryRouter, RouterProvider, type RouteObject } from "react-router";
import { AppProviders } from "@/app/providers";
import { routes as appRoutes } from "@/app/router";
import { provideQueryClient } from "@/lib/app-query-client";

export function renderApp(path: string, options: { routes?: RouteObject[] } = {}) {
  const router = createMemoryRouter(options.routes ?? appRoutes, { initialEntries: [path] });
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
