import type { Team, TeamDomain } from "@tessera/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiError, json, stubFetch } from "@/testing/fetch-stub";
import { renderApp } from "@/testing/render-app";
import { sessionBody, storeSession, testUser } from "@/testing/session";

const onTeamPlan = {
  "GET /api/subscription": () =>
    json({
      plan: "team",
      source: "admin",
      validUntil: null,
      trialAvailable: false,
      checkout: false,
      usage: { imagesThisMonth: 0, imagesPerMonth: 500 },
    }),
  "POST /api/check-subscription": () => json({ subscribed: true, tier: "Team", validUntil: null }),
  "POST /api/check-team-access": () =>
    json({ team_access: [{ team_id: "t1", team_name: "Acme", role: "owner" }], has_team_features: true }),
};

const member = (userId: string, fullName: string | null, role: "owner" | "admin" | "member") => ({
  id: `m-${userId}`,
  userId,
  role,
  joinedAt: "2026-01-02T10:00:00.000Z",
  email: `${userId}@example.com`,
  profile: { fullName, avatarUrl: null },
});

const pendingDomain = (domain: string, withRecord = true): TeamDomain => ({
  domain,
  status: "pending",
  proof: null,
  record: withRecord
    ? {
        names: [`_tessera.${domain}`, domain],
        value: "tessera-verification=0f1e2d3c4b5a69788796a5b4c3d2e1f0",
      }
    : null,
  verifiedAt: null,
  checkedAt: null,
  problem: null,
});

function team(myRole: Team["myRole"], extra: Partial<Team> = {}): Team {
  return {
    company: {
      id: "t1",
      name: "Acme",
      ownerId: "u1",
      slug: "acme",
      allowedDomains: ["acme.test"],
      domains: [pendingDomain("acme.test", myRole !== "member")],
    },
    myRole,
    members: [
      member(testUser.id, "Ada Lovelace", myRole),
      member("u2", "Grace Hopper", myRole === "owner" ? "admin" : "owner"),
      member("u3", "Linus", "member"),
    ],
    invitations:
      myRole === "member"
        ? []
        : [
            {
              id: "i1",
              email: "new@example.com",
              role: "admin",
              createdAt: "2026-01-05T10:00:00.000Z",
              expiresAt: "2026-01-12T10:00:00.000Z",
            },
          ],
    analytics: {
      totalMessages: 1234,
      totalSearches: 5,
      totalImages: 7,
      activeMembers: 2,
      lastActivityDate: null,
    },
    ...extra,
  };
}

async function openTeam(routes: Parameters<typeof stubFetch>[0], path = "/dashboard/team-settings") {
  storeSession();
  const server = stubFetch({ "GET /api/auth/get-session": () => json(sessionBody()), ...routes });
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole("heading", { level: 1, name: "Team Settings" }, { timeout: 3000 });
  return { user, server, ...view };
}

