import type { AdminUsage, SpendReport } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { catchDownloads } from "@/testing/downloads";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const admin = { ...testUser, role: "admin" };
const days = (n: number) => Array.from({ length: n }, (_, i) => `2026-11-${String(i + 1).padStart(2, "0")}`);

const spend: SpendReport = {
  from: "2026-11-01",
  to: "2026-11-30",
  totals: { answers: 40, tokens: 52_000, cost: 3.25 },
  byDay: days(30).map((date, i) => ({ date, tokens: i === 29 ? 52_000 : 0, cost: i === 29 ? 3.25 : 0 })),
  byPerson: [
    {
      userId: "u2",
      name: "Grace Hopper",
      email: "grace@example.com",
      tokens: 52_000,
      cost: 3.25,
      answers: 40,
    },
  ],
  byTeam: [{ teamId: null, name: "No team", people: 1, tokens: 52_000, cost: 3.25 }],
  byModel: [{ model: "gpt-5-mini", tokens: 52_000, cost: 3.25, answers: 40 }],
  api: {
    totals: { calls: 12, tokens: 3400, cost: 0.5, people: 2 },
    byDay: days(30).map((date, i) => ({
      date,
      tokens: i === 28 ? 3400 : 0,
      cost: i === 28 ? 0.5 : 0,
      calls: i === 28 ? 12 : 0,
    })),
    byPerson: [{ userId: "u3", name: "", email: "=cmd@example.com", tokens: 3400, cost: 0.5, calls: 12 }],
    byModel: [{ model: "claude-haiku", tokens: 3400, cost: 0.5, calls: 12 }],
  },
};

const usage: AdminUsage = {
  activeUsers7d: 3,
  activeUsers30d: 11,
  eventsPerDay: Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, "0")}`,
    count: i === 29 ? 4 : 0,
  })),
  topPages: [{ pagePath: "/dashboard/chat", views: 42 }],
  api: { calls: 12, people: 2, tokens: 3400, cost: 0.5 },
  spend,
};

let downloads: ReturnType<typeof catchDownloads> | null = null;
afterEach(() => {
  downloads?.restore();
  downloads = null;
});

function signedInAdmin(routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession({ user: admin });
  return stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody("stored-token", admin)),
    "GET /api/admin/usage": () => json(usage),
    "POST /api/track-event": () => new Response(null, { status: 204 }),
    ...routes,
  });
}

describe("the instance admin's usage page", () => {
  it("shows active users, events a day and top pages, and the sidebar entry, to an admin", async () => {
    signedInAdmin();
    renderApp("/dashboard/admin/usage");
    expect(await screen.findByText("11")).toBeTruthy();
    expect(screen.getByText("3")).toBeTruthy();
    expect(screen.getByText("4 events in the last 30 days.")).toBeTruthy();
    expect(screen.getByText("/dashboard/chat")).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(within(nav).getByRole("link", { name: "Usage" })).toBeTruthy();
  });

  it("shows tokens and cost by day, person, team and model, with the API apart", async () => {
    signedInAdmin();
    renderApp("/dashboard/admin/usage");
    expect(
      await screen.findByText(/40 answers in chat, comparisons and searches, 52K tokens, \$3\.25\./),
    ).toBeTruthy();
    expect(screen.getByText(/Busiest day: Nov 30, 2026, with 52K tokens\./)).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Cost" }));
    expect(screen.getByText(/Busiest day: Nov 30, 2026, with \$3\.25\./)).toBeTruthy();
    const person = within(screen.getByRole("region", { name: "By person" })).getByRole("row", {
      name: /Grace Hopper/,
    });
    expect(within(person).getByText("40")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "By team" })).getByText("No team")).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "By model" })).getByText("gpt-5-mini")).toBeTruthy();
    expect(
      screen.getByText(
        /12 calls of the OpenAI-compatible API by 2 people in these days: 3\.4K tokens, \$0\.50\./,
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("region", { name: "API by model" })).getByText("claude-haiku"),
    ).toBeTruthy();
    expect(within(screen.getByRole("region", { name: "By model" })).queryByText("claude-haiku")).toBeNull();
  });

  it("reads another range of days, and refuses a backwards one in place", async () => {
    const server = signedInAdmin();
    renderApp("/dashboard/admin/usage");
    const range = await screen.findByRole("form", { name: "Date range" });
    const from = within(range).getByLabelText<HTMLInputElement>("From");
    expect(from.value).toBe("11/01/2026");
    await userEvent.clear(from);
    await userEvent.type(from, "12/05/2026");
    await userEvent.click(within(range).getByRole("button", { name: "Show" }));
    expect((await screen.findByRole("alert")).textContent).toBe("The first day must not be after the last.");
    await userEvent.clear(from);
    await userEvent.type(from, "10/1/2026");
    await userEvent.click(within(range).getByRole("button", { name: "Show" }));
    await waitFor(() => expect(server.callsTo("GET /api/admin/usage")).toHaveLength(2));
    const query = server.callsTo("GET /api/admin/usage")[1]!.query;
    expect([query.get("from"), query.get("to")]).toEqual(["2026-10-01", "2026-11-30"]);
  });

  it("shows the server's refusal of a range", async () => {
    signedInAdmin({
      "GET /api/admin/usage": (req) =>
        req.query.get("from")
          ? apiError(400, "VALIDATION_FAILED", "A report covers at most 366 days.")
          : json(usage),
    });
    renderApp("/dashboard/admin/usage");
    await userEvent.click(await screen.findByRole("button", { name: "Last 90 days" }));
    expect((await screen.findByRole("alert")).textContent).toBe("A report covers at most 366 days.");
    await userEvent.click(screen.getByRole("button", { name: "Show the last 30 days" }));
    expect(await screen.findByRole("region", { name: "By person" })).toBeTruthy();
  });

  it("exports the report as CSV, with text that would run as a formula made inert", async () => {
    signedInAdmin();
    const saved = (downloads = catchDownloads()).saved;
    renderApp("/dashboard/admin/usage");
    await userEvent.click(await screen.findByRole("button", { name: "Export CSV" }));
    expect(saved[0]!.name).toBe("tessera-usage-2026-11-01-to-2026-11-30.csv");
    const lines = (await saved[0]!.text).split("\r\n");
    expect(lines[0]).toBe("section,date,name,email,model,tokens,cost_usd,count");
    expect(lines).toContain("answers by day,2026-11-30,,,,52000,3.25,");
    expect(lines).toContain("answers by person,,Grace Hopper,grace@example.com,,52000,3.25,40");
    expect(lines).toContain("answers by team,,No team,,,52000,3.25,1");
    expect(lines).toContain("api by model,,,,claude-haiku,3400,0.5,12");
    expect(lines).toContain("api by person,,,'=cmd@example.com,,3400,0.5,12");
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
