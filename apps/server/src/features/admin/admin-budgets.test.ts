// Admin → Budgets: monthly caps for the instance, a team and a person (the narrowest wins), warned at
// 80% and enforced before every model call: chat, compare, search overviews and the API answer 429
// naming the cap and its reset, and store nothing.
import type { BudgetsResponse, Subscription } from "@tessera/contracts";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey } from "../../auth/api-key";
import { ANY_BUDGET_READ_MS } from "../../billing/budgets";
import {
  apiKeys,
  budgets,
  comparisons,
  conversations,
  member,
  messages,
  organization,
  searches,
  user,
} from "../../db/schema";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

const json = async <T>(res: Response) => (await res.json()) as T;
const errorOf = async (res: Response) =>
  (await json<{ error: { code: string; message: string } }>(res)).error;

let t: TestApp;
let root: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

async function person(name: string) {
  const ctx = await t.services.auth.$context;
  const created = await ctx.internalAdapter.createUser(
    { email: `${name}@example.com`, name, emailVerified: true },
    { method: "admin" },
  );
  ids[name] = created.id;
  tokens[name] = (await ctx.internalAdapter.createSession(created.id, false)).token;
  await t.setPlan(`${name}@example.com`, "team");
}

/** Tokens (and dollars) a person spent this month, as a chat answer records them. */
async function spend(name: string, tokensUsed: number, cost = 0) {
  const db = t.services.database.db;
  const [c] = await db.insert(conversations).values({ userId: ids[name]!, title: "Spent" }).returning();
  await db.insert(messages).values({
    conversationId: c!.id,
    userId: ids[name]!,
    role: "assistant",
    content: "a",
    tokensUsed,
    cost,
  });
}

const put = (body: unknown, token = root) =>
  t.request("/api/admin/budgets", { method: "PUT", token, json: body });
const chat = (name: string) =>
  t.request("/api/chat-stream", {
    method: "POST",
    token: tokens[name],
    json: { message: "Hello there", model: "tessera-local" },
  });
const subscription = async (name: string) =>
  json<Subscription>(await t.request("/api/subscription", { token: tokens[name] }));
const conversationsOf = async (name: string) =>
  Number(
    (
      await t.services.database.db
        .select({ n: count() })
        .from(conversations)
        .where(eq(conversations.userId, ids[name]!))
    )[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp();
  root = await t.newUser("root@example.com");
  for (const name of ["ada", "bob", "cyd", "dee"]) await person(name);
  // Cyd and Dee are in a team.
  const db = t.services.database.db;
  await db
    .insert(organization)
    .values({ id: "team-acme", name: "Acme", slug: "acme", createdAt: new Date() });
  for (const name of ["cyd", "dee"])
    await db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId: "team-acme",
      userId: ids[name]!,
      role: name === "cyd" ? "owner" : "member",
      createdAt: new Date(),
    });
});
afterAll(() => t.close());

describe("budgets written outside this process", () => {
  it("apply within a second, though this process had found none", async () => {
    await person("eve");
    const first = await chat("eve");
    expect(first.status).toBe(200);
    await readSse(first);
    // As another process (or an operator) would: straight into the table, not through this one's API.
    const db = t.services.database.db;
    const [row] = await db
      .insert(budgets)
      .values({ scope: "user", userId: ids.eve!, monthlyTokens: 5 })
      .returning();
    await spend("eve", 10);
    await new Promise((r) => setTimeout(r, ANY_BUDGET_READ_MS + 50));
    const refused = await chat("eve");
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe("BUDGET_EXCEEDED");
    await db.delete(budgets).where(eq(budgets.id, row!.id));
    // The later tests count everyone on the instance's budget.
    await db.delete(user).where(eq(user.id, ids.eve!));
  });
});

