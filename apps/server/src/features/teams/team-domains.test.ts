// Joining by domain needs proof of the domain. A team owner could once claim any domain, gmail.com
// included, and then silently receive every new sign-up there with their name and usage.
import type { MyTeam, Team } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamDomains } from "../../db/schema";
import { startDnsServer, type DnsServer } from "../../test/dns-server";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let dns: DnsServer;
const tok: Record<string, string> = {};
let teamId = "";

type Who = "owner" | "admin" | "member" | "outsider";
const patch = (who: Who, allowedDomains: string) =>
  t.request(`/api/teams/${teamId}`, {
    method: "PATCH",
    token: tok[who],
    json: { name: "Harbour Co", allowedDomains },
  });
const check = (who: Who, domain: string, team = teamId) =>
  t.request(`/api/teams/${team}/domains/${encodeURIComponent(domain)}/check`, {
    method: "POST",
    token: tok[who],
  });
const team = async (who: Who) =>
  ((await (await t.request("/api/teams/mine", { token: tok[who] })).json()) as MyTeam).team!;
const domainOf = async (who: Who, domain: string) =>
  (await team(who)).company.domains.find((d) => d.domain === domain);
const message = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;
const teamOfNewcomer = async (email: string) =>
  ((await (await t.request("/api/teams/mine", { token: await t.newUser(email) })).json()) as MyTeam).team;

beforeAll(async () => {
  dns = await startDnsServer();
  t = await createTestApp({ DNS_SERVERS: dns.address });
  tok.owner = await t.newUser("owner@harbour.test");
  tok.admin = await t.newUser("admin@example.com");
  tok.member = await t.newUser("member@example.com");
  tok.outsider = await t.newUser("outsider@example.com");
  await t.setPlan("owner@harbour.test", "team");
  const created = await t.request("/api/teams", {
    method: "POST",
    token: tok.owner,
    json: { name: "Harbour Co" },
  });
  teamId = ((await created.json()) as { id: string }).id;
  for (const [who, role] of [
    ["admin", "admin"],
    ["member", "member"],
  ] as const) {
    const invited = await t.request(`/api/teams/${teamId}/invitations`, {
      method: "POST",
      token: tok.owner,
      json: { email: `${who}@example.com`, role },
    });
    const { id } = (await invited.json()) as { id: string };
    await t.request(`/api/teams/invitations/${id}/accept`, { method: "POST", token: tok[who] });
  }
});
afterAll(async () => {
  await t.close();
  await dns.close();
});

describe("claiming a domain", () => {
  it.each([
    "gmail.com",
    "GoogleMail.com",
    "outlook.com",
    "proton.me",
    "gmx.de",
    "yandex.com.tr",
    "mail.gmail.com",
  ])("refuses the public mail service %s outright", async (domain) => {
    const res = await patch("owner", `lighthouse.test, ${domain}`);
    expect(res.status).toBe(400);
    expect(await message(res)).toContain(
      "is a public mail service: anyone can get an address there, so it cannot let people into a team.",
    );
    expect((await team("owner")).company.domains.map((d) => d.domain)).not.toContain(domain.toLowerCase());
  });

  it("keeps an unproven domain pending, and it admits nobody who signs up there", async () => {
    expect((await patch("admin", "lighthouse.test")).status).toBe(200);
    const claim = (await domainOf("admin", "lighthouse.test"))!;
    expect(claim).toMatchObject({ status: "pending", proof: null, verifiedAt: null, problem: null });
    expect(claim.record).toEqual({
      names: ["_tessera.lighthouse.test", "lighthouse.test"],
      value: expect.stringMatching(/^tessera-verification=[0-9a-f]{32}$/) as unknown,
    });
    expect((await team("owner")).company.allowedDomains).toEqual(["lighthouse.test"]);
    // Members see the state, not the token.
    expect(await domainOf("member", "lighthouse.test")).toMatchObject({ status: "pending", record: null });
    expect(await teamOfNewcomer("keeper@lighthouse.test")).toBeNull();
  });

  it("takes the claimer's own confirmed address at the domain as proof at once", async () => {
    expect((await patch("owner", "lighthouse.test, harbour.test")).status).toBe(200);
    expect(await domainOf("owner", "harbour.test")).toMatchObject({
      status: "verified",
      proof: "email",
      record: null,
      verifiedAt: expect.any(String) as unknown,
    });
    // The other claim keeps its state and its token.
    const before = (await domainOf("owner", "lighthouse.test"))!.record;
    expect(await domainOf("owner", "lighthouse.test")).toMatchObject({ status: "pending", record: before });
    const joined = await teamOfNewcomer("skipper@harbour.test");
    expect(joined?.company.id).toBe(teamId);
    expect(joined?.myRole).toBe("member");
  });
});

