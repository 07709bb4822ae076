import { eq } from "drizzle-orm";
import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, twoFactor, user } from "../db/schema";
import { PASSWORD, createTestApp, type TestApp } from "../test/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = "totp@example.com";
let totp: OTPAuth.TOTP;
let backupCodes: string[];

/** When the code that signed in was made for: the step after the one it was used in. */
let spentFor = 0;
/** The code of the step after the current one, which Better Auth's window still takes. */
const nextCode = () => {
  spentFor = Date.now() + 30_000;
  return totp.generate({ timestamp: spentFor });
};

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("TOTP two-factor", () => {
  it("enrols with a QR URI and backup codes, and is on only after a code confirms it", async () => {
    const token = await t.newUser(email);
    const enabled = await t.request("/api/auth/two-factor/enable", {
      method: "POST",
      token,
      json: { password: PASSWORD },
    });
    expect(enabled.status).toBe(200);
    const body = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    expect(body.totpURI).toMatch(/^otpauth:\/\/totp\/Tessera:/);
    expect(body.backupCodes.length).toBe(10);
    totp = OTPAuth.URI.parse(body.totpURI) as OTPAuth.TOTP;
    backupCodes = body.backupCodes;

    const [pending] = await t.services.database.db
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email));
    expect(pending?.on).toBe(false);

    const wrong = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      token,
      json: { code: "000000" },
    });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    const confirmed = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      token,
      json: { code: totp.generate() },
    });
    expect(confirmed.status).toBe(200);
    const [on] = await t.services.database.db
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, email));
    expect(on?.on).toBe(true);
  });

  it("stores the secret and the backup codes encrypted", async () => {
    const [row] = await t.services.database.db
      .select({ secret: twoFactor.secret, backupCodes: twoFactor.backupCodes })
      .from(twoFactor)
      .innerJoin(user, eq(user.id, twoFactor.userId))
      .where(eq(user.email, email));
    expect(row?.secret).not.toContain(totp.secret.base32);
    for (const code of backupCodes) expect(row?.backupCodes).not.toContain(code);
  });

  it("then asks for a code at sign-in; the first token is useless and the code gives a real session", async () => {
    const first = await t.signIn(email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true });
    const dead = first.headers.get("set-auth-token");
    if (dead) expect((await t.request("/api/profile", { token: dead })).status).toBe(401);

    const withoutCookie = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      json: { code: totp.generate() },
    });
    expect(withoutCookie.status).toBe(401);

    // The code that switched two-factor on was spent; the next step's code is still inside the window.
    const verified = await t.request("/api/auth/two-factor/verify-totp", {
      method: "POST",
      headers: { cookie: cookieOf(first) },
      json: { code: nextCode() },
    });
    expect(verified.status).toBe(200);
    const token = verified.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    expect((await t.request("/api/profile", { token: token! })).status).toBe(200);
  });

  it("accepts a code once: the same code again, or an older one, signs nobody in", async () => {
    const sessions = async () =>
      (
        await t.services.database.db
          .select({ id: session.id })
          .from(session)
          .innerJoin(user, eq(user.id, session.userId))
          .where(eq(user.email, email))
      ).length;
    const before = await sessions();
    // The very code that signed in, and the one of the step before it: whenever this runs (the clock
    // may have moved into another step since), neither is newer than what was spent.
    for (const code of [
      totp.generate({ timestamp: spentFor }),
      totp.generate({ timestamp: spentFor - 30_000 }),
    ]) {
      const challenge = await t.signIn(email);
      const replayed = await t.request("/api/auth/two-factor/verify-totp", {
        method: "POST",
        headers: { cookie: cookieOf(challenge) },
        json: { code },
      });
      expect(replayed.status).toBe(401);
      expect(await replayed.json()).toMatchObject({ error: { code: "INVALID_CODE" } });
      expect(replayed.headers.get("set-auth-token")).toBeNull();
    }
    expect(await sessions()).toBe(before);
  });

  it("accepts a backup code once", async () => {
    const code = backupCodes[0]!;
    const useCode = async () => {
      const first = await t.signIn(email);
      return t.request("/api/auth/two-factor/verify-backup-code", {
        method: "POST",
        headers: { cookie: cookieOf(first) },
        json: { code },
      });
    };
    const ok = await useCode();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("set-auth-token")).toBeTruthy();
    expect((await useCode()).status).toBeGreaterThanOrEqual(400);
  });
});