describe("setting budgets", () => {
  it("refuses what is not a budget, with the reason, and everyone but an instance admin", async () => {
    const cases: [unknown, string][] = [
      [{ scope: "instance" }, "Set monthlyTokens, monthlyCostUsd or both (to remove a budget, DELETE it)."],
      [{ scope: "instance", id: "x", monthlyTokens: 5 }, "id: The instance's budget takes no id."],
      [{ scope: "team", monthlyTokens: 5 }, "id: Name the team by id."],
      [{ scope: "user", id: ids.ada, monthlyTokens: 0 }, "monthlyTokens: monthlyTokens must be at least 1."],
      [
        { scope: "user", id: ids.ada, monthlyTokens: 1.5 },
        "monthlyTokens: monthlyTokens must be a whole number of tokens.",
      ],
      [
        { scope: "user", id: ids.ada, monthlyCostUsd: -1 },
        "monthlyCostUsd: monthlyCostUsd must be at least 0.01.",
      ],
      [{ scope: "planet", monthlyTokens: 5 }, "scope"],
    ];
    for (const [body, expected] of cases) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await errorOf(res)).message).toContain(expected);
    }
    const nobody = await put({ scope: "user", id: crypto.randomUUID(), monthlyTokens: 5 });
    expect(nobody.status).toBe(404);
    expect((await put({ scope: "team", id: "no-such-team", monthlyTokens: 5 })).status).toBe(404);
    expect((await put({ scope: "instance", monthlyTokens: 5 }, tokens.ada)).status).toBe(404);
    expect((await t.request("/api/admin/budgets", { token: tokens.ada })).status).toBe(404);
    const noSuch = await t.request("/api/admin/budgets?scope=instance", { method: "DELETE", token: root });
    expect(noSuch.status).toBe(404);
    expect((await t.request("/api/admin/budgets?scope=team", { method: "DELETE", token: root })).status).toBe(
      400,
    );
  });
});

