import type { MyTeam, Team } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { conversations, invitation, messages, user } from "../../db/schema";
import { startDnsServer, type DnsServer } from "../../test/dns-server";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
/** The name server the team's domain is proven through. */
let dns: DnsServer;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
let teamId = "";
type Actor = "owner" | "admin" | "member" | "outsider" | "anon";

const call = (who: Actor, path: string, init: { method?: string; json?: unknown } = {}) =>
  t.request(`/api/teams${path}`, { ...init, ...(who === "anon" ? {} : { token: tok[who] }) });
const mine = async (who: Actor) => ((await (await call(who, "/mine")).json()) as MyTeam).team;
const userId = async (email: string) =>
  (await t.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

async function invite(email: string, role: "member" | "admin", by: Actor = "owner") {
  const res = await call(by, `/${teamId}/invitations`, { method: "POST", json: { email, role } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const accept = (who: string, id: string) =>
  t.request(`/api/teams/invitations/${id}/accept`, {
    method: "POST",
    ...(who === "anon" ? {} : { token: tok[who] ?? who }),
  });

/** Expected status per actor; every actor is tried, denials first, so a success cannot hide one. */
async function matrix(run: (who: Actor) => Promise<Response>, expected: Partial<Record<Actor, number>>) {
  const order: Actor[] = ["anon", "outsider", "member", "admin", "owner"];
  const seen: Partial<Record<Actor, number>> = {};
  for (const who of order) if (expected[who] !== undefined) seen[who] = (await run(who)).status;
  expect(seen).toEqual(expected);
}

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ DNS_SERVERS: dns.address });
  for (const who of ["owner", "admin", "member", "outsider"] as const) {
    tok[who] = await t.newUser(`${who}@example.com`, {
      name: `${who[0]!.toUpperCase()}${who.slice(1)} Person`,
    });
    ids[who] = await userId(`${who}@example.com`);
  }
  await t.setPlan("owner@example.com", "team");
  const created = await call("owner", "", { method: "POST", json: { name: "  Acme  " } });
  expect(created.status).toBe(201);
  teamId = ((await created.json()) as { id: string }).id;
  expect((await accept("admin", await invite("admin@example.com", "admin"))).status).toBe(200);
  expect((await accept("member", await invite("member@example.com", "member"))).status).toBe(200);
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

describe("creating a team", () => {
  it("makes the creator owner of a team with the trimmed name", async () => {
    const team = (await mine("owner"))!;
    expect(team.company).toMatchObject({
      name: "Acme",
      slug: null,
      allowedDomains: null,
      ownerId: ids.owner,
    });
    expect(team.myRole).toBe("owner");
    expect(team.members.map((m) => [m.email, m.role])).toEqual([
      ["owner@example.com", "owner"],
      ["admin@example.com", "admin"],
      ["member@example.com", "member"],
    ]);
    expect(team.members[0]!.profile.fullName).toBe("Owner Person");
  });

  it("needs a session, the Team plan, a name, and no team already", async () => {
    expect((await call("anon", "", { method: "POST", json: { name: "X" } })).status).toBe(401);
    const below = await call("outsider", "", { method: "POST", json: { name: "X" } });
    expect(below.status).toBe(403);
    expect(((await below.json()) as { error: { message: string } }).error.message).toBe(
      "A team workspace is on the Team plan. Upgrade to use it.",
    );
    expect((await call("owner", "", { method: "POST", json: { name: "   " } })).status).toBe(400);
    expect((await call("owner", "", { method: "POST", json: { name: "Second" } })).status).toBe(409);
  });

  it("reports the team in check-team-access", async () => {
    const res = await t.request("/api/check-team-access", { method: "POST", token: tok.member });
    expect(await res.json()).toMatchObject({
      team_access: [{ team_id: teamId, team_name: "Acme", role: "member" }],
    });
  });
});

describe("role × action matrix", () => {
  it("reads the team: members yes, non-members 404, signed out 401", async () => {
    await matrix((w) => call(w, `/${teamId}`), {
      anon: 401,
      outsider: 404,
      member: 200,
      admin: 200,
      owner: 200,
    });
    expect(await mine("outsider")).toBeNull();
    expect((await call("anon", "/mine")).status).toBe(401);
    // Pending invitations are for owners and admins.
    await invite("later@example.com", "member");
    expect((await mine("member"))!.invitations).toEqual([]);
    expect((await mine("admin"))!.invitations.map((i) => i.email)).toEqual(["later@example.com"]);
  });

  it("renames the company and sets its slug: owner only", async () => {
    const json = { name: "Acme Inc", slug: "Acme-Inc", allowedDomains: "" };
    await matrix((w) => call(w, `/${teamId}`, { method: "PATCH", json }), {
      anon: 401,
      outsider: 404,
      member: 403,
      admin: 403,
      owner: 200,
    });
    expect((await mine("owner"))!.company).toMatchObject({ name: "Acme Inc", slug: "acme-inc" });
    expect(
      (await call("owner", `/${teamId}`, { method: "PATCH", json: { ...json, name: " " } })).status,
    ).toBe(400);
  });

  it("edits allowed domains: owner or admin, normalised", async () => {
    const json = { name: "Acme Inc", slug: "acme-inc", allowedDomains: " Acme.TEST, ,acme.dev ," };
    await matrix((w) => call(w, `/${teamId}`, { method: "PATCH", json }), {
      anon: 401,
      outsider: 404,
      member: 403,
      admin: 200,
      owner: 200,
    });
    expect((await mine("admin"))!.company.allowedDomains).toEqual(["acme.test", "acme.dev"]);
    await call("owner", `/${teamId}`, {
      method: "PATCH",
      json: { ...json, slug: "", allowedDomains: " , " },
    });
    expect((await mine("owner"))!.company).toMatchObject({ slug: null, allowedDomains: null });
  });

  it("invites as member or admin only: owner or admin", async () => {
    let n = 0;
    await matrix(
      (w) =>
        call(w, `/${teamId}/invitations`, {
          method: "POST",
          json: { email: `x${n++}@example.com`, role: "member" },
        }),
      { anon: 401, outsider: 404, member: 403, admin: 201, owner: 201 },
    );
    const owner = await call("owner", `/${teamId}/invitations`, {
      method: "POST",
      json: { email: "boss@example.com", role: "owner" },
    });
    expect(owner.status).toBe(400);
    const again = await call("owner", `/${teamId}/invitations`, {
      method: "POST",
      json: { email: "member@example.com", role: "member" },
    });
    expect(again.status).toBe(409);
    const mail = await t.latestMail("x4@example.com", "invitation");
    expect(mail?.link).toMatch(/\/auth\?accept=[0-9a-f-]{36}$/);
    expect(mail?.text).toContain("expires");
  });

  it("words an invitation in the recipient's language, else the sender's, its expiry too", async () => {
    await t.request("/api/profile", { method: "PATCH", token: tok.owner, json: { language: "de" } });
    try {
      await invite("neu@example.com", "member");
      const german = await t.latestMail("neu@example.com", "invitation");
      expect(german?.subject).toBe("Einladung zu Acme Inc auf Tessera");
      expect(german?.text).toContain("als Mitglied beizutreten");
      expect(german?.text).toMatch(
        /Die Einladung läuft am \d{1,2}\. [A-Za-zä]+ \d{4} um \d{1,2}:\d{2} UTC ab\./,
      );

      await t.request("/api/profile", { method: "PATCH", token: tok.outsider, json: { language: "fr" } });
      await invite("outsider@example.com", "admin");
      const french = await t.latestMail("outsider@example.com", "invitation");
      expect(french?.text).toMatch(/^Vous êtes invité à rejoindre Acme Inc sur Tessera/);
      expect(french?.text).toMatch(/L’invitation expire le \d{1,2} [a-zéû]+ \d{4} à \d{1,2}:\d{2} UTC\./);
    } finally {
      await t.request("/api/profile", { method: "PATCH", token: tok.owner, json: { language: "en" } });
      await t.request("/api/profile", { method: "PATCH", token: tok.outsider, json: { language: "en" } });
    }
  });

  it("resends with a new expiry and a new mail: owner or admin", async () => {
    const id = await invite("resend@example.com", "admin");
    const db = t.services.database.db;
    await db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() + 1000) })
      .where(eq(invitation.id, id));
    await matrix((w) => call(w, `/${teamId}/invitations/${id}/resend`, { method: "POST" }), {
      anon: 401,
      outsider: 404,
      member: 403,
      admin: 200,
      owner: 200,
    });
    const [row] = await db.select().from(invitation).where(eq(invitation.id, id));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect((await call("owner", `/${teamId}/invitations/nope/resend`, { method: "POST" })).status).toBe(404);
  });

  it("changes roles: owner only, and the last owner cannot be demoted", async () => {
    const to = (role: string) => ({ method: "PATCH", json: { role } });
    await matrix((w) => call(w, `/${teamId}/members/${ids.member}`, to("admin")), {
      anon: 401,
      outsider: 404,
      member: 403,
      admin: 403,
      owner: 204,
    });
    expect((await mine("member"))!.myRole).toBe("admin");
    expect((await call("owner", `/${teamId}/members/${ids.member}`, to("member"))).status).toBe(204);
    expect((await call("owner", `/${teamId}/members/${ids.owner}`, to("admin"))).status).toBe(403);
    expect((await call("owner", `/${teamId}/leave`, { method: "POST" })).status).toBe(403);
    // With a second owner the first may step down, and back.
    expect((await call("owner", `/${teamId}/members/${ids.admin}`, to("owner"))).status).toBe(204);
    expect((await call("owner", `/${teamId}/members/${ids.owner}`, to("admin"))).status).toBe(204);
    expect((await call("admin", `/${teamId}/members/${ids.owner}`, to("owner"))).status).toBe(204);
    expect((await call("owner", `/${teamId}/members/${ids.admin}`, to("admin"))).status).toBe(204);
    expect((await mine("owner"))!.members.map((m) => m.role)).toEqual(["owner", "admin", "member"]);
  });

  it("removes members: owner or admin, never the owner or oneself", async () => {
    await matrix((w) => call(w, `/${teamId}/members/${ids.admin}`, { method: "DELETE" }), {
      anon: 401,
      outsider: 404,
      member: 403,
    });
    expect((await call("admin", `/${teamId}/members/${ids.owner}`, { method: "DELETE" })).status).toBe(403);
    expect((await call("admin", `/${teamId}/members/${ids.admin}`, { method: "DELETE" })).status).toBe(403);
    expect((await call("owner", `/${teamId}/members/${ids.owner}`, { method: "DELETE" })).status).toBe(403);
    expect((await call("owner", `/${teamId}/members/${ids.outsider}`, { method: "DELETE" })).status).toBe(
      404,
    );
  });

  it("leaves: members may, non-members 404, signed out 401", async () => {
    await matrix((w) => call(w, `/${teamId}/leave`, { method: "POST" }), {
      anon: 401,
      outsider: 404,
      owner: 403,
    });
  });
});

