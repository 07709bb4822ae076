// Admin → Users through the API: the list (search, sort, pages, 30-day use), one person, and what an
// admin does to them: plan, role, ban and unban, sign out everywhere, delete with all their data.
import type { AdminUserDetail, AdminUsersPage } from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newApiKey } from "../../auth/api-key";
import {
  apiCalls,
  apiKeys,
  chatImages,
  conversations,
  mailOutbox,
  member,
  messages,
  organization,
  prompts,
  session,
  user,
} from "../../db/schema";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

const json = async <T>(res: Response) => (await res.json()) as T;
const message = async (res: Response) => (await json<{ error: { message: string } }>(res)).error.message;

let t: TestApp;
let root: string;
const ids: Record<string, string> = {};
const tokens: Record<string, string> = {};

/** An account with a session, made straight through Better Auth (no password to hash). */
async function person(name: string, email: string) {
  const ctx = await t.services.auth.$context;
  const created = await ctx.internalAdapter.createUser(
    { email, name, emailVerified: true },
    { method: "admin" },
  );
  ids[name] = created.id;
  tokens[name] = (await ctx.internalAdapter.createSession(created.id, false)).token;
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "listed@example.com" });
  root = await t.newUser("root@example.com", { name: "Root Admin" });
  ids.root = (
    await t.services.database.db.select().from(user).where(eq(user.email, "root@example.com"))
  )[0]!.id;
  await person("ada", "ada@example.com");
  await person("bob", "bob@example.com");
  await person("cyd", "cyd@work.example");
  await person("listed", "listed@example.com");
  const db = t.services.database.db;
  // Ada spent the most in the last 30 days: chat answers and API calls; Bob a little; Cyd long ago.
  const [conversation] = await db
    .insert(conversations)
    .values({ userId: ids.ada!, title: "Mine" })
    .returning();
  await db.insert(messages).values([
    { conversationId: conversation!.id, userId: ids.ada!, role: "user", content: "q" },
    {
      conversationId: conversation!.id,
      userId: ids.ada!,
      role: "assistant",
      content: "a",
      tokensUsed: 900,
      cost: 0.5,
    },
  ]);
  await db.insert(apiCalls).values({
    userId: ids.ada!,
    model: "gpt-5",
    inputTokens: 60,
    outputTokens: 40,
    cost: 0.25,
    status: "complete",
  });
  const [bobs] = await db.insert(conversations).values({ userId: ids.bob!, title: "Bob's" }).returning();
  await db.insert(messages).values({
    conversationId: bobs!.id,
    userId: ids.bob!,
    role: "assistant",
    content: "a",
    tokensUsed: 10,
    cost: 0.01,
  });
  const [cyds] = await db.insert(conversations).values({ userId: ids.cyd!, title: "Old" }).returning();
  await db.insert(messages).values({
    conversationId: cyds!.id,
    userId: ids.cyd!,
    role: "assistant",
    content: "a",
    tokensUsed: 5000,
    cost: 9,
    createdAt: new Date(Date.now() - 40 * 86_400_000),
  });
});
afterAll(() => t.close());

const list = async (query = "", token = root) => {
  const res = await t.request(`/api/admin/users${query}`, { token });
  expect(res.status, await res.clone().text()).toBe(200);
  return json<AdminUsersPage>(res);
};
const detail = async (name: string) =>
  json<AdminUserDetail>(await t.request(`/api/admin/users/${ids[name]}`, { token: root }));

