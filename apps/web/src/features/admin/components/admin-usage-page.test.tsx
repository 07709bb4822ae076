import type { AdminUsage } from "@tessera/contracts";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };
const usage: AdminUsage = {
  activeUsers7d: 3,
  activeUsers30d: 11,
  eventsPerDay: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    count: i === 29 ? 4 : 0,
  })),
  topPages: [{ pagePath: "/dashboard/chat", views: 42 }],
  api: { calls: 12, people: 2, tokens: 3400, cost: 0.5 },
};

describe("the instance admin's usage page", () => {
  it("shows active users, events a day and top pages, and the sidebar entry, to an admin", async () => {
    storeSession({ user: admin });
    stubFetch({
      "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
      "GET /api/admin/usage": () => json(usage),
      "POST /api/track-event": () => new Response(null, { status: 204 }),
    });
    renderApp("/dashboard/admin/usage");
    expect(await screen.findByText("11")).toBeTruthy();
    expect(screen.getByText("3")).toBeTruthy();
    expect(screen.getByText("4 events in the last 30 days.")).toBeTruthy();
    expect(
      screen.getByText(
        "12 calls of the OpenAI-compatible API by 2 people in the last 30 days: 3,400 tokens, $0.50.",
      ),
    ).toBeTruthy();
    expect(screen.getByText("/dashboard/chat")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Usage" })).toBeTruthy();
  });

  it("is closed to everyone else, and has no sidebar entry for them", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/usage");
    expect(await screen.findByText("Only administrators of this instance can see usage.")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).queryByRole("link", { name: "Usage" })).toBeNull();
    expect(server.callsTo("GET /api/admin/usage")).toHaveLength(0);
  });
});
