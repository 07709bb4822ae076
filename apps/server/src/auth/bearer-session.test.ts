// The direct bearer-session read answers only what Better Auth would answer the same way, and leaves
// the rest (refresh, expiry, bad signatures) to Better Auth: both paths are checked through the API.
import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session } from "../db/schema";
import { createTestApp, type TestApp } from "../test/test-app";
import { bearerToken, createBearerSessions, signedTokens } from "./bearer-session";

let t: TestApp;
let signed: string;
let find: ReturnType<typeof createBearerSessions>;
const DAY = 24 * 60 * 60;

beforeAll(async () => {
  t = await createTestApp();
  signed = decodeURIComponent(await t.newUser("bearer@example.com"));
  const { options } = t.services.auth;
  find = createBearerSessions(t.services.database.db, {
    secret: options.secret,
    expiresIn: options.session.expiresIn,
    updateAge: options.session.updateAge,
  });
});
afterAll(() => t.close());

const rawToken = () => signed.slice(0, signed.lastIndexOf("."));
const row = async () =>
  (await t.services.database.db.select().from(session).where(eq(session.token, rawToken())))[0]!;
const profileStatus = async (token: string) => (await t.request("/api/profile", { token })).status;

describe("the bearer session read", () => {
  it("finds a live session from the signed value, its URL-encoded form and the bare token", async () => {
    expect(signed).toMatch(/^[^.]+\.[A-Za-z0-9+/]{43}=$/);
    for (const value of [signed, encodeURIComponent(signed), rawToken()]) {
      const found = await find(value);
      expect(found?.user.email).toBe("bearer@example.com");
      expect(found?.session.token).toBe(rawToken());
    }
  });

  it("refuses a wrong or malformed signature, here and through the API", async () => {
    const sig = signed.slice(signed.lastIndexOf(".") + 1);
    const flipped = `${rawToken()}.${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    expect(bearerToken(flipped, t.services.auth.options.secret)).toBeNull();
    expect(bearerToken(`${rawToken()}.short=`, t.services.auth.options.secret)).toBeNull();
    expect(await find(flipped)).toBeUndefined();
    expect(await profileStatus(flipped)).toBe(401);
    expect(await profileStatus(signed)).toBe(200);
  });

  it("checks a value's signature once, keeps only values that held, and keeps a bounded number", () => {
    const secret = t.services.auth.options.secret;
    const signed2 = signedTokens(secret, 2);
    const sig = signed.slice(signed.lastIndexOf(".") + 1);
    const flipped = `${rawToken()}.${sig[0] === "A" ? "B" : "A"}${sig.slice(1)}`;
    expect(signed2.tokenOf(flipped)).toBeNull();
    expect(signed2.tokenOf(flipped)).toBeNull();
    expect(signed2.tokenOf(rawToken())).toBe(rawToken()); // a bare token has nothing to check
    expect(signed2.size).toBe(0);
    expect(signed2.tokenOf(signed)).toBe(rawToken());
    expect(signed2.tokenOf(signed)).toBe(rawToken());
    expect(signed2.size).toBe(1);
    // Two more values that hold: no more than two are kept.
    expect(signed2.tokenOf(encodeURIComponent(signed))).toBe(rawToken());
    const other = `other-token.${createHmac("sha256", secret).update("other-token").digest("base64")}`;
    expect(signed2.tokenOf(other)).toBe("other-token");
    expect(signed2.size).toBe(2);
    // The same values under another secret do not hold.
    expect(signedTokens("another secret").tokenOf(signed)).toBeNull();
  });

  it("leaves a session due for refresh to Better Auth, which extends it as before", async () => {
    const now = Date.now();
    // Last refreshed two days ago: due (updateAge is a day), still live for five more days.
    const expiresAt = new Date(now + 5 * DAY * 1000);
    await t.services.database.db.update(session).set({ expiresAt }).where(eq(session.token, rawToken()));
    expect(await find(signed)).toBeUndefined();
    // The app's session cache hears of the change through the database (on PostgreSQL a moment after
    // the commit); from then on the call goes through Better Auth, which refreshes the session.
    await expect
      .poll(
        async () => {
          expect(await profileStatus(signed)).toBe(200);
          return (await row()).expiresAt.getTime();
        },
        { timeout: 2_000, interval: 10 },
      )
      .toBeGreaterThan(now + 6.9 * DAY * 1000);
    const refreshed = await row();
    // Now fresh again, it is read directly.
    expect((await find(signed))?.session.expiresAt.getTime()).toBe(refreshed.expiresAt.getTime());
  });

  it("refuses an expired session through the API", async () => {
    await t.services.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, rawToken()));
    expect(await find(signed)).toBeUndefined();
    await expect.poll(() => profileStatus(signed), { timeout: 2_000, interval: 10 }).toBe(401);
  });

  it("refuses a signed-out session at once", async () => {
    const token = decodeURIComponent(await t.newUser("leaving@example.com"));
    expect(await profileStatus(token)).toBe(200);
    const out = await t.request("/api/auth/sign-out", { method: "POST", token, json: {} });
    expect(out.status).toBe(200);
    expect(await find(token)).toBeUndefined();
    expect(await profileStatus(token)).toBe(401);
  });
});
