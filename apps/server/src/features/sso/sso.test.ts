// Company sign-in against a real OpenID provider on loopback (oidc-provider): configured on Admin →
// Sign-in, then the whole authorization-code flow over HTTP, through the provider's own login and
// consent forms. The first sign-in makes the account, the second finds it; a domain not allowed is
// refused with its reason on the sign-in page; the admin claim makes an admin; a verified address
// joins its domain's team; and the client secret is in no answer and no log entry.
import { randomUUID } from "node:crypto";
import type { PublicConfig, SsoSettings } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, member, organization, ssoSettings, teamDomains, user } from "../../db/schema";
import { signInAtProvider, startOidcProvider, type TestOidcProvider } from "../../test/oidc-provider";
import { parseEnv } from "../../env";
import { createTestApp, ORIGIN, type TestApp } from "../../test/test-app";

const json = async <T>(res: Response) => (await res.json()) as T;
const CLIENT_SECRET = "the-provider-gave-this-secret-4f1c";

let t: TestApp;
let idp: TestOidcProvider;
let root: string;
let member1: string;
/** Every line the app logged, at every level. */
const logged: string[] = [];

const ACCOUNTS = {
  ada: {
    email: "ada@acme.test",
    email_verified: true,
    name: "Ada Admin",
    groups: ["staff", "tessera-admins"],
  },
  bob: { email: "Bob@Acme.test", email_verified: true, name: "Bob Builder", groups: ["staff"] },
  una: { email: "una@acme.test", email_verified: false, name: "Una Unverified" },
  eve: { email: "eve@elsewhere.test", email_verified: true, name: "Eve Elsewhere" },
  // Addresses that already have a password account here.
  dan: { email: "dan@acme.test", email_verified: true, name: "Dan Dual" },
  carol: { email: "carol@acme.test", email_verified: false, name: "Carol Claimed" },
};

const configure = (body: Record<string, unknown>, token = root) =>
  t.request("/api/admin/sso", { method: "PUT", token, json: body });

const validConfig = () => ({
  issuer: idp.issuer,
  clientId: idp.clientId,
  clientSecret: CLIENT_SECRET,
  buttonLabel: "Sign in with Acme ID",
  allowedDomains: ["acme.test"],
  joinTeamByDomain: true,
  adminClaim: "groups",
  adminClaimValue: "tessera-admins",
});

/** Sign in as `login` at the provider, as a browser would; where Tessera sends the browser then. */
async function ssoSignIn(login: string, app: TestApp = t, tamper?: (back: URL) => void) {
  const start = await app.request("/api/auth/sign-in/social", {
    method: "POST",
    json: { provider: "sso", callbackURL: "/dashboard/chat", errorCallbackURL: "/auth" },
  });
  expect(start.status).toBe(200);
  const { url } = await json<{ url: string }>(start);
  const stateCookie = start.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const back = new URL(await signInAtProvider(url, login));
  expect(back.origin).toBe(ORIGIN);
  tamper?.(back);
  const res = await app.request(back.pathname + back.search, { headers: { cookie: stateCookie } });
  expect(res.status).toBe(302);
  const location = res.headers.get("location") ?? "";
  const session = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.includes("session_token"));
  return { location, session };
}

async function whoIs(cookie: string | undefined, app: TestApp = t) {
  const res = await app.request("/api/auth/get-session", { headers: { cookie: cookie ?? "" } });
  return (
    await json<{ user: { id: string; email: string; emailVerified: boolean; role: string } } | null>(res)
  )?.user;
}

const accountOf = (email: string) =>
  t.services.database.db.select().from(user).where(eq(user.email, email.toLowerCase()));

beforeAll(async () => {
  // The provider is on loopback, which only OUTBOUND_ALLOW_PRIVATE opens (tests and development).
  t = await createTestApp(
    { OUTBOUND_ALLOW_PRIVATE: "true" },
    { logger: pino({ level: "trace" }, { write: (line: string) => void logged.push(line) }) },
  );
  idp = await startOidcProvider({
    accounts: ACCOUNTS,
    redirectUris: [`${ORIGIN}/api/auth/callback/sso`],
    clientSecret: CLIENT_SECRET,
  });
  root = await t.newUser("root@example.com");
  member1 = await t.newUser("member@example.com");
});
afterAll(async () => {
  await t.close();
  await idp.close();
});

