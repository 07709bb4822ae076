// GET /api/dashboard/metrics: the dashboard home's 30-day figures, always the caller's own.
import { Hono } from "hono";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { getDashboardMetrics } from "./get-dashboard-metrics";

export function dashboardRoutes(db: Database) {
  return new Hono<AppEnv>().get("/metrics", async (c) =>
    c.json(await getDashboardMetrics(db, c.get("session").user.id)),
  );
}
