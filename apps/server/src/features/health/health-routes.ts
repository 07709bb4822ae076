import type { HealthResponse } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { DatabaseHandle } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import type { RateLimiter } from "../../lib/rate-limiter";
import { appVersion } from "../../lib/paths";

export function healthRoutes(database: DatabaseHandle, limiter: RateLimiter) {
  return new Hono<AppEnv>().get("/", async (c) => {
    let status: HealthResponse["status"] = "ok";
    try {
      await database.db.execute(sql`select 1`);
    } catch (err) {
      c.get("logger").error({ event: "health.db_failed", err }, "database check failed");
      status = "degraded";
    }
    const body: HealthResponse = {
      status,
      db: database.kind,
      rateLimits: limiter.store(),
      version: appVersion(),
    };
    return c.json(body, status === "ok" ? 200 : 503);
  });
}