describe("the people list", () => {
  it("searches, sorts and pages through everyone, with their use in the last 30 days", async () => {
    const all = await list("?sort=-tokens");
    expect(all.total).toBe(5);
    expect(all.users.map((u) => u.email).slice(0, 2)).toEqual(["ada@example.com", "bob@example.com"]);
    const ada = all.users[0]!;
    expect(ada).toMatchObject({
      tokens30d: 1000,
      cost30d: 0.75,
      plan: "core",
      role: "user",
      status: "active",
    });
    expect(ada.lastActiveAt).not.toBeNull();
    // Cyd's spending is older than 30 days.
    expect(all.users.find((u) => u.email === "cyd@work.example")).toMatchObject({ tokens30d: 0, cost30d: 0 });
    expect(all.users.find((u) => u.email === "root@example.com")).toMatchObject({
      role: "admin",
      name: "Root Admin",
    });
    expect(all.users.find((u) => u.email === "listed@example.com")).toMatchObject({
      role: "user",
      listedAdmin: true,
    });

    expect((await list("?q=WORK.example")).users.map((u) => u.email)).toEqual(["cyd@work.example"]);
    expect((await list("?q=%25")).total).toBe(0);
    expect((await list("?sort=email")).users.map((u) => u.email)[0]).toBe("ada@example.com");
    expect((await list("?sort=-email")).users.map((u) => u.email)[0]).toBe("root@example.com");
    const beyond = await list("?page=9");
    expect(beyond).toMatchObject({ users: [], total: 5, page: 9, pageSize: 25 });
  });

  it("refuses bad queries with their reason, and everyone who is not an instance admin", async () => {
    const bad = await t.request("/api/admin/users?sort=height", { token: root });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toContain("Sort by one of name, email, created, lastActive, tokens, cost.");
    expect((await t.request("/api/admin/users?page=0", { token: root })).status).toBe(400);
    // To anyone but an instance admin the console is not there.
    const refused = await t.request("/api/admin/users", { token: tokens.ada });
    expect(refused.status).toBe(404);
    expect((await t.request(`/api/admin/users/${ids.bob}`, { token: tokens.ada })).status).toBe(404);
    expect((await t.request("/api/admin/users")).status).toBe(401);
    // ADMIN_EMAILS makes an instance admin without the role.
    expect((await t.request("/api/admin/users", { token: tokens.listed })).status).toBe(200);
  });

  it("shows one person with what they keep, and 404 for nobody", async () => {
    const ada = await detail("ada");
    expect(ada).toMatchObject({
      email: "ada@example.com",
      sessions: 1,
      isSelf: false,
      planSource: "none",
      month: { tokens: 1000, cost: 0.75 },
      counts: { conversations: 1, apiKeys: 0 },
      budget: null,
    });
    const missing = await t.request(`/api/admin/users/${crypto.randomUUID()}`, { token: root });
    expect(missing.status).toBe(404);
    expect(await message(missing)).toBe("No such person.");
  });
});