describe("Admin → Sign-in", () => {
  it("is for instance admins only", async () => {
    expect((await t.request("/api/admin/sso", { token: member1 })).status).toBe(404);
    expect((await configure(validConfig(), member1)).status).toBe(404);
    expect((await t.request("/api/admin/sso", { method: "DELETE", token: member1 })).status).toBe(404);
    expect((await t.request("/api/admin/sso")).status).toBe(401);
  });

  it("starts unconfigured, and the sign-in page offers no SSO", async () => {
    const initial = await json<SsoSettings>(await t.request("/api/admin/sso", { token: root }));
    expect(initial).toMatchObject({
      configured: false,
      source: null,
      hasClientSecret: false,
      callbackUrl: `${ORIGIN}/api/auth/callback/sso`,
    });
    expect((await json<PublicConfig>(await t.request("/api/public/config"))).sso).toBeNull();
    const start = await t.request("/api/auth/sign-in/social", {
      method: "POST",
      json: { provider: "sso", callbackURL: "/" },
    });
    expect(start.status).toBe(400);
    expect(await start.text()).toContain("not set up");
  });

  it("refuses bad input and a provider it cannot read, with the reason", async () => {
    const cases: [Record<string, unknown>, string, number][] = [
      [{ ...validConfig(), issuer: "ftp://id.acme.test" }, "http(s) URL", 400],
      [{ ...validConfig(), issuer: "https://id.acme.test/?x=1" }, "without a query", 400],
      [{ ...validConfig(), clientId: "" }, "client id", 400],
      [{ ...validConfig(), allowedDomains: ["not a domain"] }, "Enter domains such as example.com.", 400],
      [{ ...validConfig(), clientSecret: undefined }, "Enter the client secret", 400],
      [{ ...validConfig(), colour: "blue" }, "colour", 400],
      [{ ...validConfig(), issuer: `${idp.issuer}/nowhere` }, "answered 404", 400],
    ];
    for (const [body, reason, status] of cases) {
      const res = await configure(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect((await json<{ error: { message: string } }>(res)).error.message).toContain(reason);
    }
  });

  it("saves a provider: the secret is sealed, never sent back, and the change is audited", async () => {
    const res = await configure(validConfig());
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain(CLIENT_SECRET);
    expect(JSON.parse(text)).toMatchObject({
      configured: true,
      source: "page",
      issuer: idp.issuer,
      hasClientSecret: true,
      buttonLabel: "Sign in with Acme ID",
      allowedDomains: ["acme.test"],
      adminClaim: "groups",
      adminClaimValue: "tessera-admins",
    });
    const [row] = await t.services.database.db.select().from(ssoSettings);
    expect(row?.sealedClientSecret).not.toContain(CLIENT_SECRET);
    // Saving again without a secret keeps the one kept.
    expect((await configure({ ...validConfig(), clientSecret: undefined })).status).toBe(200);
    expect(t.services.sso.live.current()?.clientSecret).toBe(CLIENT_SECRET);

    const config = await json<PublicConfig>(await t.request("/api/public/config"));
    expect(config.sso).toEqual({ label: "Sign in with Acme ID" });
    for (const path of ["/api/admin/sso", "/api/public/config", "/api/admin/audit?action=sso.configured"]) {
      const body = await (await t.request(path, { token: root })).text();
      expect(body, path).not.toContain(CLIENT_SECRET);
    }
    const audit = await json<{ events: { action: string; changes: Record<string, unknown> }[] }>(
      await t.request("/api/admin/audit?action=sso.configured", { token: root }),
    );
    expect(audit.events.length).toBeGreaterThanOrEqual(2);
    expect(audit.events[0]?.changes).toMatchObject({ issuer: idp.issuer, clientId: idp.clientId });
  });
});

describe("signing in with SSO", () => {
  it("creates the account on the first sign-in and finds it on the second", async () => {
    const first = await ssoSignIn("bob");
    expect(first.location).toBe("/dashboard/chat");
    const bob = await whoIs(first.session);
    expect(bob).toMatchObject({ email: "bob@acme.test", emailVerified: true, role: "user" });

    const second = await ssoSignIn("bob");
    expect(second.location).toBe("/dashboard/chat");
    expect((await whoIs(second.session))?.id).toBe(bob?.id);
    expect(await accountOf("bob@acme.test")).toHaveLength(1);
    const linked = await t.services.database.db
      .select()
      .from(account)
      .where(and(eq(account.userId, bob!.id), eq(account.providerId, "sso")));
    expect(linked).toHaveLength(1);
    expect(linked[0]?.accountId).toBe("bob");
  });

  it("makes an admin of whoever the admin claim names", async () => {
    const { location, session } = await ssoSignIn("ada");
    expect(location).toBe("/dashboard/chat");
    const ada = await whoIs(session);
    expect(ada).toMatchObject({ email: "ada@acme.test", role: "admin" });
    // The web adopts the cookie's session as a bearer token, as after any provider sign-in.
    const adopted = await t.request("/api/auth/get-session", { headers: { cookie: session ?? "" } });
    const token =
      adopted.headers.get("set-auth-token") ||
      (await json<{ session: { token: string } }>(adopted)).session.token;
    expect((await t.request("/api/admin/sso", { token })).status).toBe(200);
  });

  it("keeps the provider's word on the address: unverified stays unverified", async () => {
    const { location, session } = await ssoSignIn("una");
    expect(location).toBe("/dashboard/chat");
    expect(await whoIs(session)).toMatchObject({ email: "una@acme.test", emailVerified: false });
  });

  it("refuses an address outside the allowed domains, with the reason, and makes no account", async () => {
    const { location, session } = await ssoSignIn("eve");
    expect(session).toBeUndefined();
    const to = new URL(location, ORIGIN);
    expect(to.pathname).toBe("/auth");
    expect(to.searchParams.get("error")).toBe("sso_domain_not_allowed");
    expect(await accountOf("eve@elsewhere.test")).toHaveLength(0);
  });

  it("refuses a callback that names another issuer, or carries a code that was not issued", async () => {
    const mixedUp = await ssoSignIn("bob", t, (back) => {
      expect(back.searchParams.get("iss")).toBe(idp.issuer);
      back.searchParams.set("iss", "https://attacker.example");
    });
    expect(mixedUp.session).toBeUndefined();
    expect(new URL(mixedUp.location, ORIGIN).searchParams.get("error")).toBe("issuer_mismatch");
    const forged = await ssoSignIn("bob", t, (back) => back.searchParams.set("code", "made-up"));
    expect(forged.session).toBeUndefined();
    expect(new URL(forged.location, ORIGIN).searchParams.get("error")).toBe("invalid_code");
  });

  it("records the refusal as a failed sign-in in the audit log", async () => {
    const audit = await json<{ events: { actorEmail: string | null; changes: Record<string, unknown> }[] }>(
      await t.request("/api/admin/audit?action=auth.sign_in_failed", { token: root }),
    );
    expect(audit.events[0]).toMatchObject({
      actorEmail: "eve@elsewhere.test",
      changes: { method: "sso", reason: "sso_domain_not_allowed" },
    });
  });

  it("joins an existing account only when the provider vouches for the address", async () => {
    await t.newUser("dan@acme.test");
    await t.newUser("carol@acme.test");
    const dan = (await accountOf("dan@acme.test"))[0]!;
    const linked = await ssoSignIn("dan");
    expect(linked.location).toBe("/dashboard/chat");
    expect((await whoIs(linked.session))?.id).toBe(dan.id);

    // An unverified claim to someone's address signs nobody in to their account.
    const claimed = await ssoSignIn("carol");
    expect(claimed.session).toBeUndefined();
    expect(new URL(claimed.location, ORIGIN).searchParams.get("error")).toBe("account_not_linked");
    const carol = (await accountOf("carol@acme.test"))[0]!;
    expect(
      await t.services.database.db
        .select()
        .from(account)
        .where(and(eq(account.userId, carol.id), eq(account.providerId, "sso"))),
    ).toHaveLength(0);
  });

  it("joins a verified address to the team that proved its domain", async () => {
    const db = t.services.database.db;
    const teamId = randomUUID();
    await db.insert(organization).values({ id: teamId, name: "Acme", slug: "acme", createdAt: new Date() });
    await db.insert(teamDomains).values({
      organizationId: teamId,
      domain: "acme.test",
      status: "verified",
      token: "t",
      proof: "dns",
      verifiedAt: new Date(),
    });
    // Una's address is not verified: she stays out. A new verified one joins.
    await ssoSignIn("una");
    const unverified = (await accountOf("una@acme.test"))[0]!;
    expect(await db.select().from(member).where(eq(member.userId, unverified.id))).toHaveLength(0);
    const bob = (await accountOf("bob@acme.test"))[0]!;
    await ssoSignIn("bob");
    expect(await db.select().from(member).where(eq(member.userId, bob.id))).toMatchObject([
      { organizationId: teamId, role: "member" },
    ]);
  });

  it("stops offering SSO once the configuration is removed", async () => {
    const removed = await t.request("/api/admin/sso", { method: "DELETE", token: root });
    expect(removed.status).toBe(200);
    expect(await json<SsoSettings>(removed)).toMatchObject({ configured: false });
    expect((await json<PublicConfig>(await t.request("/api/public/config"))).sso).toBeNull();
    expect((await t.request("/api/admin/sso", { method: "DELETE", token: root })).status).toBe(404);
  });

  it("never wrote the client secret to the log, through all of the above", () => {
    expect(logged.length).toBeGreaterThan(10);
    expect(logged.join("\n")).not.toContain(CLIENT_SECRET);
  });
});

describe("without OUTBOUND_ALLOW_PRIVATE", () => {
  it("refuses a provider on a private address", async () => {
    const strict = await createTestApp();
    try {
      const admin = await strict.newUser("root@example.com");
      const res = await strict.request("/api/admin/sso", {
        method: "PUT",
        token: admin,
        json: validConfig(),
      });
      expect(res.status).toBe(400);
      expect((await json<{ error: { message: string } }>(res)).error.message).toContain(
        "not reachable from Tessera",
      );
    } finally {
      await strict.close();
    }
  });
});

describe("configured by the environment", () => {
  it("needs the issuer, client id and secret together", () => {
    expect(() => parseEnv({ OIDC_ISSUER: "https://id.acme.test", OIDC_CLIENT_ID: "tessera" })).toThrow(
      /missing OIDC_CLIENT_SECRET/,
    );
  });

  it("signs people in by the OIDC_* variables, reaching the operator's own issuer on loopback", async () => {
    // No OUTBOUND_ALLOW_PRIVATE: the issuer the operator named is trusted, as their own service.
    const byEnv = await createTestApp({
      OIDC_ISSUER: idp.issuer,
      OIDC_CLIENT_ID: idp.clientId,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_ALLOWED_DOMAINS: "acme.test",
      OIDC_ADMIN_CLAIM: "groups",
      OIDC_ADMIN_CLAIM_VALUE: "tessera-admins",
    });
    try {
      const admin = await byEnv.newUser("root@example.com");
      const view = await json<SsoSettings>(await byEnv.request("/api/admin/sso", { token: admin }));
      expect(view).toMatchObject({ configured: true, source: "environment", environment: true });
      expect(JSON.stringify(view)).not.toContain(CLIENT_SECRET);
      expect((await json<PublicConfig>(await byEnv.request("/api/public/config"))).sso).toEqual({
        label: "Sign in with SSO",
      });
      const { location, session } = await ssoSignIn("ada", byEnv);
      expect(location).toBe("/dashboard/chat");
      expect(await whoIs(session, byEnv)).toMatchObject({ email: "ada@acme.test", role: "admin" });
      expect(new URL((await ssoSignIn("eve", byEnv)).location, ORIGIN).searchParams.get("error")).toBe(
        "sso_domain_not_allowed",
      );
    } finally {
      await byEnv.close();
    }
  });
});