describe("accepting an invitation", () => {
  it("is refused to another address, a second time, after expiry, or when unknown", async () => {
    const id = await invite("carol@example.com", "member");
    expect((await accept("anon", id)).status).toBe(401);
    const wrong = await accept("outsider", id);
    expect(wrong.status).toBe(403);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(
      /another email address/,
    );
    const carol = await t.newUser("carol@example.com");
    expect(await (await accept(carol, id)).json()).toEqual({ teamId, teamName: "Acme Inc" });
    const twice = await accept(carol, id);
    expect(twice.status).toBe(410);
    expect(((await twice.json()) as { error: { message: string } }).error.message).toMatch(
      /already been used/,
    );

    const late = await invite("dave@example.com", "member");
    await t.services.database.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, late));
    const dave = await t.newUser("dave@example.com");
    const expired = await accept(dave, late);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { error: { message: string } }).error.message).toMatch(/expired/);
    expect((await accept(dave, "00000000-0000-0000-0000-000000000000")).status).toBe(404);
    // The expired invitation is not listed; inviting again replaces it.
    expect((await mine("owner"))!.invitations.map((i) => i.email)).not.toContain("dave@example.com");
    expect((await accept(dave, await invite("dave@example.com", "member"))).status).toBe(200);
    expect(
      (await call("owner", `/${teamId}/members/${await userId("dave@example.com")}`, { method: "DELETE" }))
        .status,
    ).toBe(204);
    expect((await (await t.request("/api/teams/mine", { token: dave })).json()) as MyTeam).toEqual({
      team: null,
    });
  });

  it("lets an invited admin in as admin", async () => {
    const team = (await mine("owner"))!;
    expect(team.members.find((m) => m.email === "carol@example.com")?.role).toBe("member");
  });
});