describe("what an admin does to a person", () => {
  it("sets their plan and their role, but never takes their own admin role", async () => {
    const planned = await t.request(`/api/admin/users/${ids.bob}/plan`, {
      method: "PUT",
      token: root,
      json: { plan: "max", validUntil: null },
    });
    expect(await json(planned)).toMatchObject({ plan: "max", planSource: "admin" });
    const made = await t.request(`/api/admin/users/${ids.bob}/role`, {
      method: "PUT",
      token: root,
      json: { role: "admin" },
    });
    expect(await json(made)).toMatchObject({ role: "admin" });
    // Bob's next call already knows it: the admin console opens to him.
    expect((await t.request("/api/admin/users", { token: tokens.bob })).status).toBe(200);
    const unmade = await t.request(`/api/admin/users/${ids.bob}/role`, {
      method: "PUT",
      token: root,
      json: { role: "user" },
    });
    expect(await json(unmade)).toMatchObject({ role: "user" });
    await expect
      .poll(async () => (await t.request("/api/admin/users", { token: tokens.bob })).status)
      .toBe(404);
    const self = await t.request(`/api/admin/users/${ids.root}/role`, {
      method: "PUT",
      token: root,
      json: { role: "user" },
    });
    expect(self.status).toBe(400);
    expect(await message(self)).toBe("You cannot remove your own admin role. Ask another admin.");
    const bad = await t.request(`/api/admin/users/${ids.bob}/role`, {
      method: "PUT",
      token: root,
      json: { role: "god" },
    });
    expect(bad.status).toBe(400);
  });

  it("bans with a reason and an end: every session and API key stops at once, and a sign-in says why", async () => {
    const token = await t.newUser("banned@example.com");
    const [row] = await t.services.database.db
      .select()
      .from(user)
      .where(eq(user.email, "banned@example.com"));
    const { start, hash, key } = newApiKey();
    await t.services.database.db.insert(apiKeys).values({ userId: row!.id, name: "k", start, hash });
    expect((await t.request("/api/profile", { token })).status).toBe(200);
    const v1 = () => t.request("/v1/models", { headers: { authorization: `Bearer ${key}` } });
    expect((await v1()).status).toBe(200);

    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const badUntil = await t.request(`/api/admin/users/${row!.id}/ban`, {
      method: "POST",
      token: root,
      json: { reason: "spam", until: new Date(Date.now() - 1000).toISOString() },
    });
    expect(badUntil.status).toBe(400);
    expect(await message(badUntil)).toBe("until: the ban's end must be in the future.");
    expect(
      (
        await t.request(`/api/admin/users/${row!.id}/ban`, {
          method: "POST",
          token: root,
          json: { reason: "  " },
        })
      ).status,
    ).toBe(400);
    const banned = await t.request(`/api/admin/users/${row!.id}/ban`, {
      method: "POST",
      token: root,
      json: { reason: "Sent spam to the team", until },
    });
    expect(banned.status).toBe(200);
    expect(await json(banned)).toMatchObject({
      status: "banned",
      banReason: "Sent spam to the team",
      banExpires: until,
      sessions: 0,
    });
    await expect
      .poll(async () => (await t.request("/api/profile", { token })).status, { timeout: 1_000 })
      .toBe(401);
    expect((await v1()).status).toBe(401);
    const again = await t.signIn("banned@example.com");
    expect(again.status).toBe(403);
    expect(await message(again)).toMatch(/banned/i);
    expect(again.headers.get("set-auth-token")).toBeNull();
    expect((await list("?q=banned")).users[0]).toMatchObject({
      status: "banned",
      banReason: "Sent spam to the team",
    });

    const self = await t.request(`/api/admin/users/${ids.root}/ban`, {
      method: "POST",
      token: root,
      json: { reason: "x" },
    });
    expect(self.status).toBe(400);

    const lifted = await t.request(`/api/admin/users/${row!.id}/unban`, { method: "POST", token: root });
    expect(await json(lifted)).toMatchObject({ status: "active", banReason: null, banExpires: null });
    expect((await t.signIn("banned@example.com")).status).toBe(200);
    expect((await v1()).status).toBe(200);
  });

  it("signs a person out everywhere, and they may sign in again", async () => {
    const ctx = await t.services.auth.$context;
    const second = (await ctx.internalAdapter.createSession(ids.cyd!, false)).token;
    expect((await detail("cyd")).sessions).toBe(2);
    const out = await t.request(`/api/admin/users/${ids.cyd}/sign-out`, { method: "POST", token: root });
    expect(await json(out)).toMatchObject({ sessions: 0 });
    for (const token of [tokens.cyd!, second])
      await expect
        .poll(async () => (await t.request("/api/profile", { token })).status, { timeout: 1_000 })
        .toBe(401);
  });

  it("deletes a person with all their data, after their address is typed, and nothing of anyone else's", async () => {
    const db = t.services.database.db;
    const doomed = await t.newUser("doomed@example.com");
    const keep = await t.newUser("keeper@example.com");
    const [d] = await db.select().from(user).where(eq(user.email, "doomed@example.com"));
    const [k] = await db.select().from(user).where(eq(user.email, "keeper@example.com"));
    await t.setPlan("doomed@example.com", "team");
    await t.setPlan("keeper@example.com", "team");
    // Both chat and keep a prompt; the doomed one owns a team the keeper is in, and a stored picture.
    for (const token of [doomed, keep]) {
      const chat = await t.request("/api/chat-stream", {
        method: "POST",
        token,
        json: { message: "Hello there", model: "tessera-local" },
      });
      expect((await readSse(chat)).at(-1)).toMatchObject({ type: "complete" });
      await t.request("/api/prompts", {
        method: "POST",
        token,
        json: { title: "P", content: "C", category: "writing" },
      });
    }
    const team = await json<{ id: string }>(
      await t.request("/api/teams", { method: "POST", token: doomed, json: { name: "Doomed Co" } }),
    );
    await db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId: team.id,
      userId: k!.id,
      role: "admin",
      createdAt: new Date(),
    });
    // A second team only the doomed one is in (the API allows one each; the database does not care).
    const solo = { id: crypto.randomUUID() };
    await db.insert(organization).values({ id: solo.id, name: "Solo", slug: "solo", createdAt: new Date() });
    await db.insert(member).values({
      id: crypto.randomUUID(),
      organizationId: solo.id,
      userId: d!.id,
      role: "owner",
      createdAt: new Date(),
    });
    const key = `chat/${crypto.randomUUID()}.png`;
    await t.services.storage.put(key, new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), "image/png");
    await db
      .insert(chatImages)
      .values({ userId: d!.id, storageKey: key, contentType: "image/png", bytes: 8 });
    const counts = async (userId: string): Promise<Record<string, number>> =>
      Object.fromEntries(
        await Promise.all(
          (
            [
              ["conversations", conversations],
              ["messages", messages],
              ["prompts", prompts],
              ["sessions", session],
            ] as const
          ).map(async ([name, table]): Promise<[string, number]> => [
            name,
            Number(
              (
                await db
                  .select({ n: sql<number>`count(*)` })
                  .from(table)
                  .where(eq(table.userId, userId))
              )[0]!.n,
            ),
          ]),
        ),
      );
    const keeperBefore = await counts(k!.id);
    expect(keeperBefore.messages).toBeGreaterThan(0);
    const doomedBefore = await counts(d!.id);
    expect(doomedBefore.messages).toBeGreaterThan(0);

    const wrong = await t.request(`/api/admin/users/${d!.id}`, {
      method: "DELETE",
      token: root,
      json: { confirmEmail: "keeper@example.com" },
    });
    expect(wrong.status).toBe(400);
    expect(await message(wrong)).toBe("confirmEmail: type the person's email address exactly to confirm.");
    expect((await t.request(`/api/admin/users/${d!.id}`, { method: "DELETE", token: root })).status).toBe(
      415,
    );
    expect(
      (
        await t.request(`/api/admin/users/${ids.root}`, {
          method: "DELETE",
          token: root,
          json: { confirmEmail: "root@example.com" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.request(`/api/admin/users/${d!.id}`, {
          method: "DELETE",
          token: keep,
          json: { confirmEmail: "doomed@example.com" },
        })
      ).status,
    ).toBe(404);

    const gone = await t.request(`/api/admin/users/${d!.id}`, {
      method: "DELETE",
      token: root,
      json: { confirmEmail: " Doomed@Example.com " },
    });
    expect(gone.status).toBe(204);
    expect(await counts(d!.id)).toEqual({ conversations: 0, messages: 0, prompts: 0, sessions: 0 });
    expect(await db.select().from(user).where(eq(user.id, d!.id))).toEqual([]);
    expect(await db.select().from(mailOutbox).where(eq(mailOutbox.to, "doomed@example.com"))).toEqual([]);
    await expect(t.services.storage.get(key)).rejects.toThrow();
    expect((await t.request("/api/profile", { token: doomed })).status).toBe(401);
    // The keeper keeps everything, and the team the doomed one owned is the keeper's now.
    expect(await counts(k!.id)).toEqual(keeperBefore);
    const [kept] = await db.select().from(member).where(eq(member.organizationId, team.id));
    expect(kept).toMatchObject({ userId: k!.id, role: "owner" });
    expect(await db.select().from(organization).where(eq(organization.id, solo.id))).toEqual([]);
    expect((await t.request(`/api/admin/users/${d!.id}`, { token: root })).status).toBe(404);
  });
});
