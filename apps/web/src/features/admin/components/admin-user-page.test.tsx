import type { AdminUserDetail } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const grace: AdminUserDetail = {
  id: "user-1",
  name: "Grace Hopper",
  email: "grace@example.com",
  image: null,
  plan: "core",
  role: "user",
  listedAdmin: false,
  team: { id: "t1", name: "Research", role: "member" },
  tokens30d: 12_400,
  cost30d: 1.5,
  lastActiveAt: "2026-12-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
  status: "active",
  banReason: null,
  banExpires: null,
  emailVerified: true,
  twoFactorEnabled: false,
  planSource: "none",
  planValidUntil: null,
  sessions: 2,
  isSelf: false,
  budget: {
    scope: "team",
    teamName: "Research",
    monthlyTokens: 100_000,
    monthlyCostUsd: null,
    usedTokens: 85_000,
    usedCostUsd: 1.2,
    resetsAt: "2027-01-01T00:00:00.000Z",
    warning: true,
    exceeded: false,
  },
  month: { tokens: 85_000, cost: 1.2 },
  counts: {
    conversations: 4,
    comparisons: 1,
    searches: 2,
    documents: 3,
    images: 0,
    voiceOvers: 0,
    apiKeys: 1,
  },
};

function signedInAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    "GET /api/admin/users/user-1": () => json(grace),
    ...routes,
  });
}

describe("Admin → Users → one person", () => {
  it("shows who they are, what they used and the budget that applies to them", async () => {
    signedInAdmin();
    renderApp("/dashboard/admin/users/user-1");
    expect(await screen.findByRole("heading", { level: 1, name: "Grace Hopper" })).toBeTruthy();
    expect(screen.getByText("Core (default)")).toBeTruthy();
    expect(screen.getByText("Research (member)")).toBeTruthy();
    expect(screen.getByText("2 browsers or devices")).toBeTruthy();
    expect(screen.getByText("Research's: 85K of 100K tokens used this month. Nearly reached.")).toBeTruthy();
    expect(
      screen.getByText(
        "4 conversations, 1 comparison, 2 searches, 3 documents, 0 images, 0 voice-overs, 1 API key",
      ),
    ).toBeTruthy();
    await changeLanguage("de");
    try {
      expect(
        await screen.findByText(
          "4 Unterhaltungen, 1 Vergleich, 2 Suchen, 3 Dokumente, 0 Bilder, 0 Sprachaufnahmen, 1 API-Schlüssel",
        ),
      ).toBeTruthy();
    } finally {
      await changeLanguage("en");
    }
  });

  it("bans with a reason and an end day, and unbans", async () => {
    let banned = false;
    const server = signedInAdmin({
      "POST /api/admin/users/user-1/ban": () => {
        banned = true;
        return json({
          ...grace,
          status: "banned",
          banReason: "Spam",
          banExpires: "2030-01-31T00:00:00.000Z",
          sessions: 0,
        });
      },
      "POST /api/admin/users/user-1/unban": () => {
        banned = false;
        return json(grace);
      },
      "GET /api/admin/users": () => json({ users: [], page: 1, pageSize: 25, total: 0 }),
    });
    renderApp("/dashboard/admin/users/user-1");
    await userEvent.click(await screen.findByRole("button", { name: "Ban…" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole<HTMLButtonElement>("button", { name: "Ban" }).disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText("Reason"), "Spam");
    await userEvent.type(within(dialog).getByLabelText("Ends on (optional)"), "01/31/2030");
    await userEvent.click(within(dialog).getByRole("button", { name: "Ban" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const body = server.callsTo("POST /api/admin/users/user-1/ban")[0]!.body as {
      reason: string;
      until: string;
    };
    expect(body.reason).toBe("Spam");
    expect(new Date(body.until).getTime()).toBe(new Date("2030-01-31T00:00:00").getTime());
    expect(banned).toBe(true);
    expect((await screen.findByRole("status")).textContent).toContain("Reason: Spam");

    await userEvent.click(screen.getByRole("button", { name: "Unban" }));
    expect(await screen.findByRole("button", { name: "Ban…" })).toBeTruthy();
    expect(banned).toBe(false);
  });

  it("shows a refused action's message in place", async () => {
    signedInAdmin({
      "PUT /api/admin/users/user-1/role": () =>
        apiError(409, "CONFLICT", "The instance must keep at least one admin."),
    });
    renderApp("/dashboard/admin/users/user-1");
    await userEvent.click(await screen.findByRole("button", { name: "Make admin" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The instance must keep at least one admin.");
  });

  it("sets the plan and signs them out everywhere", async () => {
    const server = signedInAdmin({
      "PUT /api/admin/users/user-1/plan": () => json({ ...grace, plan: "max", planSource: "admin" }),
      "POST /api/admin/users/user-1/sign-out": () =>
        json({ ...grace, plan: "max", planSource: "admin", sessions: 0 }),
      "GET /api/admin/users": () => json({ users: [], page: 1, pageSize: 25, total: 0 }),
    });
    renderApp("/dashboard/admin/users/user-1");
    await userEvent.click(await screen.findByLabelText("Plan"));
    await userEvent.click(await screen.findByRole("option", { name: "Max" }));
    await userEvent.click(screen.getByRole("button", { name: "Set plan" }));
    expect(await screen.findByText("Max (set by an admin)")).toBeTruthy();
    expect(server.callsTo("PUT /api/admin/users/user-1/plan")[0]!.body).toEqual({ plan: "max" });
    await userEvent.click(screen.getByRole("button", { name: "Sign out everywhere" }));
    expect(await screen.findByText("0 browsers or devices")).toBeTruthy();
  });

  it("deletes only once their address is typed, then goes back to the list", async () => {
    const server = signedInAdmin({
      "DELETE /api/admin/users/user-1": () => new Response(null, { status: 204 }),
      "GET /api/admin/users": () => json({ users: [], page: 1, pageSize: 25, total: 0 }),
    });
    const { router } = renderApp("/dashboard/admin/users/user-1");
    await userEvent.click(await screen.findByRole("button", { name: "Delete user…" }));
    const dialog = await screen.findByRole("dialog");
    const confirm = within(dialog).getByRole<HTMLButtonElement>("button", { name: "Delete user" });
    await userEvent.type(
      within(dialog).getByLabelText("Type grace@example.com to confirm"),
      "grace@example.co",
    );
    expect(confirm.disabled).toBe(true);
    await userEvent.type(within(dialog).getByLabelText("Type grace@example.com to confirm"), "m");
    await userEvent.click(confirm);
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/admin/users"));
    expect(server.callsTo("DELETE /api/admin/users/user-1")[0]!.body).toEqual({
      confirmEmail: "grace@example.com",
    });
  });

  it("does not let an admin ban, delete or demote themselves", async () => {
    signedInAdmin({ "GET /api/admin/users/user-1": () => json({ ...grace, role: "admin", isSelf: true }) });
    renderApp("/dashboard/admin/users/user-1");
    for (const name of ["Ban…", "Delete user…", "Remove admin"])
      expect((await screen.findByRole<HTMLButtonElement>("button", { name })).disabled).toBe(true);
  });

  it("is closed to everyone else", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/users/user-1");
    expect(await screen.findByText("Only administrators of this instance can manage users.")).toBeTruthy();
    expect(server.callsTo("GET /api/admin/users/user-1")).toHaveLength(0);
  });
});
