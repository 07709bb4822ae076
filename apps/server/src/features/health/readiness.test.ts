// Readiness apart from liveness: /api/health/ready names what is not ready; /live asks nothing.
import { createServer, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { createReadiness } from "./readiness";

type Ready = { status: string; failing: string[]; checks: { name: string; ok: boolean; reason?: string }[] };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health/ready", () => {
  it("is ready when the database answers and every migration is applied", async () => {
    const res = await t.request("/api/health/ready");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ready",
      failing: [],
      checks: [
        { name: "database", ok: true },
        { name: "migrations", ok: true },
      ],
    });
    const live = await t.request("/api/health/live");
    expect(live.status).toBe(200);
    expect(await live.json()).toMatchObject({ status: "ok" });
  });

  it("answers 503 naming Redis when REDIS_URL points at a closed port; liveness stays 200", async () => {
    // A port that was free a moment ago and is closed now: nothing answers there.
    const closed = await new Promise<number>((done) => {
      const s: Server = createServer().listen(0, "127.0.0.1", () => {
        const { port } = s.address() as { port: number };
        s.close(() => done(port));
      });
    });
    const down = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${closed}` });
    try {
      const res = await down.request("/api/health/ready");
      expect(res.status).toBe(503);
      const body = (await res.json()) as Ready;
      expect(body.status).toBe("not_ready");
      expect(body.failing).toEqual(["redis"]);
      expect(body.checks.find((c) => c.name === "redis")?.reason).toMatch(/ECONNREFUSED|connect|closed/i);
      expect((await down.request("/api/health/live")).status).toBe(200);
    } finally {
      await down.close();
    }
  });

  it("answers 503 naming the database and the migrations when the database is gone", async () => {
    const gone = await createTestApp();
    await gone.services.database.close();
    const res = await gone.request("/api/health/ready");
    expect(res.status).toBe(503);
    const body = (await res.json()) as Ready;
    expect(body.failing).toEqual(["database", "migrations"]);
    expect((await gone.request("/api/health/live")).status).toBe(200);
    await gone.close().catch(() => {});
  });

  it("says the migrations are missing when this build ships one the database lacks", async () => {
    const check = createReadiness({
      db: t.services.database.db,
      redisUrl: undefined,
      newestShipped: () => Promise.resolve(Date.now() + 86_400_000),
    });
    expect(await check()).toEqual([
      { name: "database", ok: true },
      { name: "migrations", ok: false, reason: "the database lacks migrations this build ships" },
    ]);
  });
});
