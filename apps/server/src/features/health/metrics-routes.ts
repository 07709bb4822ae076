// The instance admin's view of the running process: how busy the database connections are (and have
// been since start) and how much memory the process holds. Everyone else gets 403.
import type { ServerMetrics } from "@tessera/contracts";
import { Hono } from "hono";
import type { DatabaseHandle } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";

export function metricsRoutes(deps: { database: DatabaseHandle; adminEmails: readonly string[] }) {
  return new Hono<AppEnv>().get("/", (c) => {
    const { user } = c.get("session");
    if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
      throw new AppError("FORBIDDEN", "Only administrators of this instance can see metrics.");
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const body: ServerMetrics = {
      db: { kind: deps.database.kind, pool: deps.database.stats() },
      memory: { rss, heapUsed, heapTotal, external, arrayBuffers },
      uptimeSeconds: Math.round(process.uptime()),
    };
    return c.json(body);
  });
}
