// The audit log through the app: what the security events and admin actions leave in it, that no
// secret ever does, the admin's filters and CSV export, who may read it, and how long it is kept.
import type { AuditPage } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../db/schema";
import { createTestApp, PASSWORD, type TestApp } from "../test/test-app";
import { deleteExpiredAudit } from "./audit-retention";
import { csvCell } from "./export-audit";
import { recordAudit } from "./record-audit";

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.newUser("boss@example.com"); // the first account is the instance admin
  member = await t.newUser("member@example.com");
});
afterAll(() => t.close());

const read = async (query = "", token = admin) => {
  const res = await t.request(`/api/admin/audit${query}`, { token });
  return { status: res.status, body: (await res.json()) as AuditPage };
};
const events = async (query = "") => (await read(query)).body.events;
const latest = async (action: string) => (await events(`?action=${action}`))[0];

describe("what is recorded", () => {
  it("records a sign-in, with the account and the method", async () => {
    const signIn = await latest("auth.sign_in");
    expect(signIn).toMatchObject({
      actorEmail: "member@example.com",
      changes: { method: "password" },
    });
    expect(signIn!.actorId).toEqual(expect.any(String));
    expect(signIn!.ip).toBe("unknown"); // app.request has no socket
  });

  it("records a failed sign-in against the account it named, and one for an address without one", async () => {
    expect((await t.signIn("member@example.com", "wrong password!")).status).toBe(401);
    expect((await t.signIn("nobody@example.com", "wrong password!")).status).toBe(401);
    const [unknown, known] = await events("?action=auth.sign_in_failed");
    expect(known).toMatchObject({ actorEmail: "member@example.com", changes: { method: "password" } });
    expect(known!.actorId).toEqual(expect.any(String));
    expect(unknown).toMatchObject({ actorEmail: "nobody@example.com", actorId: null });
  });

  it("records a password change and a sign-out, and never the password", async () => {
    const token = await t.newUser("changer@example.com");
    const changed = await t.request("/api/auth/change-password", {
      method: "POST",
      token,
      json: { currentPassword: PASSWORD, newPassword: "another long password" },
    });
    expect(changed.status).toBe(200);
    const fresh = changed.headers.get("set-auth-token") ?? token;
    expect(await latest("auth.password_changed")).toMatchObject({ actorEmail: "changer@example.com" });
    const out = await t.request("/api/auth/sign-out", { method: "POST", token: fresh, json: {} });
    expect(out.status).toBe(200);
    expect(await latest("auth.sign_out")).toMatchObject({ actorEmail: "changer@example.com" });
    await expectNoSecret(["another long password", PASSWORD]);
  });

  it("records an API key created and revoked, by its start only", async () => {
    await t.setPlan("member@example.com", "max");
    const res = await t.request("/api/api-keys", { method: "POST", token: member, json: { name: "CI" } });
    expect(res.status).toBe(201);
    const { id, key } = (await res.json()) as { id: string; key: string };
    expect((await t.request(`/api/api-keys/${id}`, { method: "DELETE", token: member })).status).toBe(204);
    expect(await latest("api_key.created")).toMatchObject({
      actorEmail: "member@example.com",
      targetType: "api_key",
      targetId: id,
      changes: { name: "CI", start: key.slice(0, 10) },
    });
    expect(await latest("api_key.revoked")).toMatchObject({ targetId: id });
    await expectNoSecret([key]);
  });

  it("records a plan an admin set, with who set it for whom", async () => {
    const res = await t.request("/api/admin/plans", {
      method: "PUT",
      token: admin,
      json: { email: "member@example.com", plan: "pro", validUntil: null },
    });
    expect(res.status).toBe(200);
    expect(await latest("user.plan_changed")).toMatchObject({
      actorEmail: "boss@example.com",
      targetType: "user",
      changes: { email: "member@example.com", plan: "pro", validUntil: null },
    });
  });

  it("records a connection with its key redacted, and a mail server's password kept out of its address", async () => {
    const res = await t.request("/api/admin/connections", {
      method: "POST",
      token: admin,
      json: {
        kind: "openai-compatible",
        name: "Audited",
        baseUrl: "http://127.0.0.1:9/v1",
        apiKey: "sk-audit-secret-0123456789",
        verify: false,
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const created = await latest("connection.created");
    expect(created).toMatchObject({ targetId: id, changes: { name: "Audited", apiKey: "[redacted]" } });
    const mail = await t.request("/api/admin/connections", {
      method: "POST",
      token: admin,
      json: { kind: "smtp", name: "Mail", baseUrl: "smtp://robot:mail-secret-pw@127.0.0.1:9", verify: false },
    });
    expect(mail.status, await mail.clone().text()).toBe(201);
    expect((await t.request(`/api/admin/connections/${id}`, { method: "DELETE", token: admin })).status).toBe(
      204,
    );
    expect(await latest("connection.deleted")).toMatchObject({ targetId: id });
    await expectNoSecret(["sk-audit-secret-0123456789", "mail-secret-pw"]);
  });

  it("redacts secret-named fields and URL passwords whatever a caller passes", async () => {
    await recordAudit(t.services.database.db, {
      actor: null,
      ip: null,
      action: "settings.changed",
      changes: {
        clientSecret: "cs-1",
        nested: { accessToken: "at-1", password: "pw-1", monthlyTokens: 5000 },
        url: "https://user:pw-2@idp.example/path",
      },
    });
    expect((await latest("settings.changed"))!.changes).toEqual({
      clientSecret: "[redacted]",
      nested: { accessToken: "[redacted]", password: "[redacted]", monthlyTokens: 5000 },
      url: "https://user:[redacted]@idp.example/path",
    });
  });
});

describe("GET /api/admin/audit", () => {
  it("filters by action, actor, words and dates, newest first, with the total", async () => {
    const all = await read();
    expect(all.status).toBe(200);
    expect(all.body.retentionDays).toBe(365);
    const times = all.body.events.map((e) => e.at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(all.body.total).toBe(all.body.events.length);

    const mine = await events("?actor=member@");
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((e) => e.actorEmail === "member@example.com")).toBe(true);
    const byId = await events(`?actor=${mine[0]!.actorId}`);
    expect(byId.every((e) => e.actorId === mine[0]!.actorId)).toBe(true);

    expect((await events("?q=Audited")).map((e) => e.action)).toEqual(["connection.created"]);
    // LIKE's own characters are literal.
    expect(await events("?q=%25")).toEqual([]);

    const today = new Date().toISOString().slice(0, 10);
    expect((await events(`?from=${today}&to=${today}`)).length).toBe(all.body.events.length);
    expect(await events("?to=2000-01-01")).toEqual([]);
    expect(await events(`?from=${new Date(Date.now() + 60_000).toISOString()}`)).toEqual([]);
  });

  it("pages by 50", async () => {
    const db = t.services.database.db;
    await db.insert(auditEvents).values(
      Array.from({ length: 60 }, (_, i) => ({
        action: "settings.changed",
        actorEmail: "bulk@example.com",
        createdAt: new Date(Date.now() - (i + 1) * 1000),
        changes: { n: i },
      })),
    );
    const first = await read("?actor=bulk@&page=1");
    const second = await read("?actor=bulk@&page=2");
    expect(first.body.total).toBe(60);
    expect(first.body.events).toHaveLength(50);
    expect(second.body.events).toHaveLength(10);
    const ns = [...first.body.events, ...second.body.events].map((e) => e.changes!.n);
    expect(ns).toEqual(Array.from({ length: 60 }, (_, i) => i));
  });

  it("refuses bad filters with 400 and a reason", async () => {
    for (const query of [
      "?action=auth.unknown",
      "?from=yesterday",
      "?page=0",
      "?from=2026-02-02&to=2026-01-01",
    ]) {
      const res = await t.request(`/api/admin/audit${query}`, { token: admin });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toBeTruthy();
    }
  });

  it("does not exist for anyone but an instance admin (404), and needs a session (401)", async () => {
    for (const path of ["/api/admin/audit", "/api/admin/audit.csv"]) {
      expect((await t.request(path, { token: member })).status, path).toBe(404);
      expect((await t.request(path)).status, path).toBe(401);
    }
  });
});

describe("GET /api/admin/audit.csv", () => {
  it("exports what the filters match, every page of it, as CSV", async () => {
    const res = await t.request("/api/admin/audit.csv?actor=bulk@", { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="tessera-audit-.+\.csv"/);
    const lines = (await res.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("time,actor_email,actor_id,ip,action,target_type,target_id,changes");
    expect(lines).toHaveLength(61);
    expect(lines[1]).toContain('"{""n"":0}"');
  });

  it("makes a cell that would start a formula inert", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell('+a,"b"')).toBe(`"'+a,""b"""`);
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
  });
});

describe("retention", () => {
  it("deletes events older than AUDIT_RETENTION_DAYS and keeps the rest", async () => {
    const db = t.services.database.db;
    await db.insert(auditEvents).values([
      {
        action: "settings.changed",
        actorEmail: "old@example.com",
        createdAt: new Date(Date.now() - 40 * 86_400_000),
      },
      {
        action: "settings.changed",
        actorEmail: "recent@example.com",
        createdAt: new Date(Date.now() - 20 * 86_400_000),
      },
    ]);
    expect(await deleteExpiredAudit(db, 30)).toBe(1);
    const left = await db
      .select({ email: auditEvents.actorEmail })
      .from(auditEvents)
      .where(sql`${auditEvents.actorEmail} in ('old@example.com', 'recent@example.com')`);
    expect(left).toEqual([{ email: "recent@example.com" }]);
  });
});

/** Nothing in the whole log contains any of `secrets`. */
async function expectNoSecret(secrets: string[]) {
  const rows = await t.services.database.db.select().from(auditEvents);
  const text = JSON.stringify(rows);
  for (const secret of secrets) expect(text).not.toContain(secret);
}
