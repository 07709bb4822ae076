// The session cache in the running app: a session is read once and then kept, and whatever ends or
// changes it (a sign-out, a ban, a revocation, an expiry, a new role), through Better Auth or straight
// in the database, holds for the very next call.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { SESSION_CHANNEL } from "./session-cache";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const exec = (query: ReturnType<typeof sql>) => t.services.database.db.execute(query);
const rawToken = (signed: string) => {
  const value = decodeURIComponent(signed);
  return value.slice(0, value.lastIndexOf("."));
};
const profile = async (token: string) => (await t.request("/api/profile", { token })).status;
/** The admin-only usage report: 403 for a member, 200 for an instance admin. */
const adminUsage = async (token: string) => (await t.request("/api/admin/usage", { token })).status;

describe("the session cache in the app", () => {
  it("keeps a session once read: with the notices switched off, a deleted session still serves", async () => {
    const token = await t.newUser("kept@example.com");
    expect(await profile(token)).toBe(200);
    // Only a test can do this: delete the row without its notice. The kept copy answers, which shows
    // the call no longer reads the row; with the notice (every other test here) it would be refused.
    await exec(sql`alter table "session" disable trigger "session_changed"`);
    try {
      await exec(sql`delete from "session" where token = ${rawToken(token)}`);
    } finally {
      await exec(sql`alter table "session" enable trigger "session_changed"`);
    }
    expect(await profile(token)).toBe(200);
  });

  it("refuses a signed-out session on the very next call", async () => {
    const token = await t.newUser("signout@example.com");
    expect(await profile(token)).toBe(200);
    // The sign-out is heard back before it answers: its marker went round the channel.
    const heard: string[] = [];
    const unlisten = await t.services.database.listen(SESSION_CHANNEL, {
      notice: (payload) => heard.push(payload),
      state: () => undefined,
    });
    const out = await t.request("/api/auth/sign-out", { method: "POST", token, json: {} });
    await unlisten();
    expect(out.status).toBe(200);
    expect(heard).toContain(`s:${rawToken(token)}`);
    expect(heard.findIndex((p) => p.startsWith("sync:"))).toBeGreaterThan(
      heard.indexOf(`s:${rawToken(token)}`),
    );
    expect(await profile(token)).toBe(401);
  });

  it("refuses a session revoked, expired or banned in the database", async () => {
    const revoked = await t.newUser("revoked@example.com");
    const expired = await t.newUser("expired@example.com");
    const banned = await t.newUser("banned@example.com");
    for (const token of [revoked, expired, banned]) expect(await profile(token)).toBe(200);

    await exec(sql`delete from "session" where token = ${rawToken(revoked)}`);
    await exec(
      sql`update "session" set expires_at = now() - interval '1 second' where token = ${rawToken(expired)}`,
    );
    await exec(sql`update "user" set banned = true where email = 'banned@example.com'`);
    // On PostgreSQL the notice reaches the listener a moment after the commit: poll briefly.
    for (const token of [revoked, expired, banned])
      await expect.poll(() => profile(token), { timeout: 2_000, interval: 20 }).toBe(401);

    await exec(sql`update "user" set banned = false where email = 'banned@example.com'`);
    await expect.poll(() => profile(banned), { timeout: 2_000, interval: 20 }).toBe(200);
  });

  it("sees a new role at once, and every session of that person with it", async () => {
    // The first account of the instance is its admin, so make sure this one is not the first.
    await t.newUser("first@example.com");
    const one = await t.newUser("role@example.com");
    const two = decodeURIComponent(
      (await t.signIn("role@example.com")).headers.get("set-auth-token") ?? "no token",
    );
    expect(await adminUsage(one)).toBe(403);
    expect(await adminUsage(two)).toBe(403);
    await exec(sql`update "user" set role = 'admin' where email = 'role@example.com'`);
    await expect.poll(() => adminUsage(one), { timeout: 2_000, interval: 20 }).toBe(200);
    await expect.poll(() => adminUsage(two), { timeout: 2_000, interval: 20 }).toBe(200);
  });
});
