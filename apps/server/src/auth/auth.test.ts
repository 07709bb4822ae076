import { eq } from "drizzle-orm";
import { createLocalJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, user } from "../db/schema";
import { ORIGIN, createTestApp, type TestApp } from "../test/test-app";
import { SIGN_IN_FAILED } from "./auth-routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const json = async <T>(res: Response) => (await res.json()) as T;

describe("sign-up and email verification", () => {
  it("keeps the verification mail in the outbox, refuses sign-in until verified, and verifying signs in on the site root", async () => {
    const res = await t.signUp("ada@example.com", { name: "Ada Lovelace" });
    expect(res.status).toBe(200);
    const mail = await t.latestMail("ada@example.com", "verify-email");
    expect(mail?.status).toBe("outbox");
    expect(mail?.link).toMatch(new RegExp(`^${ORIGIN}/api/auth/verify-email\\?token=.+callbackURL=%2F$`));

    // Refused as a wrong password is, so the answer says nothing of the account or its password.
    const early = await t.signIn("ada@example.com");
    expect(early.status).toBe(401);
    expect(await json<{ error: { code: string; message: string } }>(early)).toMatchObject({
      error: { code: "INVALID_EMAIL_OR_PASSWORD", message: SIGN_IN_FAILED },
    });

    const verified = await t.verify("ada@example.com");
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    const cookie = verified.headers.get("set-cookie") ?? "";
    expect(cookie).toContain("session_token=");

    // The cookie session can be adopted: get-session hands over the token, which works as a bearer.
    const session = await json<{ session: { token: string }; user: { emailVerified: boolean } }>(
      await t.request("/api/auth/get-session", { headers: { cookie: cookie.split(";")[0]! } }),
    );
    expect(session.user.emailVerified).toBe(true);
    const profile = await t.request("/api/profile", { token: session.session.token });
    expect(profile.status).toBe(200);
    expect(await profile.json()).toMatchObject({ email: "ada@example.com", fullName: "Ada Lovelace" });
  });

  it("tells a page opened at another address than PUBLIC_URL which address to open", async () => {
    // A browser that has been here before sends a cookie, which is when Better Auth checks the origin.
    const res = await t.request("/api/auth/sign-up/email", {
      method: "POST",
      headers: { origin: "http://127.0.0.1:3000", cookie: "theme=dark" },
      json: { email: "elsewhere@example.com", password: "correct horse battery", name: "Else" },
    });
    expect(res.status).toBe(403);
    expect(await json<{ error: { code: string; message: string } }>(res)).toMatchObject({
      error: {
        code: "INVALID_ORIGIN",
        message:
          `Tessera is set up to be opened at ${ORIGIN}. This page was opened at http://127.0.0.1:3000. ` +
          `Open ${ORIGIN} and try again, or ask whoever runs Tessera to set it up for the address you use.`,
      },
    });
    // Nothing was created: the right address still signs the same person up.
    expect((await t.signUp("elsewhere@example.com")).status).toBe(200);
    // Sign-in says so too: only a password's refusal is made to look like any other.
    const signIn = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { origin: "http://127.0.0.1:3000", cookie: "theme=dark" },
      json: { email: "elsewhere@example.com", password: "correct horse battery" },
    });
    expect(signIn.status).toBe(403);
    expect(await json<{ error: { code: string } }>(signIn)).toMatchObject({
      error: { code: "INVALID_ORIGIN" },
    });
  });

  it("makes the first account the instance admin and nobody after it", async () => {
    await t.newUser("second@example.com");
    const rows = await t.services.database.db.select({ email: user.email, role: user.role }).from(user);
    const roles = Object.fromEntries(rows.map((r) => [r.email, r.role]));
    expect(roles["ada@example.com"]).toBe("admin");
    expect(roles["second@example.com"]).toBe("user");
  });

  it("creates the profile row from the sign-up name", async () => {
    const [row] = await t.services.database.db
      .select({ fullName: profiles.fullName })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId))
      .where(eq(user.email, "ada@example.com"));
    expect(row?.fullName).toBe("Ada Lovelace");
  });

  it("rejects a bad email and a short password, and a taken address gains nothing", async () => {
    expect((await t.signUp("not-an-email")).status).toBe(400);
    const short = await t.signUp("short@example.com", { password: "1234" });
    expect(short.status).toBe(400);
    expect(await json<{ error: { message: string } }>(short)).toMatchObject({
      error: { message: expect.stringMatching(/short/i) as string },
    });
    // A taken address answers like a new one (no account discovery) and changes nothing.
    const taken = await t.signUp("ada@example.com", { password: "an attacker's password" });
    expect(taken.status).toBe(200);
    expect((await t.signIn("ada@example.com", "an attacker's password")).status).toBe(401);
    expect((await t.signIn("ada@example.com")).status).toBe(200);
  });
});

describe("resend verification", () => {
  it("sends at most one mail a minute per address", async () => {
    await t.signUp("resend@example.com");
    const resend = (email: string) =>
      t.request("/api/auth/send-verification-email", { method: "POST", json: { email, callbackURL: "/" } });
    expect((await resend("resend@example.com")).status).toBe(200);
    const again = await resend("RESEND@example.com");
    expect(again.status).toBe(429);
    expect(again.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await json<{ error: { code: string } }>(again)).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await resend("other-resend@example.com")).status).toBe(200);
  });
});

