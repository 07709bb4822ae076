import type { CheckSubscription, DashboardMetrics, Subscription } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Location } from "react-router";
import { describe, expect, it } from "vitest";
import { apiError, json, pending, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";
import { METRICS_FAILED } from "../api/get-dashboard-metrics";

const DAY = 86_400_000;

function metrics(overrides: Partial<DashboardMetrics> = {}): DashboardMetrics {
  const today = Date.UTC(2025, 10, 29);
  return {
    windowDays: 30,
    totals: { chats: 1234, searches: 7, images: 3, videos: 0 },
    models: [
      { model: "guide", chats: 1200, tokens: 1_250_000, cost: 0 },
      { model: "gpt-4o", chats: 33, tokens: 9_870, cost: 0.0412 },
      { model: "local/alpha-7b", chats: 1, tokens: 12, cost: 0 },
    ],
    api: { calls: 0, tokens: 0, cost: 0, models: [] },
    daily: Array.from({ length: 30 }, (_, i) => ({
      date: new Date(today - (29 - i) * DAY).toISOString().slice(0, 10),
      chats: i === 29 ? 5 : i === 10 ? 2 : 0,
      searches: i === 29 ? 1 : 0,
      images: i === 28 ? 3 : 0,
    })),
    ...overrides,
  };
}

const core: Subscription = {
  plan: "core",
  source: "none",
  validUntil: null,
  trialAvailable: true,
  checkout: false,
  billing: "on",
  usage: { imagesThisMonth: 0, imagesPerMonth: 5 },
  budget: null,
};
const UNSUBSCRIBED: CheckSubscription = { subscribed: false, tier: null, validUntil: null };

type Routes = NonNullable<Parameters<typeof stubFetch>[0]>;

async function openDashboard(
  opts: { metrics?: Routes[string]; check?: CheckSubscription; details?: Subscription; routes?: Routes } = {},
) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/dashboard/metrics": opts.metrics ?? (() => json(metrics())),
    "POST /api/check-subscription": () => json(opts.check ?? UNSUBSCRIBED),
    "POST /api/check-team-access": () => json({ team_access: [], has_team_features: false }),
    "GET /api/subscription": () => json(opts.details ?? core),
    ...opts.routes,
  });
  const user = userEvent.setup();
  const view = renderApp("/dashboard");
  await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 3000 });
  return { user, server, ...view };
}

const stat = (name: string) => screen.getByRole("group", { name });
const planCard = () => screen.getByRole("region", { name: "Current Plan" });

