import type { Subscription } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiError, json, pending, STUB_PUBLIC_CONFIG, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession } from "@/testing/session";

const core = (extra: Partial<Subscription> = {}): Subscription => ({
  plan: "core",
  source: "none",
  validUntil: null,
  trialAvailable: true,
  checkout: false,
  billing: "on",
  usage: { imagesThisMonth: 0, imagesPerMonth: 5 },
  budget: null,
  ...extra,
});

const config = (checkout: boolean) => () =>
  json({ ...STUB_PUBLIC_CONFIG, billing: { ...STUB_PUBLIC_CONFIG.billing, checkout } });

/** Opens /pricing signed in, holding `plan` (the dashboard's own calls answered, should it open). */
async function openSignedIn(plan: () => Subscription, routes: Parameters<typeof stubFetch>[0] = {}) {
  storeSession();
  const server = stubFetch({
    "GET /api/auth/get-session": () => json(sessionBody()),
    "GET /api/subscription": () => json(plan()),
    "POST /api/check-subscription": () => json({ subscribed: false, tier: null, validUntil: null }),
    "POST /api/check-team-access": () => json({ team_access: [], has_team_features: false }),
    "GET /api/dashboard/metrics": pending,
    ...routes,
  });
  const user = userEvent.setup();
  const view = renderApp("/pricing");
  await screen.findByRole("heading", { level: 1, name: /Plans that grow/ }, { timeout: 3000 });
  return { user, server, ...view };
}

const card = (name: string) => screen.getByRole("article", { name });

