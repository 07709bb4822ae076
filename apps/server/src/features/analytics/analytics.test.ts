import type { AdminUsage } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsEvents, user } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";

const userId = async (t: TestApp, email: string) =>
  (await t.services.database.db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;

describe("track-event and the admin usage page", () => {
  let t: TestApp;
  let admin: string;
  let member: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await t.newUser("admin@example.com");
    member = await t.newUser("member@example.com");
  });
  afterAll(() => t.close());

  const track = (token: string | undefined, json: unknown) =>
    t.request("/api/track-event", { method: "POST", token, json });

  it("refuses signed-out callers and records nothing", async () => {
    const res = await track(undefined, { event_name: "page_view", properties: { page_path: "/x" } });
    expect(res.status).toBe(401);
    expect(await t.services.database.db.select().from(analyticsEvents)).toHaveLength(0);
  });

  it("takes the user and the time from the session, never the body", async () => {
    const before = Date.now();
    const res = await track(member, {
      event_name: "page_view",
      user_id: "someone-else",
      created_at: "2001-01-01T00:00:00Z",
      properties: {
        page_path: "/dashboard",
        session_id: "tab-1",
        user_id: "someone-else",
        created_at: "2001-01-01T00:00:00Z",
        theme: "dark",
      },
    });
    expect(res.status).toBe(204);
    const rows = await t.services.database.db.select().from(analyticsEvents);
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.userId).toBe(await userId(t, "member@example.com"));
    expect(row.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row).toMatchObject({ eventName: "page_view", pagePath: "/dashboard", sessionId: "tab-1" });
    expect(row.properties).toEqual({ theme: "dark" });
  });

  it("refuses a bad event name (400) and an oversized body (413)", async () => {
    expect((await track(member, { event_name: "", properties: {} })).status).toBe(400);
    const big = await track(member, { event_name: "page_view", properties: { blob: "x".repeat(5000) } });
    expect(big.status).toBe(413);
  });

  it("counts active users, events per day and top pages for the instance admin only", async () => {
    const db = t.services.database.db;
    const adminId = await userId(t, "admin@example.com");
    const memberId = await userId(t, "member@example.com");
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await db.insert(analyticsEvents).values([
      { userId: adminId, eventName: "page_view", pagePath: "/dashboard", createdAt: daysAgo(10) },
      { userId: adminId, eventName: "page_view", pagePath: "/dashboard/chat", createdAt: daysAgo(10) },
      { userId: adminId, eventName: "page_view", pagePath: "/dashboard/chat", createdAt: daysAgo(40) },
      { userId: memberId, eventName: "page_view", pagePath: "/dashboard/chat", createdAt: daysAgo(2) },
    ]);
    expect((await t.request("/api/admin/usage", { token: member })).status).toBe(403);
    const res = await t.request("/api/admin/usage", { token: admin });
    expect(res.status).toBe(200);
    const usage = (await res.json()) as AdminUsage;
    expect(usage.activeUsers7d).toBe(1);
    expect(usage.activeUsers30d).toBe(2);
    expect(usage.eventsPerDay).toHaveLength(30);
    // The tracked event of today, the fixture two days ago and the two ten days ago.
    expect(usage.eventsPerDay.reduce((n, d) => n + d.count, 0)).toBe(4);
    expect(usage.eventsPerDay.at(-1)!.count).toBe(1);
    expect(usage.topPages).toEqual([
      { pagePath: "/dashboard", views: 2 },
      { pagePath: "/dashboard/chat", views: 2 },
    ]);
  });

  it("answers 429 past the per-minute limit", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 125; i++) statuses.push((await track(admin, { event_name: "ping" })).status);
    expect(statuses.slice(0, 100).every((s) => s === 204)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
