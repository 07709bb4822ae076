import type { AdminUser, AdminUsersPage } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const person = (n: number, over: Partial<AdminUser> = {}): AdminUser => ({
  id: `user-${n}`,
  name: `Person ${n}`,
  email: `person${n}@example.com`,
  image: null,
  plan: "core",
  role: "user",
  listedAdmin: false,
  team: null,
  tokens30d: 1000 * n,
  cost30d: 0.25 * n,
  lastActiveAt: "2026-12-01T10:00:00.000Z",
  createdAt: "2026-11-01T10:00:00.000Z",
  status: "active",
  banReason: null,
  banExpires: null,
  ...over,
});

const firstPage: AdminUsersPage = {
  users: [
    person(1, {
      name: "Grace Hopper",
      email: "grace@example.com",
      plan: "pro",
      team: { id: "t1", name: "Research", role: "owner" },
      tokens30d: 12_400,
      cost30d: 1.5,
    }),
    person(2, { name: "Mallory", email: "mallory@example.com", status: "banned", banReason: "Spam" }),
    person(3, { role: "admin" }),
  ],
  page: 1,
  pageSize: 25,
  total: 28,
};

function signedInAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    ...routes,
  });
}

describe("Admin → Users", () => {
  it("lists people with their plan, team, use and status, and searches, sorts and pages on the server", async () => {
    const server = signedInAdmin({
      "GET /api/admin/users": (req) =>
        json(req.query.get("page") === "2" ? { ...firstPage, users: [person(26)], page: 2 } : firstPage),
    });
    renderApp("/dashboard/admin/users");
    const table = await screen.findByRole("table", { name: "Users" });
    const grace = within(table).getByRole("row", { name: /Grace Hopper/ });
    for (const text of ["grace@example.com", "Pro", "Research", "12.4K", "$1.50", "Active"])
      expect(within(grace).getByText(text)).toBeTruthy();
    expect(within(within(table).getByRole("row", { name: /Mallory/ })).getByText("Banned")).toBeTruthy();
    expect(within(within(table).getByRole("row", { name: /Person 3/ })).getByText("Admin")).toBeTruthy();
    expect(screen.getByText("1–25 of 28 people")).toBeTruthy();
    expect(server.callsTo("GET /api/admin/users")[0]!.query.get("sort")).toBe("-lastActive");

    await userEvent.type(screen.getByRole("searchbox", { name: "Search users" }), "grace");
    await waitFor(() => expect(server.callsTo("GET /api/admin/users").at(-1)!.query.get("q")).toBe("grace"));

    await userEvent.click(within(table).getByRole("button", { name: "Cost, 30 days" }));
    await waitFor(() =>
      expect(server.callsTo("GET /api/admin/users").at(-1)!.query.get("sort")).toBe("-cost"),
    );
    expect(within(table).getByRole("columnheader", { name: "Cost, 30 days" }).getAttribute("aria-sort")).toBe(
      "descending",
    );
    await userEvent.click(within(table).getByRole("button", { name: "Name" }));
    await waitFor(() =>
      expect(server.callsTo("GET /api/admin/users").at(-1)!.query.get("sort")).toBe("name"),
    );
    await userEvent.click(within(table).getByRole("button", { name: "Name" }));
    await waitFor(() =>
      expect(server.callsTo("GET /api/admin/users").at(-1)!.query.get("sort")).toBe("-name"),
    );

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Person 26")).toBeTruthy();
    expect(server.callsTo("GET /api/admin/users").at(-1)!.query.get("page")).toBe("2");

    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Users" })).toBeTruthy();
  });

  it("opens a person's page from their name", async () => {
    signedInAdmin({
      "GET /api/admin/users": () => json(firstPage),
      "GET /api/admin/users/user-1": () => apiError(404, "NOT_FOUND", "No such person."),
    });
    const { router } = renderApp("/dashboard/admin/users");
    await userEvent.click(await screen.findByRole("link", { name: "Grace Hopper" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/admin/users/user-1"));
    expect((await screen.findByRole("alert")).textContent).toBe("No such person.");
  });

  it("shows the server's refusal in place", async () => {
    signedInAdmin({
      "GET /api/admin/users": () =>
        apiError(400, "VALIDATION_FAILED", "The search is at most 200 characters."),
    });
    renderApp("/dashboard/admin/users");
    expect((await screen.findByRole("alert")).textContent).toBe("The search is at most 200 characters.");
  });

  it("is closed to everyone else, and the admin entries are not in their sidebar", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/users");
    expect(await screen.findByText("Only administrators of this instance can manage users.")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    for (const name of ["Users", "Budgets", "Instance settings", "Audit log"])
      expect(within(nav).queryByRole("link", { name })).toBeNull();
    expect(within(nav).queryByRole("region", { name: "Admin" })).toBeNull();
    expect(server.callsTo("GET /api/admin/users")).toHaveLength(0);
  });
});