describe("a budget", () => {
  it("warns at 80% and stops the next call once reached, naming the cap and the reset, storing nothing", async () => {
    const set = await put({ scope: "user", id: ids.ada, monthlyTokens: 1000 });
    expect(set.status).toBe(200);
    await spend("ada", 850);
    const warned = await subscription("ada");
    expect(warned.budget).toMatchObject({
      scope: "user",
      monthlyTokens: 1000,
      monthlyCostUsd: null,
      usedTokens: 850,
      warning: true,
      exceeded: false,
    });
    const now = new Date();
    const reset = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(warned.budget!.resetsAt).toBe(reset.toISOString());
    // Under the cap: the call goes through (and may take her past it).
    expect((await readSse(await chat("ada"))).at(-1)).toMatchObject({ type: "complete" });
    await spend("ada", 200);

    const before = await conversationsOf("ada");
    const refused = await chat("ada");
    expect(refused.status).toBe(429);
    const resetWords = reset.toLocaleDateString("en-US", { timeZone: "UTC", dateStyle: "long" });
    const error = await errorOf(refused);
    expect(error.code).toBe("BUDGET_EXCEEDED");
    expect(error.message).toMatch(/^You have used [\d,]+ tokens of your monthly budget of 1,000 tokens\./);
    expect(error.message).toContain(`It resets on ${resetWords} (UTC)`);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await conversationsOf("ada")).toBe(before);
    expect((await subscription("ada")).budget).toMatchObject({ exceeded: true });

    // Comparisons, search overviews and the API stop too, before anything is stored.
    const compare = await t.request("/api/comparisons", {
      method: "POST",
      token: tokens.ada,
      json: { prompt: "Which?", models: ["tessera-local"] },
    });
    expect(compare.status).toBe(429);
    const search = await t.request("/api/ai-search", {
      method: "POST",
      token: tokens.ada,
      json: { query: "tessera" },
    });
    expect(search.status).toBe(429);
    const db = t.services.database.db;
    expect(await db.select().from(comparisons).where(eq(comparisons.userId, ids.ada!))).toEqual([]);
    expect(await db.select().from(searches).where(eq(searches.userId, ids.ada!))).toEqual([]);
    const { key, start, hash } = newApiKey();
    await db.insert(apiKeys).values({ userId: ids.ada!, name: "k", start, hash });
    const v1 = await t.request("/v1/chat/completions", {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
      json: { model: "tessera-local", messages: [{ role: "user", content: "Hi" }] },
    });
    expect(v1.status).toBe(429);
    expect(await json(v1)).toMatchObject({
      error: { type: "insufficient_quota", code: "insufficient_quota", message: error.message },
    });

    // Raised by the admin, it applies to the next call.
    await put({ scope: "user", id: ids.ada, monthlyTokens: 1_000_000 });
    expect((await readSse(await chat("ada"))).at(-1)).toMatchObject({ type: "complete" });
  });

  it("applies a person's narrowest: their own, else their team's, else the instance's", async () => {
    await put({ scope: "instance", monthlyCostUsd: 1 });
    await put({ scope: "team", id: "team-acme", monthlyTokens: 100 });
    await spend("bob", 10, 1.5);
    await spend("cyd", 150);
    await spend("dee", 50);
    // Bob: the instance's $1; Cyd and Dee: Acme's 100 tokens each; Ada: her own million.
    expect((await chat("bob")).status).toBe(429);
    expect((await errorOf(await chat("bob"))).message).toMatch(
      /^You have used \$1\.50 of this instance's monthly budget for each person of \$1\.00\./,
    );
    const cyd = await chat("cyd");
    expect(cyd.status).toBe(429);
    expect((await errorOf(cyd)).message).toMatch(/the monthly budget for each member of Acme of 100 tokens/);
    expect((await subscription("dee")).budget).toMatchObject({
      scope: "team",
      teamName: "Acme",
      warning: false,
    });
    expect((await readSse(await chat("dee"))).at(-1)).toMatchObject({ type: "complete" });
    expect((await subscription("ada")).budget).toMatchObject({ scope: "user", exceeded: false });

    const listed = await json<BudgetsResponse>(await t.request("/api/admin/budgets", { token: root }));
    expect(listed.instance).toMatchObject({ scope: "instance", monthlyCostUsd: 1, reached: 1 });
    // Everyone without a narrower cap: Bob, and the admin.
    expect(listed.instance!.appliesTo).toBe(2);
    expect(listed.teams).toEqual([
      expect.objectContaining({
        id: "team-acme",
        name: "Acme",
        monthlyTokens: 100,
        appliesTo: 2,
        reached: 1,
      }),
    ]);
    expect(listed.users).toEqual([
      expect.objectContaining({ id: ids.ada, name: "ada@example.com", appliesTo: 1, reached: 0 }),
    ]);
    expect(listed.choices.teams).toEqual([{ id: "team-acme", name: "Acme", members: 2 }]);

    // A person's own cap is narrower than the team's, even a larger one.
    await put({ scope: "user", id: ids.cyd, monthlyTokens: 1_000_000 });
    expect((await readSse(await chat("cyd"))).at(-1)).toMatchObject({ type: "complete" });
    // Removed, the team's applies again.
    const removed = await t.request(`/api/admin/budgets?scope=user&id=${ids.cyd}`, {
      method: "DELETE",
      token: root,
    });
    expect(removed.status).toBe(200);
    expect((await chat("cyd")).status).toBe(429);
    await t.request("/api/admin/budgets?scope=instance", { method: "DELETE", token: root });
    expect((await readSse(await chat("bob"))).at(-1)).toMatchObject({ type: "complete" });
  });

  it("goes with the person or team it was set for", async () => {
    const db = t.services.database.db;
    await db.delete(organization).where(eq(organization.id, "team-acme"));
    const listed = await json<BudgetsResponse>(await t.request("/api/admin/budgets", { token: root }));
    expect(listed.teams).toEqual([]);
    await db.delete(user).where(eq(user.id, ids.ada!));
    expect(
      (await json<BudgetsResponse>(await t.request("/api/admin/budgets", { token: root }))).users,
    ).toEqual([]);
  });
});
