import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { loadSignedInRoutes, retryingChunks, routes } from "./router";

const unfetched = () =>
  new TypeError("Failed to fetch dynamically imported module: http://x/assets/page-1.js");

describe("the route tree", () => {
  it("fetches a nested page's code again when it fails to arrive once", async () => {
    stubFetch();
    const load = vi
      .fn<() => Promise<{ Component: () => React.JSX.Element }>>()
      .mockRejectedValueOnce(unfetched())
      .mockResolvedValue({ Component: () => <h1>Nested page</h1> });
    const tree = retryingChunks([
      { path: "/", children: [{ path: "inner", children: [{ index: true, lazy: load }] }] },
    ]);
    renderApp("/inner", { routes: tree });
    expect(await screen.findByRole("heading", { name: "Nested page" }, { timeout: 2000 })).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("adds the signed-in pages' routes when asked for an address among them", async () => {
    stubFetch();
    const { router } = renderApp("/dashboard/no-such-page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeTruthy();
    // Signed out: the page past sign-in sends the visitor to sign in.
    await router.navigate("/dashboard/account");
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
  });

  it("wraps every lazy route of the app's own tree, the signed-in pages' too", async () => {
    const lazies: unknown[] = [];
    const walk = (list: typeof routes) =>
      list.forEach((route) => {
        if (route.lazy) lazies.push(route.lazy);
        if (route.children) walk(route.children);
      });
    walk(routes);
    walk(await loadSignedInRoutes());
    expect(lazies.length).toBeGreaterThan(15);
    // lazyRoute's wrapper, not the import itself: the import's text names its module.
    for (const lazy of lazies) expect(String(lazy)).toContain("loadChunk");
  });
});