describe("Check now", () => {
  it("finds no record, or the wrong one, and says so; the claim stays pending", async () => {
    const res = await check("owner", "lighthouse.test");
    expect(res.status).toBe(200);
    const claim = ((await res.json()) as Team).company.domains.find((d) => d.domain === "lighthouse.test")!;
    expect(claim.status).toBe("pending");
    expect(claim.checkedAt).toEqual(expect.any(String));
    expect(claim.problem).toBe(
      `No TXT record "${claim.record!.value}" was found at _tessera.lighthouse.test or lighthouse.test. ` +
        "New records can take a while to appear.",
    );
    expect(dns.asked.slice(-2)).toEqual(["_tessera.lighthouse.test", "lighthouse.test"]);

    // Another team's token, or a record of someone else's, proves nothing.
    dns.txt.set("_tessera.lighthouse.test", ["tessera-verification=0123456789abcdef0123456789abcdef"]);
    dns.txt.set("lighthouse.test", ["v=spf1 -all"]);
    expect((await (await check("admin", "lighthouse.test")).json()) as Team).toMatchObject({
      company: {
        domains: expect.arrayContaining([expect.objectContaining({ status: "pending" })]) as unknown,
      },
    });
    expect(await teamOfNewcomer("deckhand@lighthouse.test")).toBeNull();
  });

  it("proves the domain by its TXT record, after which sign-ups there join as members", async () => {
    const { value } = (await domainOf("admin", "lighthouse.test"))!.record!;
    dns.txt.set("_tessera.lighthouse.test", ["google-site-verification=x", value]);
    const res = await check("admin", "lighthouse.test");
    expect(res.status).toBe(200);
    const claim = ((await res.json()) as Team).company.domains.find((d) => d.domain === "lighthouse.test")!;
    expect(claim).toMatchObject({ status: "verified", proof: "dns", record: null, problem: null });
    const joined = await teamOfNewcomer("lampist@lighthouse.test");
    expect(joined?.company.id).toBe(teamId);
    expect(joined?.myRole).toBe("member");
  });

  it("reads the record at the domain itself too", async () => {
    expect((await patch("owner", "lighthouse.test, harbour.test, pier.test")).status).toBe(200);
    const { value } = (await domainOf("owner", "pier.test"))!.record!;
    dns.txt.set("pier.test", [value]);
    expect((await check("owner", "pier.test")).status).toBe(200);
    expect(await domainOf("owner", "pier.test")).toMatchObject({ status: "verified", proof: "dns" });
  });

  it("is for owners and admins of the team, about a domain it claimed", async () => {
    expect((await check("member", "pier.test")).status).toBe(403);
    expect((await check("outsider", "pier.test")).status).toBe(404);
    expect((await t.request(`/api/teams/${teamId}/domains/pier.test/check`, { method: "POST" })).status).toBe(
      401,
    );
    const unclaimed = await check("owner", "elsewhere.test");
    expect(unclaimed.status).toBe(404);
    expect(await message(unclaimed)).toBe("This team has not claimed that domain.");
    expect((await check("owner", "not a domain")).status).toBe(400);
  });

  it("says when the lookup itself fails", async () => {
    expect((await patch("owner", "lighthouse.test, harbour.test, pier.test, quay.test")).status).toBe(200);
    const down = await createTestApp({ DNS_SERVERS: "127.0.0.1:9" });
    try {
      const token = await down.newUser("solo@example.com");
      await down.setPlan("solo@example.com", "team");
      const { id } = (await (
        await down.request("/api/teams", { method: "POST", token, json: { name: "Solo" } })
      ).json()) as { id: string };
      await down.request(`/api/teams/${id}`, {
        method: "PATCH",
        token,
        json: { name: "Solo", allowedDomains: "quay.test" },
      });
      const res = await down.request(`/api/teams/${id}/domains/quay.test/check`, { method: "POST", token });
      const claim = ((await res.json()) as Team).company.domains[0]!;
      expect(claim.status).toBe("pending");
      expect(claim.problem).toMatch(
        /^The DNS lookup of _tessera\.quay\.test failed \(\w+\)\. Try again in a few minutes\.$/,
      );
    } finally {
      await down.close();
    }
  });
});

describe("one team per domain", () => {
  it("refuses a domain another team has proven", async () => {
    const rival = await t.newUser("rival@example.com");
    await t.setPlan("rival@example.com", "team");
    const { id } = (await (
      await t.request("/api/teams", { method: "POST", token: rival, json: { name: "Rival" } })
    ).json()) as { id: string };
    const res = await t.request(`/api/teams/${id}`, {
      method: "PATCH",
      token: rival,
      json: { name: "Rival", allowedDomains: "lighthouse.test" },
    });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("lighthouse.test is already verified by another team on this server.");
    // A claim of a domain still pending elsewhere is the rival's own, pending until proven.
    const quay = await t.request(`/api/teams/${id}`, {
      method: "PATCH",
      token: rival,
      json: { name: "Rival", allowedDomains: "quay.test" },
    });
    expect(quay.status).toBe(200);
  });

  it("shows a public mail service stored before this rule as refused, and it admits nobody", async () => {
    await t.services.database.db.insert(teamDomains).values({
      organizationId: teamId,
      domain: "hotmail.com",
      token: "legacy",
      status: "verified",
      proof: "dns",
    });
    expect(await domainOf("owner", "hotmail.com")).toMatchObject({
      status: "refused",
      problem:
        "hotmail.com is a public mail service: anyone can get an address there, so it cannot let people into a team.",
    });
    expect(await teamOfNewcomer("stranger@hotmail.com")).toBeNull();
    expect((await check("owner", "hotmail.com")).status).toBe(400);
  });

  it("drops a claim taken off the list, with its proof", async () => {
    // The refused claim must go from the list before the form saves.
    expect((await patch("owner", (await team("owner")).company.allowedDomains!.join(", "))).status).toBe(400);
    expect((await patch("owner", "harbour.test")).status).toBe(200);
    expect((await team("owner")).company.domains.map((d) => [d.domain, d.status])).toEqual([
      ["harbour.test", "verified"],
    ]);
    expect(await teamOfNewcomer("late@lighthouse.test")).toBeNull();
  });
});
