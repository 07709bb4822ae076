// The instance admin's view of the running process: how busy the database connections are (and have
// been since start) and how much memory the process holds. Everyone else gets 403.
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { ServerMetrics } from "@tessera/contracts";
import { Hono } from "hono";
import type { DatabaseHandle } from "../../db/client";
import type { AppEnv } from "../../lib/context";
import { AppError } from "../../lib/errors";
import type { RateLimiter } from "../../lib/rate-limiter";

export function metricsRoutes(deps: {
  database: DatabaseHandle;
  limiter: RateLimiter;
  adminEmails: readonly string[];
}) {
  const loopDelay = monitorEventLoopDelay({ resolution: 20 });
  loopDelay.enable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return new Hono<AppEnv>().get("/", (c) => {
    const { user } = c.get("session");
    if (user.role !== "admin" && !deps.adminEmails.includes(user.email.toLowerCase()))
      throw new AppError("FORBIDDEN", "Only administrators of this instance can see metrics.");
    const { rss, heapUsed, heapTotal, external, arrayBuffers } = process.memoryUsage();
    const body: ServerMetrics = {
      db: { kind: deps.database.kind, pool: deps.database.stats() },
      memory: { rss, heapUsed, heapTotal, external, arrayBuffers },
      eventLoopDelay: {
        p50Ms: ms(loopDelay.percentile(50)),
        p99Ms: ms(loopDelay.percentile(99)),
        maxMs: ms(loopDelay.max),
      },
      rateLimits: deps.limiter.store(),
      uptimeSeconds: Math.round(process.uptime()),
    };
    return c.json(body);
  });
}
