// Admin → Settings: who may sign up (open, invite only, closed; allowed domains), the plan a new
// account starts on and the instance's name, each in use from the next request, without a restart.
import type { InstanceSettings, PublicConfig, Subscription } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

const json = async <T>(res: Response) => (await res.json()) as T;
const message = async (res: Response) => (await json<{ error: { message: string } }>(res)).error.message;

let t: TestApp;
let root: string;
const patch = (body: unknown, token = root) =>
  t.request("/api/admin/settings", { method: "PATCH", token, json: body });

beforeAll(async () => {
  t = await createTestApp();
  root = await t.newUser("root@example.com");
});
afterAll(() => t.close());

describe("the instance's settings", () => {
  it("start open, change in part, and refuse what is not a setting", async () => {
    const initial = await json<InstanceSettings>(await t.request("/api/admin/settings", { token: root }));
    expect(initial).toEqual({
      registration: "open",
      allowedDomains: [],
      defaultPlan: "core",
      instanceName: null,
      updatedAt: null,
    });
    const named = await json<InstanceSettings>(await patch({ instanceName: "  Acme AI  " }));
    expect(named).toMatchObject({ instanceName: "Acme AI", registration: "open" });
    expect(named.updatedAt).not.toBeNull();
    for (const [body, reason] of [
      [{ registration: "sometimes" }, "registration"],
      [{ allowedDomains: ["not a domain"] }, "Enter domains such as example.com."],
      [{ instanceName: "x".repeat(61) }, "The name is at most 60 characters."],
      [{ instanceName: "a\u0007b" }, "The name cannot hold control characters."],
      [{ defaultPlan: "gold" }, "defaultPlan"],
      [{ colour: "blue" }, "colour"],
    ] as const) {
      const res = await patch(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await message(res)).toContain(reason);
    }
    const member = await t.newUser("member@example.com");
    expect((await patch({ registration: "closed" }, member)).status).toBe(404);
    expect((await t.request("/api/admin/settings", { token: member })).status).toBe(404);
  });

  it("show the instance's name to visitors and in every mail's subject", async () => {
    await patch({ instanceName: "Acme AI" });
    const config = await json<PublicConfig>(await t.request("/api/public/config"));
    expect(config).toMatchObject({ instanceName: "Acme AI", registration: "open" });
    await t.signUp("named@example.com");
    expect((await t.latestMail("named@example.com", "verify-email"))?.subject).toBe(
      "[Acme AI] Confirm your Tessera account",
    );
    await patch({ instanceName: "" });
    expect((await json<PublicConfig>(await t.request("/api/public/config"))).instanceName).toBeNull();
  });

  it("closes sign-up to everyone, with the reason, while people with accounts still sign in", async () => {
    await patch({ registration: "closed" });
    expect((await json<PublicConfig>(await t.request("/api/public/config"))).registration).toBe("closed");
    const refused = await t.signUp("late@example.com");
    expect(refused.status).toBe(403);
    expect(await message(refused)).toBe(
      "This instance is not taking new accounts. Ask its administrator to create one for you.",
    );
    expect(await t.latestMail("late@example.com")).toBeUndefined();
    // The same answer for an address that has an account: it tells nobody who is here.
    const taken = await t.signUp("member@example.com");
    expect(taken.status).toBe(403);
    expect((await t.signIn("member@example.com")).status).toBe(200);
    await patch({ registration: "open" });
    expect((await t.signUp("late@example.com")).status).toBe(200);
  });

  it("lets in only invited addresses when invite only, and only allowed domains when listed", async () => {
    const owner = await t.newUser("owner@example.com");
    await t.setPlan("owner@example.com", "team");
    const team = await json<{ id: string }>(
      await t.request("/api/teams", { method: "POST", token: owner, json: { name: "Crew" } }),
    );
    const invited = await t.request(`/api/teams/${team.id}/invitations`, {
      method: "POST",
      token: owner,
      json: { email: "invited@elsewhere.org", role: "member" },
    });
    expect(invited.status).toBe(201);

    await patch({ registration: "invite" });
    const uninvited = await t.signUp("stranger@example.com");
    expect(uninvited.status).toBe(403);
    expect(await message(uninvited)).toBe(
      "Accounts here are by invitation only. Ask a team owner or admin to invite your address, then sign up with it.",
    );
    expect((await t.signUp("Invited@Elsewhere.org")).status).toBe(200);

    await patch({ registration: "open", allowedDomains: ["Example.COM", "@work.example", "example.com"] });
    const settings = await json<InstanceSettings>(await t.request("/api/admin/settings", { token: root }));
    expect(settings.allowedDomains).toEqual(["example.com", "work.example"]);
    const outside = await t.signUp("someone@gmail.com");
    expect(outside.status).toBe(403);
    expect(await message(outside)).toBe(
      "Accounts here are for addresses at example.com, work.example. Sign up with one of those, or ask for an invitation.",
    );
    expect((await t.signUp("someone@work.example")).status).toBe(200);
    // A subdomain is another domain.
    expect((await t.signUp("someone@eu.example.com")).status).toBe(403);
    await patch({ allowedDomains: [] });
    expect((await t.signUp("someone@gmail.com")).status).toBe(200);
  });

  it("starts new accounts on the default plan, and leaves existing ones as they are", async () => {
    await patch({ defaultPlan: "pro" });
    const fresh = await t.newUser("fresh@example.com");
    expect(await json<Subscription>(await t.request("/api/subscription", { token: fresh }))).toMatchObject({
      plan: "pro",
      source: "admin",
      validUntil: null,
    });
    const old = (await t.signIn("member@example.com")).headers.get("set-auth-token")!;
    expect((await json<Subscription>(await t.request("/api/subscription", { token: old }))).plan).toBe(
      "core",
    );
    await patch({ defaultPlan: "core" });
  });
});
