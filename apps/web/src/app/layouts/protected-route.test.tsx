import { AUTH_STORAGE_KEY } from "@tessera/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json, pending, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

describe("protected routes", () => {
  it("shows a spinner while the session is being checked", async () => {
    storeSession();
    stubFetch({ "GET /api/auth/get-session": pending });
    renderApp("/dashboard/chat");
    expect(await screen.findByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Just Ask Tessa" })).toBeNull();
  });

  it("sends a signed-out visitor to /auth", async () => {
    stubFetch();
    const { router } = renderApp("/dashboard/chat");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
  });

  it("keeps a team invitation code on the way to /auth", async () => {
    stubFetch();
    const { router } = renderApp("/dashboard/team-settings?accept=inv-7");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
    expect(router.state.location.search).toBe("?accept=inv-7");
  });

  it("redirects / to the chat, which opens for a signed-in user", async () => {
    storeSession();
    stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    const { router } = renderApp("/");
    expect(await screen.findByRole("heading", { name: "Just Ask Tessa" })).toBeTruthy();
    expect(router.state.location.pathname).toBe("/dashboard/chat");
    await waitFor(() => expect(document.title).toBe("AI Chat | Tessera"));
  });

  it("drops a stored session the server no longer knows", async () => {
    storeSession();
    stubFetch({ "GET /api/auth/get-session": () => json(null) });
    const { router } = renderApp("/dashboard");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it("keeps the stored session when the server cannot be reached", async () => {
    storeSession();
    stubFetch({ "GET /api/auth/get-session": () => Promise.reject(new TypeError("Failed to fetch")) });
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { name: "Dashboard" })).toBeTruthy();
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).not.toBeNull();
  });

  it("adopts a cookie session (after the verification link) and stores its token", async () => {
    const server = stubFetch({
      "GET /api/auth/get-session": (req) =>
        json(
          req.credentials === "same-origin" && !req.headers.authorization
            ? sessionBody("cookie-token")
            : null,
        ),
    });
    renderApp("/");
    expect(await screen.findByRole("heading", { name: "Just Ask Tessa" })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(AUTH_STORAGE_KEY) ?? "{}")).toMatchObject({
      token: "cookie-token",
      user: { email: "ada@example.com" },
    });
    expect(server.callsTo("GET /api/auth/get-session")[0]?.credentials).toBe("same-origin");
  });

  it("signs out and goes to /auth when our API answers 401", async () => {
    storeSession();
    stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody()),
      "GET /api/profile": () => apiError(401, "UNAUTHORIZED", "Sign in first."),
    });
    const { router } = renderApp("/dashboard/account");
    await screen.findByRole("heading", { name: "Welcome back" });
    expect(router.state.location.pathname).toBe("/auth");
    expect(localStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });
});