describe("membership ends at once", () => {
  it("refuses a removed member's next request", async () => {
    const id = await invite("erin@example.com", "member");
    const erin = await t.newUser("erin@example.com");
    await accept(erin, id);
    const erinId = await userId("erin@example.com");
    expect((await t.request(`/api/teams/${teamId}`, { token: erin })).status).toBe(200);
    expect((await call("admin", `/${teamId}/members/${erinId}`, { method: "DELETE" })).status).toBe(204);
    expect((await t.request(`/api/teams/${teamId}`, { token: erin })).status).toBe(404);
    expect((await (await t.request("/api/teams/mine", { token: erin })).json()) as MyTeam).toEqual({
      team: null,
    });
  });

  it("lets a member leave", async () => {
    const carol = await t.signIn("carol@example.com");
    const token = carol.headers.get("set-auth-token")!;
    expect((await t.request(`/api/teams/${teamId}/leave`, { method: "POST", token })).status).toBe(204);
    expect((await t.request(`/api/teams/${teamId}`, { token })).status).toBe(404);
  });
});

describe("allowed email domains", () => {
  it("adds whoever verifies an address in the domain as member, once the domain is proven", async () => {
    const claimed = (await (
      await call("owner", `/${teamId}`, {
        method: "PATCH",
        json: { name: "Acme Inc", slug: "", allowedDomains: "acme.test" },
      })
    ).json()) as Team;
    // Proven the way an owner would: the TXT record the settings page shows, then Check now.
    const { record } = claimed.company.domains[0]!;
    dns.txt.set(record!.names[0]!, [record!.value]);
    expect((await call("owner", `/${teamId}/domains/acme.test/check`, { method: "POST" })).status).toBe(200);
    expect((await mine("owner"))!.company.domains[0]).toMatchObject({
      domain: "acme.test",
      status: "verified",
    });
    const zed = await t.newUser("zed@acme.test");
    const team = ((await (await t.request("/api/teams/mine", { token: zed })).json()) as MyTeam).team!;
    expect(team.company.id).toBe(teamId);
    expect(team.myRole).toBe("member");
    const other = await t.newUser("yan@elsewhere.test");
    expect((await (await t.request("/api/teams/mine", { token: other })).json()) as MyTeam).toEqual({
      team: null,
    });
  });
});

describe("team analytics", () => {
  it("counts the members' own usage", async () => {
    const before = (await mine("owner"))!.analytics;
    expect(before).toEqual({
      totalMessages: 0,
      totalSearches: 0,
      totalImages: 0,
      activeMembers: 0,
      lastActivityDate: null,
    });
    const db = t.services.database.db;
    const [conv] = await db.insert(conversations).values({ userId: ids.member!, title: "Hi" }).returning();
    await db.insert(messages).values([
      { conversationId: conv!.id, userId: ids.member!, role: "user", content: "hello" },
      { conversationId: conv!.id, userId: ids.member!, role: "assistant", content: "hi" },
    ]);
    // An outsider's usage is not the team's.
    const [other] = await db.insert(conversations).values({ userId: ids.outsider!, title: "No" }).returning();
    await db
      .insert(messages)
      .values({ conversationId: other!.id, userId: ids.outsider!, role: "user", content: "x" });
    const after: Team["analytics"] = (await mine("admin"))!.analytics;
    expect(after).toMatchObject({ totalMessages: 1, totalSearches: 0, totalImages: 0, activeMembers: 1 });
    expect(after.lastActivityDate).not.toBeNull();
  });
});
