// Whoever controls the inbox owns the account: an unverified sign-up is replaced by the next one for
// that address, a confirmation link signs in only in the browser that chose the password, and the
// answers to sign-up and sign-in tell nobody which addresses have accounts.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mailOutbox, user } from "../db/schema";
import { ORIGIN, PASSWORD, createTestApp, type TestApp } from "../test/test-app";
import { SIGN_IN_FAILED } from "./auth-routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ATTACKER_PASSWORD = "the attacker's own password";

const signUpAs = (email: string, password: string, cookie?: string) =>
  t.request("/api/auth/sign-up/email", {
    method: "POST",
    headers: cookie ? { cookie } : {},
    json: { email, password, name: "Someone", callbackURL: "/" },
  });
const cookieOf = (res: Response) => res.headers.get("set-cookie")!.split(";")[0]!;
const linkOf = async (email: string) => {
  const link = new URL((await t.latestMail(email, "verify-email"))!.link!);
  return link.pathname + link.search;
};
const open = (path: string, cookie?: string) => t.request(path, cookie ? { headers: { cookie } } : {});
const sessionCookie = (res: Response) =>
  res.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));

describe("registering someone's address first", () => {
  it("gains nothing: the owner's sign-up replaces the account, the owner's link signs the owner in", async () => {
    const victim = "victim@example.com";
    // 1. The attacker signs up with the victim's address and never verifies.
    const attacker = await signUpAs(victim, ATTACKER_PASSWORD);
    expect(attacker.status).toBe(200);
    const attackersLink = await linkOf(victim);
    // 2. The victim's own sign-up is a real one: a fresh account, and a mail.
    const owner = await signUpAs(victim, PASSWORD);
    expect(owner.status).toBe(200);
    const ownersBrowser = cookieOf(owner);
    expect(await t.latestMail(victim, "verify-email")).toBeDefined();
    // 3. "Resend verification", then the link, in the victim's browser: the victim's account.
    const resend = await t.request("/api/auth/send-verification-email", {
      method: "POST",
      json: { email: victim, callbackURL: "/" },
    });
    expect(resend.status).toBe(200);
    const verified = await open(await linkOf(victim), ownersBrowser);
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/");
    expect(sessionCookie(verified)).toBeDefined();
    // 4. The victim's password works; the attacker's does not, and the attacker's link is dead.
    expect((await t.signIn(victim, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await t.signIn(victim, PASSWORD)).status).toBe(200);
    const stale = await open(attackersLink);
    expect(new URL(stale.headers.get("location")!, ORIGIN).searchParams.get("error")).toBe("INVALID_TOKEN");
    expect(sessionCookie(stale)).toBeUndefined();
  });

  it("gains nothing the other way round: the link, away from the sign-up's browser, asks for the password", async () => {
    const victim = "second-victim@example.com";
    const victims = await signUpAs(victim, PASSWORD);
    // The attacker signs up last, so theirs is the account the victim's mail now confirms.
    await signUpAs(victim, ATTACKER_PASSWORD);
    const opened = await open(await linkOf(victim), cookieOf(victims));
    expect(opened.status).toBe(302);
    expect(sessionCookie(opened)).toBeUndefined();
    const step = new URL(opened.headers.get("location")!, ORIGIN);
    expect(step.pathname).toBe("/auth/reset-password");
    expect(step.searchParams.get("confirm")).toBe("1");
    // Still unconfirmed: the attacker's password opens nothing.
    expect((await t.signIn(victim, ATTACKER_PASSWORD)).status).toBe(401);
    // The password chosen in that step is the account's, and choosing it confirms the address.
    const chosen = await t.request("/api/auth/reset-password", {
      method: "POST",
      json: { token: step.searchParams.get("token"), newPassword: "chosen from the inbox" },
    });
    expect(chosen.status).toBe(200);
    const [row] = await t.services.database.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, victim));
    expect(row?.emailVerified).toBe(true);
    expect((await t.signIn(victim, ATTACKER_PASSWORD)).status).toBe(401);
    expect((await t.signIn(victim, "chosen from the inbox")).status).toBe(200);
  });

  it("keeps the instance-admin seat with whoever proves the inbox", async () => {
    const fresh = await createTestApp();
    try {
      await fresh.signUp("owner@example.com", { password: ATTACKER_PASSWORD });
      await fresh.newUser("owner@example.com");
      const [row] = await fresh.services.database.db
        .select({ role: user.role })
        .from(user)
        .where(eq(user.email, "owner@example.com"));
      expect(row?.role).toBe("admin");
    } finally {
      await fresh.close();
    }
  });
});

describe("which addresses have accounts", () => {
  const shapeOf = (value: unknown): unknown =>
    value && typeof value === "object"
      ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]))
      : typeof value;
  const headersOf = (res: Response) =>
    [...res.headers.entries()]
      .filter(([k]) => k !== "x-request-id")
      .map(([k, v]) => [k, k === "set-cookie" ? v.replace(/=[^;]+/, "=…") : v]);

  it("sign-up answers a taken address exactly as a new one, key by key, and mails its owner instead", async () => {
    await t.newUser("taken@example.com");
    const taken = await signUpAs("taken@example.com", "some other password");
    const fresh = await signUpAs("nobody-yet@example.com", "some other password");
    expect(taken.status).toBe(fresh.status);
    expect(headersOf(taken)).toEqual(headersOf(fresh));
    const [a, b] = (await Promise.all([taken.json(), fresh.json()])) as [
      { user: Record<string, unknown> },
      { user: Record<string, unknown> },
    ];
    expect(shapeOf(a)).toEqual(shapeOf(b));
    expect(Object.keys(a.user)).toEqual(Object.keys(b.user));
    for (const key of ["emailVerified", "image"]) expect(a.user[key]).toEqual(b.user[key]);
    const mails = await t.services.database.db
      .select({ kind: mailOutbox.kind })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, "taken@example.com"));
    expect(mails.map((m) => m.kind)).toContain("account-exists");
  });

  it("sign-in answers an unconfirmed account the same for the right password and a wrong one", async () => {
    await t.signUp("unconfirmed@example.com");
    const right = await t.signIn("unconfirmed@example.com", PASSWORD);
    const wrong = await t.signIn("unconfirmed@example.com", "not the password");
    const nobody = await t.signIn("no-such-account@example.com", "not the password");
    for (const res of [right, wrong, nobody]) {
      expect(res.status).toBe(401);
      expect(headersOf(res)).toEqual(headersOf(wrong));
      expect(((await res.json()) as { error: object }).error).toMatchObject({
        code: "INVALID_EMAIL_OR_PASSWORD",
        message: SIGN_IN_FAILED,
      });
    }
  });
});
