// Sign-in abuse and the life of credentials: guessing limited per account and per client (IPv6 by
// /64, forwarded headers only from the configured proxy), reset and verification links spent once
// and expiring, sessions ended by a password change, by signing out everywhere and by an admin's
// reset, and a removed team member shut out at once. Brute force runs over a real socket, because
// the client address is what the per-client limit keys on.
import { request as httpRequest } from "node:http";
import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { session as sessionTable, user, verification } from "../db/schema";
import { ORIGIN, PASSWORD, createTestApp, type TestApp } from "../test/test-app";
import { limitKeyOf } from "./client-ip";
import { slowdownFor } from "./sign-in-guard";

const apps: TestApp[] = [];

async function app(env: Record<string, string> = {}) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}

afterAll(() => Promise.all(apps.map((t) => t.close())));

const signInAt = (base: string, email: string, password: string, headers: Record<string, string> = {}) =>
  fetch(`${base}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    body: JSON.stringify({ email, password }),
  });

/** A sign-in over a connection from `localAddress` (the limits of other apps in this file share 127.0.0.1). */
const signInFrom = (localAddress: string, base: string, email: string, headers: Record<string, string>) =>
  new Promise<number>((resolve, reject) => {
    const req = httpRequest(`${base}/api/auth/sign-in/email`, {
      method: "POST",
      localAddress,
      agent: false,
      headers: { "content-type": "application/json", origin: ORIGIN, ...headers },
    });
    req.on("response", (res) => {
      res.resume();
      resolve(res.statusCode!);
    });
    req.on("error", reject);
    req.end(JSON.stringify({ email, password: "Spring2024!" }));
  });

const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;

describe("the address a limit counts", () => {
  it("is an IPv4 address as is, an IPv6 address as its /64, and nothing for what is not an address", () => {
    expect(limitKeyOf("198.51.100.7")).toBe("198.51.100.7");
    expect(limitKeyOf(" 198.51.100.7:54321 ")).toBe("198.51.100.7");
    expect(limitKeyOf("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(limitKeyOf("::ffff:c633:6407")).toBe("198.51.100.7");
    const one = limitKeyOf("2001:db8:aa:1::1");
    expect(one).toBe("2001:db8:aa:1::");
    for (const sibling of [
      "2001:0DB8:00AA:0001:ffff:ffff:ffff:ffff",
      "[2001:db8:aa:1:1234:5678:9abc:def0]:443",
      "2001:db8:aa:1:0:0:1.2.3.4",
      "2001:db8:aa:1::7%eth0",
    ])
      expect(limitKeyOf(sibling), sibling).toBe(one);
    expect(limitKeyOf("2001:db8:aa:2::1")).toBe("2001:db8:aa:2::");
    expect(limitKeyOf("::1")).toBe("0:0:0:0::");
    for (const junk of ["", "unknown", "203.0.113.300", "2001:db8::1::2", "<script>", "1.2.3.4, 5.6.7.8"])
      expect(limitKeyOf(junk), junk).toBeNull();
  });
});

describe("password guessing at one account", () => {
  let proxied: TestApp;
  let base: string;
  beforeAll(async () => {
    proxied = await app({ RATE_LIMIT_SIGN_IN_ACCOUNT: "4", TRUSTED_PROXY_HEADER: "X-Real-IP" });
    await proxied.newUser("target@example.com");
    await proxied.newUser("bystander@example.com");
    base = await proxied.listen();
  });

  it("locks the account and address pair, never the account: its owner signs in from another address", async () => {
    const from = (n: number) => ({ "x-real-ip": `203.0.113.${n}` });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await signInAt(base, "Target@Example.com", `guess-${i}-wrong`, from(1))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // From that address even the right password is refused, so the lock tells nothing.
    const locked = await signInAt(base, "target@example.com", PASSWORD, from(1));
    expect(locked.status).toBe(429);
    const error = await errorOf(locked);
    expect(error.code).toBe("RATE_LIMITED");
    expect(error.message).toMatch(
      /^Too many sign-in attempts for this account from your network\. Try again in 1[0-5] min, or reset your password\.$/,
    );
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(800);
    // Ten more guesses at once from ten other addresses, as a farm would send them, lock nobody out.
    const farm = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signInAt(base, "target@example.com", "Spring2024!", from(i + 2))),
    );
    expect(farm.map((r) => r.status)).toEqual(Array(10).fill(401));
    // The owner, from an address of their own, gets in: slowed by the guesses at the account, not refused.
    const started = Date.now();
    const owner = await signInAt(base, "target@example.com", PASSWORD, from(99));
    expect(owner.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(slowdownFor(15));
  });

  it("is lifted by a right password, so only guesses since then count", async () => {
    const at = { "x-real-ip": "203.0.114.1" };
    for (let i = 0; i < 3; i++)
      expect((await signInAt(base, "bystander@example.com", "nope-nope", at)).status).toBe(401);
    expect((await signInAt(base, "bystander@example.com", PASSWORD, at)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signInAt(base, "bystander@example.com", "nope-nope", at)).status).toBe(401);
    expect((await signInAt(base, "bystander@example.com", "nope-nope", at)).status).toBe(429);
  });

  it("is lifted by a completed password reset, from the locked address too", async () => {
    await proxied.newUser("resets@example.com");
    const at = { "x-real-ip": "203.0.115.1" };
    for (let i = 0; i < 5; i++) await signInAt(base, "resets@example.com", "nope-nope", at);
    expect((await signInAt(base, "resets@example.com", PASSWORD, at)).status).toBe(429);
    await proxied.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email: "resets@example.com", redirectTo: "/auth/reset-password" },
    });
    const token = new URL((await proxied.latestMail("resets@example.com", "reset-password"))!.link!).pathname
      .split("/")
      .at(-1)!;
    const reset = await proxied.request("/api/auth/reset-password", {
      method: "POST",
      json: { token, newPassword: "a fresh long secret" },
    });
    expect(reset.status).toBe(200);
    expect((await signInAt(base, "resets@example.com", "a fresh long secret", at)).status).toBe(200);
  });
});

describe("password guessing from one client", () => {
  let base: string;
  beforeAll(async () => {
    const proxied = await app({ RATE_LIMIT_SIGN_IN: "3", TRUSTED_PROXY_HEADER: "X-Real-IP" });
    base = await proxied.listen();
  });

  it("is limited per address across many accounts", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await signInAt(base, `spray${i}@example.com`, "Summer2024!", { "x-real-ip": "198.51.100.20" }))
          .status,
      );
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(
      (await signInAt(base, "spray9@example.com", "Summer2024!", { "x-real-ip": "198.51.100.21" })).status,
    ).toBe(401);
  });

  it("from addresses rotated within one IPv6 /64 counts as one client; another /64 is another", async () => {
    const statuses: number[] = [];
    const inside = [
      "2001:db8:77:1::1",
      "2001:db8:77:1::2",
      "2001:db8:77:1:aaaa::9",
      "2001:db8:77:1:ffff:ffff:ffff:fffe",
    ];
    for (const [i, address] of inside.entries())
      statuses.push(
        (await signInAt(base, `rotate${i}@example.com`, "Winter2024!", { "x-real-ip": address })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
    const elsewhere = await signInAt(base, "rotate9@example.com", "Winter2024!", {
      "x-real-ip": "2001:db8:77:2::1",
    });
    expect(elsewhere.status).toBe(401);
  });

  it("keys on the hop the trusted proxy appended, not on what the client wrote before it", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push(
        (
          await signInAt(base, `chain${i}@example.com`, "Autumn2024!", {
            "x-real-ip": `192.0.2.${i + 1}, 198.51.100.40`,
            "x-forwarded-for": `192.0.2.${i + 100}`,
          })
        ).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it("ignores every forwarding header when no proxy is trusted: the socket decides", async () => {
    const direct = await app({ RATE_LIMIT_SIGN_IN: "3" });
    const directBase = await direct.listen();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        await signInFrom("127.0.0.9", directBase, `spoof${i}@example.com`, {
          "x-forwarded-for": `203.0.113.${i}`,
          "x-real-ip": `198.51.100.${i}`,
          "cf-connecting-ip": `192.0.2.${i}`,
          "true-client-ip": `2001:db8:${i}::1`,
          forwarded: `for=192.0.2.${i + 50}`,
          "x-tessera-client-ip": `198.51.100.${i + 50}`,
        }),
      );
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Another client (another socket address) is not limited by them.
    expect(await signInFrom("127.0.0.10", directBase, "spoof9@example.com", {})).toBe(401);
  });
});

describe("reset and verification links", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await app();
  });

  async function resetLink(email: string): Promise<string> {
    const asked = await t.request("/api/auth/request-password-reset", {
      method: "POST",
      json: { email, redirectTo: "/auth/reset-password" },
    });
    expect(asked.status).toBe(200);
    const link = new URL((await t.latestMail(email, "reset-password"))!.link!);
    return link.pathname.split("/").at(-1)!;
  }
  const reset = (token: string, newPassword: string) =>
    t.request("/api/auth/reset-password", { method: "POST", json: { token, newPassword } });

  it("a reset link works once; the second use is refused", async () => {
    await t.newUser("once@example.com");
    const token = await resetLink("once@example.com");
    expect((await reset(token, "the first new secret")).status).toBe(200);
    const again = await reset(token, "the second new secret");
    expect(again.status).toBe(400);
    expect((await errorOf(again)).code).toBe("INVALID_TOKEN");
    expect((await t.signIn("once@example.com", "the first new secret")).status).toBe(200);
    expect((await t.signIn("once@example.com", "the second new secret")).status).toBe(401);
  });

  it("an expired reset link is refused, by the form and by the mail's landing address", async () => {
    await t.newUser("late@example.com");
    const token = await resetLink("late@example.com");
    await t.services.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const landed = await t.request(`/api/auth/reset-password/${token}?callbackURL=%2Fauth%2Freset-password`);
    expect(landed.status).toBe(302);
    expect(new URL(landed.headers.get("location")!, ORIGIN).searchParams.get("error")).toBe("INVALID_TOKEN");
    const res = await reset(token, "too late a secret");
    expect(res.status).toBe(400);
    expect((await t.signIn("late@example.com")).status).toBe(200);
  });

  it("spending one reset link voids the others still in the mailbox, and so does a password change", async () => {
    await t.newUser("twice@example.com");
    const first = await resetLink("twice@example.com");
    const second = await resetLink("twice@example.com");
    expect(first).not.toBe(second);
    expect((await reset(second, "the chosen secret")).status).toBe(200);
    expect((await reset(first, "an attacker's secret")).status).toBe(400);
    const signedIn = await t.signIn("twice@example.com", "the chosen secret");
    expect(signedIn.status).toBe(200);
    const token = signedIn.headers.get("set-auth-token")!;
    const pending = await resetLink("twice@example.com");
    const changed = await t.request("/api/auth/change-password", {
      method: "POST",
      token,
      json: { currentPassword: "the chosen secret", newPassword: "changed in settings" },
    });
    expect(changed.status).toBe(200);
    expect((await reset(pending, "an attacker's secret")).status).toBe(400);
    const rows = await t.services.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, "reset-password:%"));
    expect(rows.filter((r) => [first, second, pending].some((k) => r.identifier.endsWith(k)))).toEqual([]);
  });

  it("a verification link signs in once; followed again it creates no session", async () => {
    expect((await t.signUp("verify-once@example.com")).status).toBe(200);
    const first = await t.verify("verify-once@example.com");
    expect(first.status).toBe(302);
    expect(first.headers.get("set-cookie") ?? "").toContain("session_token=");
    const [{ id }] = (await t.services.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "verify-once@example.com"))) as [{ id: string }];
    const sessions = async () =>
      (await t.services.database.db.select().from(sessionTable).where(eq(sessionTable.userId, id))).length;
    const before = await sessions();
    const again = await t.verify("verify-once@example.com");
    expect(again.status).toBe(302);
    expect(again.headers.get("set-cookie") ?? "").not.toContain("session_token=");
    expect(await sessions()).toBe(before);
  });

  it("a verification link older than a day is refused and verifies nothing", async () => {
    expect((await t.signUp("verify-late@example.com")).status).toBe(200);
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 25 * 60 * 60 * 1000);
      const late = await t.verify("verify-late@example.com");
      expect(late.status).toBe(302);
      expect(new URL(late.headers.get("location")!, ORIGIN).searchParams.get("error")).toBe("TOKEN_EXPIRED");
      expect(late.headers.get("set-cookie") ?? "").not.toContain("session_token=");
    } finally {
      vi.useRealTimers();
    }
    const [row] = await t.services.database.db
      .select({ emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.email, "verify-late@example.com"));
    expect(row?.emailVerified).toBe(false);
  });
});

describe("sessions and other credentials", () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await app();
    admin = await t.newUser("instance-admin@example.com"); // the first account is the instance admin
  });
  const profile = (token: string) => t.request("/api/profile", { token });
  const devices = async (email: string, n: number) => {
    const tokens = [await t.newUser(email)];
    for (let i = 1; i < n; i++) tokens.push((await t.signIn(email)).headers.get("set-auth-token")!);
    return tokens;
  };

  for (const revokeOtherSessions of [undefined, false, true]) {
    it(`a password change (revokeOtherSessions: ${String(revokeOtherSessions)}) ends every old session; the caller goes on with the new token`, async () => {
      const email = `change-${String(revokeOtherSessions)}@example.com`;
      const [laptop, phone, tablet] = await devices(email, 3);
      const bystander = await t.newUser(`near-${String(revokeOtherSessions)}@example.com`);
      for (const token of [laptop!, phone!, tablet!]) expect((await profile(token)).status).toBe(200);

      const res = await t.request("/api/auth/change-password", {
        method: "POST",
        token: laptop,
        json: {
          currentPassword: PASSWORD,
          newPassword: "a changed password",
          ...(revokeOtherSessions === undefined ? {} : { revokeOtherSessions }),
        },
      });
      expect(res.status).toBe(200);
      const fresh = ((await res.json()) as { token: string | null }).token;
      expect(fresh).toBeTruthy();
      expect(res.headers.get("set-auth-token")?.startsWith(`${fresh}.`)).toBe(true);
      for (const token of [laptop!, phone!, tablet!]) expect((await profile(token)).status).toBe(401);
      expect((await profile(fresh!)).status).toBe(200);
      expect((await profile(bystander)).status).toBe(200);
    });
  }

  it("a wrong current password changes nothing and ends nothing", async () => {
    const [laptop, phone] = await devices("wrong-current@example.com", 2);
    const res = await t.request("/api/auth/change-password", {
      method: "POST",
      token: laptop,
      json: { currentPassword: "not my password", newPassword: "a changed password" },
    });
    expect(res.status).toBe(400);
    for (const token of [laptop!, phone!]) expect((await profile(token)).status).toBe(200);
  });

  it("signing out everywhere ends every session, by sign-out and by revoke-sessions", async () => {
    const [a1, a2] = await devices("everywhere-a@example.com", 2);
    expect((await t.request("/api/auth/sign-out", { method: "POST", token: a1, json: {} })).status).toBe(200);
    for (const token of [a1!, a2!]) expect((await profile(token)).status).toBe(401);

    const [b1, b2, b3] = await devices("everywhere-b@example.com", 3);
    expect(
      (await t.request("/api/auth/revoke-sessions", { method: "POST", token: b2, json: {} })).status,
    ).toBe(200);
    for (const token of [b1!, b2!, b3!]) expect((await profile(token)).status).toBe(401);
  });

  it("an admin setting someone's password ends that person's sessions", async () => {
    const [victim] = await devices("compromised@example.com", 1);
    const [{ id }] = (await t.services.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "compromised@example.com"))) as [{ id: string }];
    const res = await t.request("/api/auth/admin/set-user-password", {
      method: "POST",
      token: admin,
      json: { userId: id, newPassword: "set by the administrator" },
    });
    expect(res.status).toBe(200);
    expect((await profile(victim!)).status).toBe(401);
    expect((await profile(admin)).status).toBe(200);
    expect((await t.signIn("compromised@example.com", "set by the administrator")).status).toBe(200);
  });

  it("a JWT from /api/auth/token is not an API credential, and a dead session cannot mint one", async () => {
    const token = await t.newUser("jwt-holder@example.com");
    const minted = await t.request("/api/auth/token", { token });
    expect(minted.status, await minted.clone().text()).toBe(200);
    const { token: jwt } = (await minted.json()) as { token: string };
    expect(jwt.split(".")).toHaveLength(3);
    expect((await profile(jwt)).status).toBe(401);
    expect((await t.request("/api/conversations", { token: jwt })).status).toBe(401);

    const changed = await t.request("/api/auth/change-password", {
      method: "POST",
      token,
      json: { currentPassword: PASSWORD, newPassword: "after the jwt was minted" },
    });
    expect(changed.status).toBe(200);
    expect((await t.request("/api/auth/token", { token })).status).toBe(401);
    expect((await profile(jwt)).status).toBe(401);
  });
});

describe("removal from a team", () => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  let teamId = "";
  let memberId = "";
  beforeAll(async () => {
    t = await app();
    for (const who of ["owner", "member"]) tok[who] = await t.newUser(`team-${who}@example.com`);
    await t.setPlan("team-owner@example.com", "team");
    const created = await t.request("/api/teams", {
      method: "POST",
      token: tok.owner,
      json: { name: "Harbour" },
    });
    teamId = ((await created.json()) as { id: string }).id;
    const invited = await t.request(`/api/teams/${teamId}/invitations`, {
      method: "POST",
      token: tok.owner,
      json: { email: "team-member@example.com", role: "member" },
    });
    expect(invited.status).toBe(201);
    const invitationId = ((await invited.json()) as { id: string }).id;
    const accepted = await t.request(`/api/teams/invitations/${invitationId}/accept`, {
      method: "POST",
      token: tok.member,
    });
    expect(accepted.status).toBe(200);
    memberId = (
      await t.services.database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, "team-member@example.com"))
    )[0]!.id;
  });

  it("shuts the member out of the team at once, on the same session", async () => {
    const member = tok.member!;
    const teamAccess = async () =>
      (
        (await (await t.request("/api/check-team-access", { method: "POST", token: member })).json()) as {
          team_access: { team_id: string }[];
        }
      ).team_access.map((a) => a.team_id);
    expect((await t.request(`/api/teams/${teamId}`, { token: member })).status).toBe(200);
    expect(await teamAccess()).toEqual([teamId]);

    const removed = await t.request(`/api/teams/${teamId}/members/${memberId}`, {
      method: "DELETE",
      token: tok.owner,
    });
    expect(removed.status).toBe(204);

    expect((await t.request(`/api/teams/${teamId}`, { token: member })).status).toBe(404);
    expect(
      (
        await t.request(`/api/teams/${teamId}`, {
          method: "PATCH",
          token: member,
          json: { name: "Mine now" },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.request(`/api/teams/${teamId}/invitations`, {
          method: "POST",
          token: member,
          json: { email: "friend@example.com", role: "admin" },
        })
      ).status,
    ).toBe(404);
    expect((await t.request(`/api/teams/${teamId}/leave`, { method: "POST", token: member })).status).toBe(
      404,
    );
    expect(
      ((await (await t.request("/api/teams/mine", { token: member })).json()) as { team: unknown }).team,
    ).toBeNull();
    expect(await teamAccess()).toEqual([]);
    // Better Auth's own organization routes are closed to everyone, so they are no way back in.
    expect(
      (
        await t.request(`/api/auth/organization/get-full-organization?organizationId=${teamId}`, {
          token: member,
        })
      ).status,
    ).toBe(404);
    // The owner's team is untouched by the attempts.
    const team = (await (await t.request(`/api/teams/${teamId}`, { token: tok.owner })).json()) as {
      company: { name: string };
      members: { email: string }[];
    };
    expect(team.company.name).toBe("Harbour");
    expect(team.members.map((m) => m.email)).toEqual(["team-owner@example.com"]);
  });
});
