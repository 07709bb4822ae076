import type { Budget, BudgetsResponse } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };

const budget = (over: Partial<Budget>): Budget => ({
  scope: "instance",
  id: null,
  name: null,
  monthlyTokens: null,
  monthlyCostUsd: null,
  appliesTo: 0,
  warned: 0,
  reached: 0,
  updatedAt: "2026-12-01T10:00:00.000Z",
  ...over,
});

const budgets: BudgetsResponse = {
  instance: budget({ monthlyTokens: 1_000_000, appliesTo: 9, warned: 2 }),
  teams: [
    budget({ scope: "team", id: "t1", name: "Research", monthlyCostUsd: 25, appliesTo: 3, reached: 1 }),
  ],
  users: [],
  choices: {
    teams: [
      { id: "t1", name: "Research", members: 3 },
      { id: "t2", name: "Design", members: 2 },
    ],
  },
  resetsAt: "2027-01-01T00:00:00.000Z",
};

function signedInAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    "GET /api/admin/budgets": () => json(budgets),
    ...routes,
  });
}

describe("Admin → Budgets", () => {
  it("lists the instance's and the teams' budgets with who they hold", async () => {
    signedInAdmin();
    renderApp("/dashboard/admin/budgets");
    const everyone = await screen.findByRole("region", { name: "Everyone" });
    const row = within(everyone).getByRole("row", { name: /Instance default/ });
    for (const text of ["1M", "No cap", "9 people", "2"]) expect(within(row).getByText(text)).toBeTruthy();
    const teams = screen.getByRole("region", { name: "Teams" });
    const research = within(teams).getByRole("row", { name: /Research/ });
    expect(within(research).getByText("$25.00")).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "People" })).getByText("No personal budgets."),
    ).toBeTruthy();
  });

  it("sets a team's budget, and a person's found by their address", async () => {
    const server = signedInAdmin({
      "PUT /api/admin/budgets": () =>
        json({
          ...budgets,
          teams: [...budgets.teams, budget({ scope: "team", id: "t2", name: "Design", monthlyTokens: 5000 })],
        }),
      "GET /api/admin/users": () =>
        json({
          users: [{ id: "user-9", email: "grace@example.com" }].map((u) => ({
            ...u,
            name: "Grace",
            image: null,
            plan: "core",
            role: "user",
            listedAdmin: false,
            team: null,
            tokens30d: 0,
            cost30d: 0,
            lastActiveAt: null,
            createdAt: "2026-11-01T10:00:00.000Z",
            status: "active",
            banReason: null,
            banExpires: null,
          })),
          page: 1,
          pageSize: 25,
          total: 1,
        }),
    });
    renderApp("/dashboard/admin/budgets");
    await userEvent.click(await screen.findByRole("button", { name: "Add a budget: Teams" }));
    let dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByLabelText("Team"));
    await userEvent.click(await screen.findByRole("option", { name: /Design/ }));
    await userEvent.type(within(dialog).getByLabelText("Tokens a month"), "5000");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save budget" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo("PUT /api/admin/budgets")[0]!.body).toEqual({
      scope: "team",
      id: "t2",
      monthlyTokens: 5000,
      monthlyCostUsd: null,
    });
    expect(within(screen.getByRole("region", { name: "Teams" })).getByText("Design")).toBeTruthy();

    await userEvent.click(screen.getByRole("button", { name: "Set a budget" }));
    dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Person's email"), "Grace@Example.com");
    await userEvent.type(within(dialog).getByLabelText("Cost a month (USD)"), "12.5");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save budget" }));
    await waitFor(() => expect(server.callsTo("PUT /api/admin/budgets")).toHaveLength(2));
    expect(server.callsTo("PUT /api/admin/budgets")[1]!.body).toEqual({
      scope: "user",
      id: "user-9",
      monthlyTokens: null,
      monthlyCostUsd: 12.5,
    });
  });

  it("says so in place when the person is not found or the server refuses", async () => {
    signedInAdmin({
      "GET /api/admin/users": () => json({ users: [], page: 1, pageSize: 25, total: 0 }),
      "PUT /api/admin/budgets": () =>
        apiError(400, "VALIDATION_FAILED", "monthlyTokens is at most a trillion."),
    });
    renderApp("/dashboard/admin/budgets");
    await userEvent.click(await screen.findByRole("button", { name: "Set a budget" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByLabelText("Person's email"), "nobody@example.com");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save budget" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Enter a cap in tokens, in dollars or both.",
    );
    await userEvent.type(within(dialog).getByLabelText("Tokens a month"), "10");
    await userEvent.click(within(dialog).getByRole("button", { name: "Save budget" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe(
        "No one here has the address nobody@example.com.",
      ),
    );
    // A team is chosen from the list; the server's refusal reads in place.
    await userEvent.click(within(dialog).getByLabelText("For"));
    await userEvent.click(await screen.findByRole("option", { name: "A team" }));
    await userEvent.click(within(dialog).getByLabelText("Team"));
    await userEvent.click(await screen.findByRole("option", { name: /Design/ }));
    await userEvent.click(within(dialog).getByRole("button", { name: "Save budget" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("alert").textContent).toBe("monthlyTokens is at most a trillion."),
    );
  });

  it("clears a budget after asking", async () => {
    const server = signedInAdmin({
      "DELETE /api/admin/budgets": () => json({ ...budgets, teams: [] }),
    });
    renderApp("/dashboard/admin/budgets");
    await userEvent.click(await screen.findByRole("button", { name: "Clear Research's budget" }));
    await userEvent.click(await screen.findByRole("button", { name: "Clear" }));
    expect(await screen.findByText("No team budgets.")).toBeTruthy();
    const call = server.callsTo("DELETE /api/admin/budgets")[0]!;
    expect([call.query.get("scope"), call.query.get("id")]).toEqual(["team", "t1"]);
  });

  it("is closed to everyone else", async () => {
    storeSession();
    const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()) });
    renderApp("/dashboard/admin/budgets");
    expect(await screen.findByText("Only administrators of this instance can manage budgets.")).toBeTruthy();
    expect(server.callsTo("GET /api/admin/budgets")).toHaveLength(0);
  });
});
