import { render, renderHook, screen, waitFor } from "@testing-library/react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { readStored, sessionBody, storeSession } from "@/testing/session";
import { useAuth } from "./auth-context";
import { AuthProvider } from "./auth-provider";
import { checkStoredSessionEarly, REFRESH_INTERVAL_MS, refreshDelayBeforeExpiry } from "./session-api";

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

function Status() {
  const { status, user } = useAuth();
  return <p>{`${status}:${user?.email ?? "-"}`}</p>;
}

describe("auth session", () => {
  it("throws when used outside its provider", () => {
    vi.mocked(console.error).mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow("useAuth must be used inside <AuthProvider>.");
  });

  it("refreshes a stored session on start and keeps the server's expiry", async () => {
    storeSession({ expiresAt: null });
    stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    render(<Status />, { wrapper });
    expect(await screen.findByText("signed-in:ada@example.com")).toBeTruthy();
    expect(readStored()?.expiresAt).not.toBeNull();
  });

  it("uses the check begun before the first render: one request for the start", async () => {
    storeSession({ expiresAt: null });
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    checkStoredSessionEarly();
    await waitFor(() => expect(server.callsTo("GET /api/auth/get-session")).toHaveLength(1));
    render(<Status />, { wrapper });
    expect(await screen.findByText("signed-in:ada@example.com")).toBeTruthy();
    expect(readStored()?.expiresAt).not.toBeNull();
    expect(server.callsTo("GET /api/auth/get-session")).toHaveLength(1);
  });

  it("shows a stored session at once, and signs out when the server's answer refuses it", async () => {
    storeSession({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    let refuse!: () => void;
    stubFetch({
      "GET /api/auth/get-session": () =>
        new Promise<Response>((resolve) => {
          refuse = () => resolve(apiError(401, "UNAUTHORIZED", "No session"));
        }),
    });
    render(<Status />, { wrapper });
    // Before any answer: the first screen does not wait for the check.
    expect(screen.getByText("signed-in:ada@example.com")).toBeTruthy();
    await waitFor(() => expect(refuse).toBeDefined());
    refuse();
    expect(await screen.findByText("signed-out:-")).toBeTruthy();
    expect(readStored()).toBeNull();
  });

  it("checks a stored session known to have ended before showing anything", async () => {
    storeSession({ expiresAt: new Date(Date.now() - 1_000).toISOString() });
    stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    render(<Status />, { wrapper });
    expect(screen.getByText("loading:-")).toBeTruthy();
    expect(await screen.findByText("signed-in:ada@example.com")).toBeTruthy();
  });

  it("signs out when the early check is refused, without an unhandled rejection meanwhile", async () => {
    storeSession();
    const server = stubFetch({
      "GET /api/auth/get-session": () => apiError(401, "UNAUTHORIZED", "No session"),
    });
    checkStoredSessionEarly();
    await waitFor(() => expect(server.callsTo("GET /api/auth/get-session")).toHaveLength(1));
    await new Promise((r) => setTimeout(r, 20)); // the refusal lands before anyone awaits it
    render(<Status />, { wrapper });
    expect(await screen.findByText("signed-out:-")).toBeTruthy();
    expect(readStored()).toBeNull();
    expect(server.callsTo("GET /api/auth/get-session")).toHaveLength(1);
  });

  it("does not use an early check made for another session", async () => {
    storeSession({ token: "old-token" });
    const server = stubFetch({
      "GET /api/auth/get-session": (req) =>
        json(req.headers.authorization === "Bearer new-token" ? sessionBody("new-token") : null),
    });
    checkStoredSessionEarly();
    storeSession({ token: "new-token" }); // signed in again in another tab meanwhile
    render(<Status />, { wrapper });
    expect(await screen.findByText("signed-in:ada@example.com")).toBeTruthy();
    expect(readStored()?.token).toBe("new-token");
    const calls = server.callsTo("GET /api/auth/get-session");
    expect(calls.map((c) => c.headers.authorization)).toEqual(["Bearer old-token", "Bearer new-token"]);
  });

  it("removes a stored session the server rejects with 401", async () => {
    storeSession();
    stubFetch({ "GET /api/auth/get-session": () => apiError(401, "UNAUTHORIZED", "No session") });
    render(<Status />, { wrapper });
    expect(await screen.findByText("signed-out:-")).toBeTruthy();
    expect(readStored()).toBeNull();
  });

  it("refreshes again every 10 minutes and signs out when the session has ended", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      storeSession();
      let alive = true;
      const server = stubFetch({ "GET /api/auth/get-session": () => json(alive ? sessionBody() : null) });
      render(<Status />, { wrapper });
      await screen.findByText("signed-in:ada@example.com");
      alive = false;
      await vi.advanceTimersByTimeAsync(REFRESH_INTERVAL_MS);
      await waitFor(() => expect(screen.getByText("signed-out:-")).toBeTruthy());
      expect(server.callsTo("GET /api/auth/get-session").length).toBeGreaterThanOrEqual(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("plans a refresh shortly before a session that ends within a day", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(refreshDelayBeforeExpiry(null, now)).toBeNull();
    expect(refreshDelayBeforeExpiry("2025-01-05T00:00:00Z", now)).toBeNull();
    expect(refreshDelayBeforeExpiry("2025-01-01T02:00:00Z", now)).toBe(2 * 3600_000 - 5 * 60_000);
    expect(refreshDelayBeforeExpiry("2025-01-01T00:01:00Z", now)).toBe(60_000);
  });
});
