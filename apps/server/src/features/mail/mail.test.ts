// Admin → Mail's API: the outbox for instance admins only, newest first, a page at a time, with the
// links of unsent mail.
import type { OutboxPage } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";

let t: TestApp;
let admin: string;
let member: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.newUser("owner@example.com"); // the first account is the instance admin
  member = await t.newUser("member@example.com");
});
afterAll(() => t.close());

const read = async (token: string, query = "") => {
  const res = await t.request(`/api/admin/mail${query}`, { token });
  return { status: res.status, body: (await res.json()) as OutboxPage };
};

describe("GET /api/admin/mail", () => {
  it("shows an admin the mail made without a mail server, newest first, with the links waiting", async () => {
    const { status, body } = await read(admin);
    expect(status).toBe(200);
    expect(body.mailConfigured).toBe(false);
    expect(body.messages.map((m) => [m.to, m.kind, m.status])).toEqual([
      ["member@example.com", "verify-email", "outbox"],
      ["owner@example.com", "verify-email", "outbox"],
    ]);
    expect(body.messages[0]!.link).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect(body.messages[0]!.subject).toBeTruthy();
    expect(body.next).toBeNull();
  });

  it("pages with ?limit= and ?before=, never repeating or skipping one", async () => {
    const first = await read(admin, "?limit=1");
    expect(first.body.messages.map((m) => m.to)).toEqual(["member@example.com"]);
    expect(first.body.next).toBe(first.body.messages[0]!.id);
    const second = await read(admin, `?limit=1&before=${first.body.next}`);
    expect(second.body.messages.map((m) => m.to)).toEqual(["owner@example.com"]);
    expect(second.body.next).toBeNull();
  });

  it("refuses bad paging with 400", async () => {
    expect((await read(admin, "?limit=0")).status).toBe(400);
    expect((await read(admin, "?before=not-an-id")).status).toBe(400);
  });

  it("is for instance admins only: 403 for a member, 401 without a session", async () => {
    expect((await read(member)).status).toBe(403);
    expect((await t.request("/api/admin/mail")).status).toBe(401);
  });
});
