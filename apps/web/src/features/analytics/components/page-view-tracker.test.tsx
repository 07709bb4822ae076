import { act, render, waitFor } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { AuthProvider } from "@/lib/auth-provider";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { sessionBody, storeSession } from "@/testing/session";
import { ANALYTICS_SESSION_KEY } from "../api/track-event";
import { PageViewTracker } from "./page-view-tracker";

function Providers({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

function renderTracker() {
  const router = createMemoryRouter([{ path: "*", element: <p>page</p> }], {
    initialEntries: ["/dashboard/chat"],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
      <PageViewTracker router={router} />
    </Providers>,
  );
  return router;
}

describe("page views", () => {
  it("records one on each path change while signed in, with the tab's session id", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "POST /api/track-event": () => new Response(null, { status: 204 }),
    });
    const router = renderTracker();
    await waitFor(() => expect(server.callsTo("POST /api/track-event")).toHaveLength(1));
    await act(() => router.navigate("/dashboard/images"));
    await waitFor(() => expect(server.callsTo("POST /api/track-event")).toHaveLength(2));
    const [first, second] = server.callsTo("POST /api/track-event");
    const sessionId = sessionStorage.getItem(ANALYTICS_SESSION_KEY);
    expect(first!.headers.authorization).toBe("Bearer stored-token");
    expect(first!.body).toEqual({
      event_name: "page_view",
      properties: { page_path: "/dashboard/chat", session_id: sessionId },
    });
    expect(second!.body).toMatchObject({
      properties: { page_path: "/dashboard/images", session_id: sessionId },
    });
  });

  it("sends the first page's view once that page's code has loaded, not while it loads", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "POST /api/track-event": () => new Response(null, { status: 204 }),
    });
    let arrive!: () => void;
    const code = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter(
      [
        {
          path: "*",
          HydrateFallback: () => null,
          lazy: async () => {
            await code;
            return { Component: () => <p>page</p> };
          },
        },
      ],
      { initialEntries: ["/dashboard/chat"] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
        <PageViewTracker router={router} />
      </Providers>,
    );
    await waitFor(() => expect(server.callsTo("GET /api/auth/get-session")).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.callsTo("POST /api/track-event")).toHaveLength(0);
    act(() => arrive());
    await waitFor(() => expect(server.callsTo("POST /api/track-event")).toHaveLength(1));
    expect(server.callsTo("POST /api/track-event")[0]!.body).toMatchObject({
      properties: { page_path: "/dashboard/chat" },
    });
  });

  it("sends nothing when signed out", async () => {
    const server = stubFetch();
    const router = renderTracker();
    await act(() => router.navigate("/pricing"));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(server.callsTo("POST /api/track-event")).toHaveLength(0);
  });

  it("a failing call stays silent", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "POST /api/track-event": () => apiError(429, "RATE_LIMITED", "Too many events."),
    });
    renderTracker();
    await waitFor(() => expect(server.callsTo("POST /api/track-event")).toHaveLength(1));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(document.body.textContent).not.toContain("Too many events");
  });
});