describe("pricing page", () => {
  it("shows the four plans and the FAQ's promises, and sends a visitor to sign in to choose", async () => {
    stubFetch();
    const user = userEvent.setup();
    const { router } = renderApp("/pricing");
    await screen.findByRole("heading", { level: 1, name: /Plans that grow/ }, { timeout: 3000 });
    await waitFor(() => expect(document.title).toBe("Pricing | Tessera"));

    const plans = within(screen.getByRole("region", { name: "Plans" })).getAllByRole("article");
    expect(plans.map((p) => p.getAttribute("aria-labelledby"))).toEqual([
      "plan-core-name",
      "plan-pro-name",
      "plan-max-name",
      "plan-team-name",
    ]);
    expect(within(card("Core")).getByText("Free")).toBeTruthy();
    expect(within(card("Pro")).getByText("Most Popular")).toBeTruthy();
    expect(within(card("Pro")).getByText("$19")).toBeTruthy();
    expect(within(card("Pro")).getByText("/month")).toBeTruthy();
    expect(within(card("Team")).getByText("$99")).toBeTruthy();
    expect(within(card("Max")).getByRole("list", { name: "Max includes" }).textContent).toContain(
      "API access",
    );
    expect(screen.getByText("Sign in to choose a plan")).toBeTruthy();
    expect(screen.queryByText("Current plan")).toBeNull();

    const faq = screen.getByRole("region", { name: "Frequently asked questions" });
    expect(faq.textContent).toContain("free for 7 days, once, with no card needed");
    expect(faq.textContent).toContain("30-day money-back guarantee");
    expect(faq.textContent).toContain("Plan changes take effect immediately");
    expect(faq.textContent).toContain("back to Core");

    await user.click(within(card("Pro")).getByRole("link", { name: "Choose Pro" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/auth"));
    expect(router.state.location.search).toBe("?plan=pro");
  });

  it("marks Core as the current plan and leads Core to the dashboard", async () => {
    const { user, router } = await openSignedIn(() => core());
    expect(await within(card("Core")).findByText("Current plan")).toBeTruthy();
    expect(screen.getByRole("status").textContent).toContain("You're on Core.");
    expect(screen.queryByText("Sign in to choose a plan")).toBeNull();
    await user.click(within(card("Core")).getByRole("link", { name: "Open dashboard" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
  });

  it("starts the Pro trial once, however often it is clicked, and lands on the dashboard", async () => {
    let plan = core();
    const { user, server, router } = await openSignedIn(() => plan, {
      "POST /api/billing/trial": () => {
        plan = core({
          plan: "pro",
          source: "trial",
          trialAvailable: false,
          validUntil: "2030-01-08T00:00:00Z",
        });
        return json(plan, { status: 201 });
      },
    });
    const start = await within(card("Pro")).findByRole("button", { name: "Start free trial" });
    expect(within(card("Pro")).getByText("7 days free, no card needed.")).toBeTruthy();
    await user.dblClick(start);
    expect(await screen.findByText("Your 7-day Pro trial has started")).toBeTruthy();
    // Not on Team Settings, which below the Team plan is only its lock screen.
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard"));
    expect(screen.queryByText(/Team workspaces come with/)).toBeNull();
    expect(server.callsTo("POST /api/billing/trial")).toHaveLength(1);
    expect(server.callsTo("POST /api/billing/trial")[0]?.headers.authorization).toBe("Bearer stored-token");
    // The plan is read again, so every lock in the app knows about the trial.
    await waitFor(() => expect(server.callsTo("GET /api/subscription").length).toBeGreaterThan(1));
  });

  it("shows the server's refusal of a spent trial as a toast", async () => {
    const { user, router } = await openSignedIn(() => core(), {
      "POST /api/billing/trial": () => apiError(409, "CONFLICT", "Your free trial has already been used."),
    });
    await user.click(await within(card("Pro")).findByRole("button", { name: "Start free trial" }));
    expect(await screen.findByText("Your free trial has already been used.")).toBeTruthy();
    expect(router.state.location.pathname).toBe("/pricing");
    expect(within(card("Pro")).getByRole("button", { name: "Start free trial" })).toHaveProperty(
      "disabled",
      false,
    );
  });

  it("offers no Pro trial on the Max card: it says who sets Max and where the trial is", async () => {
    const { server } = await openSignedIn(() => core());
    await within(card("Pro")).findByRole("button", { name: "Start free trial" });
    expect(within(card("Max")).queryByRole("button")).toBeNull();
    expect(within(card("Max")).getByRole("note").textContent).toBe(
      "Your administrator sets Max here. The free trial is of Pro: start it from its card.",
    );
    expect(server.callsTo("POST /api/billing/trial")).toHaveLength(0);
  });

  it("says plainly that the trial has ended when it was used and nothing can be bought", async () => {
    const { server } = await openSignedIn(() => core({ trialAvailable: false }));
    for (const name of ["Pro", "Max"]) {
      const note = await within(card(name)).findByRole("note");
      expect(note.textContent).toBe(
        "Your trial has ended. Ask your Tessera administrator to change your plan.",
      );
      expect(within(card(name)).queryByRole("button")).toBeNull();
    }
    expect(server.callsTo("POST /api/billing/trial")).toHaveLength(0);
    expect(server.callsTo("POST /api/billing/checkout")).toHaveLength(0);
  });

  it("goes to checkout for the chosen plan when this instance sells plans", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user, server } = await openSignedIn(() => core({ checkout: true }), {
      "GET /api/public/config": config(true),
      "POST /api/billing/checkout": () => json({ url: "https://pay.example/session/max" }),
    });
    const upgrade = await within(card("Max")).findByRole("button", { name: "Upgrade to Max" });
    await user.click(upgrade);
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/session/max"));
    expect(server.callsTo("POST /api/billing/checkout").map((c) => c.body)).toEqual([{ plan: "max" }]);
    // The page stays busy while the browser leaves: no second checkout from another card.
    expect(within(card("Pro")).getByRole("button", { name: "Upgrade to Pro" })).toHaveProperty(
      "disabled",
      true,
    );
  });

  it("offers Manage billing on a bought plan, and marks the plans it includes", async () => {
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    const { user, server } = await openSignedIn(
      () => core({ plan: "max", source: "stripe", checkout: true, trialAvailable: false }),
      { "POST /api/billing/portal": () => json({ url: "https://pay.example/portal" }) },
    );
    // The badge and the disabled button both say so.
    expect(await within(card("Max")).findAllByText("Current plan")).toHaveLength(2);
    expect(within(card("Max")).getByRole("button", { name: "Current plan" })).toHaveProperty(
      "disabled",
      true,
    );
    expect(within(card("Pro")).getByRole("button", { name: "Included" })).toHaveProperty("disabled", true);
    await user.click(within(card("Max")).getByRole("button", { name: "Manage billing" }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://pay.example/portal"));
    expect(server.callsTo("POST /api/billing/portal")).toHaveLength(1);
  });

  it("writes to sales for the Team plan", async () => {
    await openSignedIn(() => core());
    const contact = await within(card("Team")).findByRole("link", { name: "Contact sales" });
    expect(contact.getAttribute("href")).toBe("mailto:sales@tessera.test?subject=Tessera%20Team%20plan");
  });
});
