import type { HealthResponse } from "@tessera/contracts";
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { DatabaseHandle } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import type { RateLimiter } from "../../lib/rate-limiter";
import type { EmbedderHealth } from "../../knowledge/embeddings/embedder-health";
import { vectorMode } from "../../knowledge/vector-store";
import { appVersion } from "../../lib/paths";
import { createReadiness } from "./readiness";

export function healthRoutes(
  database: DatabaseHandle,
  limiter: RateLimiter,
  options: { redisUrl?: string; embedderHealth?: EmbedderHealth } = {},
) {
  const readiness = createReadiness({ db: database.db, redisUrl: options.redisUrl });
  return (
    new Hono<AppEnv>()
      .get("/", async (c) => {
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
          vectors: vectorMode(database.db),
          embeddings: options.embedderHealth?.state().status ?? "ok",
          version: appVersion(),
        };
        return c.json(body, status === "ok" ? 200 : 503);
      })
      // Liveness: the process answers. Nothing outside it is asked, so a database outage never
      // has a supervisor restart every replica at once.
      .get("/live", (c) => c.json({ status: "ok" as const, version: appVersion() }))
      // Readiness: 503 names the part that is not ready, so the probe's log says what to fix.
      .get("/ready", async (c) => {
        const checks = await readiness();
        const failing = checks.filter((check) => !check.ok);
        if (failing.length > 0)
          c.get("logger").warn(
            { event: "health.not_ready", failing: failing.map((f) => `${f.name}: ${f.reason}`) },
            "not ready",
          );
        return c.json(
          {
            status: failing.length === 0 ? ("ready" as const) : ("not_ready" as const),
            failing: failing.map((f) => f.name),
            checks,
          },
          failing.length === 0 ? 200 : 503,
        );
      })
  );
}