describe("team settings page", () => {
  it("creates a team: the dialog closes, the name clears, and the team loads after 500 ms", async () => {
    let current: Team | null = null;
    const { user, server } = await openTeam({
      ...onTeamPlan,
      "GET /api/teams/mine": () => json({ team: current }),
      "POST /api/teams": () => {
        current = team("owner");
        return json({ id: "t1", name: "Acme" }, { status: 201 });
      },
    });
    expect(await screen.findByText("Create Your Team")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to Dashboard" }).getAttribute("href")).toBe("/dashboard");
    await user.click(screen.getByRole("button", { name: "Create Team" }));
    const dialog = await screen.findByRole("dialog");
    const create = within(dialog).getByRole("button", { name: "Create Team" });
    await user.type(within(dialog).getByLabelText("Team Name"), "   ");
    expect(create).toHaveProperty("disabled", true);
    await user.type(within(dialog).getByLabelText("Team Name"), "Acme ");
    await user.click(create);
    expect(await screen.findByText("Team created")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(server.callsTo("POST /api/teams")[0]?.body).toEqual({ name: "Acme" });
    expect(await screen.findByText("Team Analytics", {}, { timeout: 2000 })).toBeTruthy();
  });

  it("says so when creating fails", async () => {
    const { user } = await openTeam({
      ...onTeamPlan,
      "GET /api/teams/mine": () => json({ team: null }),
      "POST /api/teams": () => apiError(500, "INTERNAL", ""),
    });
    await user.click(await screen.findByRole("button", { name: "Create Team" }));
    await user.type(screen.getByLabelText("Team Name"), "Acme");
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Create Team" }));
    expect(await screen.findByText("Error")).toBeTruthy();
  });

  it("shows the Team plan with a way to the plans when it is not included", async () => {
    await openTeam({ "GET /api/teams/mine": () => json({ team: null }) });
    expect(await screen.findByText("Team workspaces come with Team")).toBeTruthy();
    expect(screen.getByText("A team workspace is on the Team plan. Upgrade to use it.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See plans" }).getAttribute("href")).toBe("/pricing");
  });

  it("shows an owner the analytics, company, members and invitations, and removes after confirming", async () => {
    let current = team("owner");
    const { user, server } = await openTeam({
      ...onTeamPlan,
      "GET /api/teams/mine": () => json({ team: current }),
      "DELETE /api/teams/t1/members/u3": () => {
        current = { ...current, members: current.members.filter((m) => m.userId !== "u3") };
        return new Response(null, { status: 204 });
      },
      "POST /api/teams/t1/invitations": () => json({ id: "i2" }, { status: 201 }),
      "POST /api/teams/t1/invitations/i1/resend": () => json({ id: "i1" }),
      "PATCH /api/teams/t1": () => json(current),
    });
    expect(await screen.findByText("Team Plan: Team")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Refresh" })).toBeTruthy();
    expect(screen.getByText("1,234")).toBeTruthy();
    expect(screen.getByText("No activity yet")).toBeTruthy();
    expect(screen.getByText("3 members", { selector: "span" })).toBeTruthy();

    const list = screen.getByRole("list", { name: "Team members" });
    const rows = within(list).getAllByRole("listitem");
    expect(within(rows[0]!).getByText("You")).toBeTruthy();
    expect(within(rows[0]!).getByText("Team Owner")).toBeTruthy();
    // Neither the owner (oneself here) nor… only the others have Remove.
    expect(within(rows[0]!).queryByRole("button", { name: /Remove/ })).toBeNull();
    expect(within(rows[2]!).getByText("LI")).toBeTruthy();
    await user.click(within(rows[2]!).getByRole("button", { name: "Remove Linus" }));
    const confirm = await screen.findByRole("alertdialog");
    expect(confirm.textContent).toContain(
      "Are you sure you want to remove Linus from the team? This action cannot be undone.",
    );
    await user.click(within(confirm).getByRole("button", { name: "Remove" }));
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(server.callsTo("DELETE /api/teams/t1/members/u3")).toHaveLength(1);

    const pending = screen.getByRole("list", { name: "Pending invitations" });
    expect(within(pending).getByText("new@example.com")).toBeTruthy();
    expect(within(pending).getByText("Pending")).toBeTruthy();
    expect(within(pending).getByText(/^Invited Jan 5, 2026 · Expires Jan 12, 2026 · Role:/)).toBeTruthy();
    await user.click(within(pending).getByRole("button", { name: "Resend Invite" }));
    await screen.findByText("Invitation resent");

    await user.click(screen.getByRole("button", { name: "Invite Member" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Email Address"), "  sam@example.com ");
    await user.click(within(dialog).getByRole("button", { name: "Send Invitation" }));
    await screen.findByText("Invitation sent");
    expect(server.callsTo("POST /api/teams/t1/invitations")[0]?.body).toEqual({
      email: "sam@example.com",
      role: "member",
    });

    await user.clear(screen.getByLabelText("Allowed Email Domains"));
    await user.type(screen.getByLabelText("Allowed Email Domains"), "Acme.test, , b.org");
    await user.click(screen.getByRole("button", { name: "Update Company Settings" }));
    await screen.findByText("Company settings updated");
    expect(server.callsTo("PATCH /api/teams/t1")[0]?.body).toEqual({
      name: "Acme",
      slug: "acme",
      allowedDomains: "Acme.test, , b.org",
    });
  });

  it("writes the analytics' counts and last activity as the rest of the app does, and one member as one", async () => {
    // A German browser: numbers written with no locale of their own would read 1.234.567 here.
    const spy = vi.spyOn(Number.prototype, "toLocaleString").mockImplementation(function (
      this: number,
      locales,
      options,
    ) {
      return new Intl.NumberFormat(locales ?? "de-DE", options).format(this);
    });
    try {
      const solo = team("owner");
      await openTeam({
        ...onTeamPlan,
        "GET /api/teams/mine": () =>
          json({
            team: {
              ...solo,
              members: solo.members.slice(0, 1),
              analytics: {
                ...solo.analytics,
                totalMessages: 1234567,
                totalSearches: 12345,
                lastActivityDate: "2026-11-27T12:30:00.000Z",
              },
            },
          }),
      });
      expect(await screen.findByText("1,234,567")).toBeTruthy();
      expect(screen.getByText("12,345")).toBeTruthy();
      expect(screen.getByText("1 member", { selector: "span" })).toBeTruthy();
      // The last activity as dates read elsewhere in the app: "Nov 27, 2026, 12:30 PM" here.
      expect(screen.getByText(/^Nov 27, 2026, \d{1,2}:30\s[AP]M$/)).toBeTruthy();
    } finally {
      spy.mockRestore();
    }
  });

  it("gives a member no invite, remove, invitations or company edits", async () => {
    await openTeam({ ...onTeamPlan, "GET /api/teams/mine": () => json({ team: team("member") }) });
    await screen.findByText("Team Members");
    expect(screen.queryByRole("button", { name: "Invite Member" })).toBeNull();
    expect(screen.queryByRole("button", { name: /^Remove/ })).toBeNull();
    expect(screen.queryByText("Pending Invitations")).toBeNull();
    expect(screen.getByLabelText("Company Name")).toHaveProperty("disabled", true);
    expect(screen.getByLabelText("Allowed Email Domains")).toHaveProperty("disabled", true);
    expect(screen.queryByRole("button", { name: "Update Company Settings" })).toBeNull();
    // The domain's state, but neither its record nor Check now.
    const row = within(screen.getByRole("list", { name: "Email domains" })).getByRole("listitem");
    expect(within(row).getByText("Waiting for proof")).toBeTruthy();
    expect(row.textContent).toContain("An owner or admin of the team can prove it.");
    expect(within(row).queryByRole("button", { name: "Check now" })).toBeNull();
  });

  it("lets an admin edit only the domains", async () => {
    await openTeam({ ...onTeamPlan, "GET /api/teams/mine": () => json({ team: team("admin") }) });
    await screen.findByText("Company Details");
    expect(screen.getByLabelText("Company Name")).toHaveProperty("disabled", true);
    expect(screen.getByLabelText("Company Slug (optional)")).toHaveProperty("disabled", true);
    expect(screen.getByLabelText("Allowed Email Domains")).toHaveProperty("disabled", false);
  });

  it("shows a pending domain's DNS record, and Check now proves it", async () => {
    let current = team("owner");
    let checks = 0;
    const { user, server } = await openTeam({
      ...onTeamPlan,
      "GET /api/teams/mine": () => json({ team: current }),
      "POST /api/teams/t1/domains/acme.test/check": () => {
        checks++;
        const domain: TeamDomain =
          checks === 1
            ? {
                ...pendingDomain("acme.test"),
                checkedAt: "2026-01-06T09:00:00.000Z",
                problem: "No TXT record was found at _tessera.acme.test or acme.test.",
              }
            : {
                ...pendingDomain("acme.test"),
                status: "verified",
                proof: "dns",
                record: null,
                verifiedAt: "2026-01-06T09:05:00.000Z",
              };
        current = { ...current, company: { ...current.company, domains: [domain] } };
        return json(current);
      },
    });
    const domains = await screen.findByRole("list", { name: "Email domains" });
    const row = within(domains).getByRole("listitem");
    expect(within(row).getByText("Waiting for proof")).toBeTruthy();
    expect(row.textContent).toContain("Nobody joins through this domain until it is proven to be yours.");
    expect(within(row).getByText("_tessera.acme.test")).toBeTruthy();
    expect(within(row).getByText("tessera-verification=0f1e2d3c4b5a69788796a5b4c3d2e1f0")).toBeTruthy();

    await user.click(within(row).getByRole("button", { name: "Check now" }));
    expect(await screen.findByText("acme.test is not verified yet")).toBeTruthy();
    expect((await within(row).findByRole("status")).textContent).toMatch(
      /^Checked Jan 6, 2026, .+: No TXT record was found at _tessera\.acme\.test or acme\.test\.$/,
    );

    await user.click(within(row).getByRole("button", { name: "Check now" }));
    expect(await screen.findByText("Domain verified")).toBeTruthy();
    expect(within(row).getByText("Verified")).toBeTruthy();
    expect(row.textContent).toContain("People who confirm an address at acme.test join the team as members.");
    expect(within(row).queryByRole("button", { name: "Check now" })).toBeNull();
    expect(server.callsTo("POST /api/teams/t1/domains/acme.test/check")).toHaveLength(2);
  });

  it("refuses a public mail service before saving, and shows one stored before as refused", async () => {
    const refusal =
      "gmail.com is a public mail service: anyone can get an address there, so it cannot let people into a team.";
    const current = team("admin");
    current.company.domains = [{ ...pendingDomain("gmail.com", false), status: "refused", problem: refusal }];
    const { user, server } = await openTeam({
      ...onTeamPlan,
      "GET /api/teams/mine": () => json({ team: current }),
    });
    const row = within(await screen.findByRole("list", { name: "Email domains" })).getByRole("listitem");
    expect(within(row).getByText("Refused")).toBeTruthy();
    expect(row.textContent).toContain(`${refusal} Remove it from the list and save.`);

    const field = screen.getByLabelText("Allowed Email Domains");
    await user.clear(field);
    await user.type(field, "acme.test, GMX.de");
    expect(screen.getByRole("alert").textContent).toBe(
      "gmx.de is a public mail service: anyone can get an address there, so it cannot let people into a team.",
    );
    expect(screen.getByRole("button", { name: "Update Company Settings" })).toHaveProperty("disabled", true);
    await user.clear(field);
    await user.type(field, "acme.test");
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByRole("button", { name: "Update Company Settings" })).toHaveProperty("disabled", false);
    expect(server.callsTo("PATCH /api/teams/t1")).toHaveLength(0);
  });

  it("accepts the invitation in the address and reports it", async () => {
    let joined = false;
    const { server, router } = await openTeam(
      {
        ...onTeamPlan,
        "POST /api/teams/invitations/inv-7/accept": () => {
          joined = true;
          return json({ teamId: "t1", teamName: "Acme" });
        },
        "GET /api/teams/mine": () => json({ team: joined ? team("member") : null }),
      },
      "/dashboard/team-settings?accept=inv-7",
    );
    expect(await screen.findByText("You are now a member of Acme.")).toBeTruthy();
    expect(server.callsTo("POST /api/teams/invitations/inv-7/accept")).toHaveLength(1);
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("shows why an invitation was refused", async () => {
    await openTeam(
      {
        "POST /api/teams/invitations/old/accept": () =>
          apiError(410, "GONE", "This invitation has expired. Ask the team to resend it."),
        "GET /api/teams/mine": () => json({ team: null }),
      },
      "/dashboard/team-settings?accept=old",
    );
    expect(await screen.findByText("This invitation has expired. Ask the team to resend it.")).toBeTruthy();
  });

  it("asks for a full name when there is none", async () => {
    const current = team("owner");
    current.members[0]!.profile.fullName = null;
    const { user, server } = await openTeam({
      ...onTeamPlan,
      "GET /api/teams/mine": () => json({ team: current }),
      "PATCH /api/profile": () =>
        json({
          id: "p1",
          userId: "u1",
          email: "ada@example.com",
          fullName: "Ada Lovelace",
          avatarUrl: null,
          avatarSrc: null,
          role: "user",
          twoFactorEnabled: false,
        }),
    });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Complete Your Profile")).toBeTruthy();
    await user.type(within(dialog).getByLabelText("Full Name"), "Ada Lovelace");
    await user.click(within(dialog).getByRole("button", { name: "Save Name" }));
    await waitFor(() =>
      expect(server.callsTo("PATCH /api/profile")[0]?.body).toEqual({ fullName: "Ada Lovelace" }),
    );
  });

  it("says the plan is active after checkout", async () => {
    await openTeam(
      { ...onTeamPlan, "GET /api/teams/mine": () => json({ team: null }) },
      "/dashboard/team-settings?checkout=success",
    );
    expect(await screen.findByText("Your plan is active")).toBeTruthy();
  });
});