describe("sessions", () => {
  it("gives a bearer token on sign-in that works for /api calls, and a wrong password is 401", async () => {
    const wrong = await t.signIn("ada@example.com", "wrong password!");
    expect(wrong.status).toBe(401);
    expect(await json<{ error: { code: string; message: string } }>(wrong)).toMatchObject({
      error: { code: "INVALID_EMAIL_OR_PASSWORD" },
    });
    const ok = await t.signIn("ada@example.com");
    const token = ok.headers.get("set-auth-token");
    expect(token).toBeTruthy();
    expect((await t.request("/api/profile", { token: token! })).status).toBe(200);
  });

  it("signs out every session of the user, on every device", async () => {
    const email = "devices@example.com";
    const laptop = await t.newUser(email);
    const phone = (await t.signIn(email)).headers.get("set-auth-token")!;
    const other = await t.newUser("bystander@example.com");
    expect((await t.request("/api/profile", { token: phone })).status).toBe(200);

    const out = await t.request("/api/auth/sign-out", { method: "POST", token: laptop, json: {} });
    expect(out.status).toBe(200);
    expect((await t.request("/api/profile", { token: laptop })).status).toBe(401);
    expect((await t.request("/api/profile", { token: phone })).status).toBe(401);
    expect((await t.request("/api/profile", { token: other })).status).toBe(200);
  });

  it("signs nobody out from a link or a form on another page: only a sign-out Better Auth accepts counts", async () => {
    const email = "cross-site@example.com";
    await t.signUp(email);
    const verified = await t.verify(email);
    const cookie = verified.headers.get("set-cookie")!.split(";")[0]!;
    const phone = (await t.signIn(email)).headers.get("set-auth-token")!;
    const attempts = [
      // location = ".../api/auth/sign-out" from anywhere: a GET with the cookie.
      t.request("/api/auth/sign-out", { headers: { cookie, origin: "" } }),
      // A form posted from another site: the cookie, another origin, a form body.
      t.request("/api/auth/sign-out", {
        method: "POST",
        headers: {
          cookie,
          origin: "http://elsewhere.example",
          "content-type": "application/x-www-form-urlencoded",
        },
        body: "",
      }),
      t.request("/api/auth/sign-out", {
        method: "POST",
        headers: { cookie, origin: "http://elsewhere.example" },
        json: {},
      }),
      t.request("/api/auth/revoke-sessions", {
        method: "POST",
        headers: { cookie, origin: "http://elsewhere.example" },
        json: {},
      }),
    ];
    for (const res of await Promise.all(attempts)) expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await t.request("/api/profile", { token: phone })).status).toBe(200);
    expect((await t.request("/api/auth/get-session", { headers: { cookie } })).status).toBe(200);
    expect(await (await t.request("/api/auth/get-session", { headers: { cookie } })).json()).not.toBeNull();
  });

  it("issues JWTs that verify against the keys at /.well-known/jwks.json", async () => {
    const token = await t.newUser("jwt@example.com");
    const { token: jwt } = await json<{ token: string }>(await t.request("/api/auth/token", { token }));
    const jwks = await json<{ keys: object[] }>(await t.request("/.well-known/jwks.json"));
    expect(jwks.keys.length).toBeGreaterThan(0);
    const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks));
    expect(payload.email).toBe("jwt@example.com");
    const forged = jwt.slice(0, -4) + (jwt.endsWith("AAAA") ? "BBBB" : "AAAA");
    await expect(jwtVerify(forged, createLocalJWKSet(jwks))).rejects.toThrow();
  });

  it("mints a JWT only at /api/auth/token, not on every session read", async () => {
    const token = await t.newUser("no-jwt-header@example.com");
    const session = await t.request("/api/auth/get-session", { token });
    expect(session.status).toBe(200);
    expect(((await session.json()) as { user: { email: string } }).user.email).toBe(
      "no-jwt-header@example.com",
    );
    expect(session.headers.get("set-auth-jwt")).toBeNull();
  });
});

describe("password reset", () => {
  it("mails a link that leads to a new password and ends the old sessions", async () => {
    const email = "forgetful@example.com";
    const before = await t.newUser(email);
    const asked = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/auth/reset-password" },
    });
    expect(asked.status).toBe(200);
    const mail = await t.latestMail(email, "reset-password");
    const link = new URL(mail!.link!);
    const landed = await t.request(link.pathname + link.search);
    expect(landed.status).toBe(302);
    const location = new URL(landed.headers.get("location")!, ORIGIN);
    expect(location.pathname).toBe("/auth/reset-password");
    const token = location.searchParams.get("token");
    expect(token).toBeTruthy();

    const reset = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "a brand new secret" },
    });
    expect(reset.status).toBe(200);
    expect((await t.signIn(email)).status).toBe(401);
    expect((await t.signIn(email, "a brand new secret")).status).toBe(200);
    expect((await t.request("/api/profile", { token: before })).status).toBe(401);

    const reused = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "yet another secret" },
    });
    expect(reused.status).toBe(400);
  });

  it("answers the same for an unknown address, so it cannot be used to find accounts", async () => {
    const res = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "nobody@example.com", redirectTo: "/auth/reset-password" },
    });
    expect(res.status).toBe(200);
    expect(await t.latestMail("nobody@example.com")).toBeUndefined();
  });
});