describe("the dashboard home", () => {
  it("greets, and shows the 30-day figures", async () => {
    await openDashboard();
    expect(screen.getByText("Welcome back! Here's what's happening with your AI workspace.")).toBeTruthy();
    await waitFor(() => expect(stat("Total Chats").textContent).toContain("1,234"));
    expect(stat("Search Queries").textContent).toContain("7");
    expect(stat("Images Generated").textContent).toContain("3");
    expect(stat("Videos Generated").textContent).toContain("0");
    await waitFor(() => expect(document.title).toBe("Dashboard | Tessera"));
  });

  it("lists chats per model by catalogue name, with tokens and cost", async () => {
    await openDashboard();
    const list = await screen.findByRole("list", { name: "Chats per model" });
    const rows = within(list).getAllByRole("listitem");
    expect(rows.map((r) => r.getAttribute("aria-label"))).toEqual(["Tessa", "GPT-4o", "local/alpha-7b"]);
    expect(rows[0]!.textContent).toContain("1,200 chats");
    expect(rows[0]!.textContent).toContain("1.3M tokens · $0.00");
    expect(rows[1]!.textContent).toContain("9.9K tokens · $0.04");
    expect(rows[2]!.textContent).toContain("1 chat");
  });

  it("shows what went through the API beside the chats, marked as API use", async () => {
    const api = {
      calls: 3,
      tokens: 4_200,
      cost: 0.0125,
      models: [{ model: "gpt-4o", calls: 3, tokens: 4_200, cost: 0.0125 }],
    };
    await openDashboard({ metrics: () => json(metrics({ api })) });
    const list = await screen.findByRole("list", { name: "API calls per model" });
    expect(screen.getByRole("heading", { name: /API use/ }).textContent).toContain(
      "3 calls · 4.2K tokens · $0.01",
    );
    expect(within(list).getByRole("listitem").textContent).toContain("GPT-4o");
  });

  it("shows no API section to someone who has not used the API", async () => {
    await openDashboard();
    await screen.findByRole("list", { name: "Chats per model" });
    expect(screen.queryByRole("list", { name: "API calls per model" })).toBeNull();
  });

  it("says when there is no chat data yet", async () => {
    await openDashboard({ metrics: () => json(metrics({ models: [] })) });
    expect(await screen.findByText("No chat data yet. Model usage will appear here.")).toBeTruthy();
  });

  it("draws the activity of each day, described in words and as a table", async () => {
    const { user } = await openDashboard();
    const chart = await screen.findByRole("region", { name: "Activity" });
    expect(
      await within(chart).findByText(
        "7 chats, 1 search and 3 images in the last 30 days. Busiest day: Nov 29, with 6.",
      ),
    ).toBeTruthy();
    await user.click(within(chart).getByText("Show as table"));
    const table = within(chart).getByRole("table", { name: "Activity per day, last 30 days" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(31);
    expect(rows[1]!.textContent).toBe("Nov 29510");
    expect(rows[2]!.textContent).toBe("Nov 28003");
  });

  it("offers the upgrade to someone not subscribed, on the Free plan", async () => {
    await openDashboard();
    const banner = await screen.findByRole("region", { name: "Upgrade to Pro" });
    expect(within(banner).getByRole("link", { name: "Upgrade Plan" }).getAttribute("href")).toBe("/pricing");
    await waitFor(() => expect(planCard().textContent).toContain("Free"));
    expect(planCard().textContent).toContain("No active subscription");
  });

  it("shows the tier of a subscriber, active, with when the trial ends, and no banner", async () => {
    const validUntil = "2025-11-29T12:00:00.000Z";
    await openDashboard({
      check: { subscribed: true, tier: "Pro", validUntil },
      details: { ...core, plan: "pro", source: "trial", validUntil, trialAvailable: false },
    });
    await waitFor(() => expect(planCard().textContent).toContain("Active Subscription"));
    expect(planCard().textContent).toContain("Pro");
    await waitFor(() => expect(planCard().textContent).toMatch(/Trial ends Nov 29(, 2025)?/));
    expect(screen.queryByRole("region", { name: "Upgrade to Pro" })).toBeNull();
  });

  it("shows no banner while the plan is still being checked", async () => {
    await openDashboard({ routes: { "POST /api/check-subscription": pending } });
    await screen.findByRole("list", { name: "Chats per model" });
    expect(screen.queryByRole("region", { name: "Upgrade to Pro" })).toBeNull();
    expect(planCard().getAttribute("aria-busy")).toBe("true");
  });

  it("has the seven quick actions", async () => {
    await openDashboard();
    const actions = screen.getByRole("region", { name: "Quick Actions" });
    expect(
      within(actions)
        .getAllByRole("link")
        .map((l) => [l.textContent, l.getAttribute("href")]),
    ).toEqual([
      ["AI Chat", "/dashboard/chat"],
      ["AI Search", "/dashboard/tessera-search"],
      ["Image Generator", "/dashboard/images"],
      ["Jigsaw Search", "/dashboard/jigsaw-search"],
      ["Voice Creator", "/dashboard/voice"],
      ["Team Settings", "/dashboard/team-settings"],
      ["Image History", "/dashboard/image-history"],
    ]);
  });

  it("quick search opens the search page with the question, which runs it", async () => {
    const { user, server, router } = await openDashboard({
      routes: { "GET /api/searches": () => json([]), "POST /api/jigsaw-search": pending },
    });
    const seen: Location[] = [];
    router.subscribe((state) => seen.push(state.location));
    const box = screen.getByRole("searchbox", { name: "Search query" });
    const button = within(screen.getByRole("search", { name: "Quick AI Search" })).getByRole("button", {
      name: "Search",
    });
    expect(button).toHaveProperty("disabled", true);
    await user.type(box, "   ");
    expect(button).toHaveProperty("disabled", true);
    await user.type(box, "{Enter}");
    expect(router.state.location.pathname).toBe("/dashboard");

    await user.clear(box);
    await user.type(box, "  How do lighthouses work?  {Enter}");
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/jigsaw-search"));
    expect(seen.find((l) => l.pathname === "/dashboard/jigsaw-search")!.state).toEqual({
      initialQuery: "How do lighthouses work?",
    });
    await waitFor(() =>
      expect(server.callsTo("POST /api/jigsaw-search")[0]?.body).toMatchObject({
        query: "How do lighthouses work?",
      }),
    );
  });

  it("the Search button works as Enter does", async () => {
    const { user, router } = await openDashboard({
      routes: { "GET /api/searches": () => json([]), "POST /api/jigsaw-search": pending },
    });
    await user.type(screen.getByRole("searchbox", { name: "Search query" }), "Tides");
    await user.click(
      within(screen.getByRole("search", { name: "Quick AI Search" })).getByRole("button", { name: "Search" }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/jigsaw-search"));
  });

  it("only logs a metrics failure: the figures read —, nothing else is said", async () => {
    const warn = console.warn as unknown as { mock: { calls: unknown[][] } };
    await openDashboard({ metrics: () => apiError(500, "INTERNAL", "Something went wrong on our side.") });
    await waitFor(() => expect(stat("Total Chats").textContent).toContain("—"));
    expect(stat("Videos Generated").textContent).toContain("—");
    await waitFor(() => expect(warn.mock.calls.some((c) => c[0] === METRICS_FAILED)).toBe(true));
    expect(screen.queryByText(/went wrong/)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("No chat data yet. Model usage will appear here.")).toBeNull();
  });

  it("shows skeletons while the figures load", async () => {
    await openDashboard({ metrics: pending });
    expect(stat("Total Chats").getAttribute("aria-busy")).toBe("true");
    expect(stat("Total Chats").textContent).not.toMatch(/\d+\s*Last/);
    expect(screen.getByRole("region", { name: "Model Usage" }).getAttribute("aria-busy")).toBe("true");
  });
});
