import type { ServerMetrics } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testDbKind } from "../../test/test-database";

let t: TestApp;
let admin: string;
let person: string;
beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "ops@example.com" });
  admin = await t.newUser("ops@example.com");
  person = await t.newUser("someone@example.com");
});
afterAll(() => t.close());

const metrics = async () => {
  const res = await t.request("/api/admin/metrics", { token: admin });
  expect(res.status).toBe(200);
  return (await res.json()) as ServerMetrics;
};

describe("GET /api/admin/metrics", () => {
  it("is for instance admins only", async () => {
    expect((await t.request("/api/admin/metrics")).status).toBe(401);
    const res = await t.request("/api/admin/metrics", { token: person });
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain("pool");
  });

  it("reports the database connections and the process's memory", async () => {
    const body = await metrics();
    expect(body.db.kind).toBe(testDbKind());
    expect(body.db.pool).toMatchObject({
      size: testDbKind() === "postgres" ? 10 : 1,
      waiting: 0,
      timedOut: 0,
    });
    expect(body.memory.rss).toBeGreaterThan(body.memory.heapUsed);
    expect(body.memory.heapUsed).toBeGreaterThan(0);
    expect(body.eventLoopDelay.maxMs).toBeGreaterThanOrEqual(body.eventLoopDelay.p50Ms);
    // No REDIS_URL: counted in the PostgreSQL server every process shares, or in memory on PGlite.
    expect(body.rateLimits).toBe(testDbKind() === "postgres" ? "database" : "memory");
  });

  it("counts the calls that had to wait for a connection, and how long the longest waited", async () => {
    const { db } = t.services.database;
    const size = (await metrics()).db.pool.size;
    // Every connection held for 300 ms by an open transaction, and one more call that can only run
    // after them.
    const held = Array.from({ length: size }, () =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await new Promise((r) => setTimeout(r, 300));
      }),
    );
    const late = Promise.resolve(db.execute(sql`select 1`));
    await new Promise((r) => setTimeout(r, 100));
    const during = t.services.database.stats();
    expect(during.waiting).toBeGreaterThanOrEqual(1);
    await Promise.all([...held, late]);
    const after = (await metrics()).db.pool;
    expect(after.waiting).toBe(0);
    expect(after.peakWaiting).toBeGreaterThanOrEqual(1);
    expect(after.longestWaitMs).toBeGreaterThanOrEqual(250);
    expect(after.timedOut).toBe(0);
  });
});
