import { z } from "zod";

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.enum(["pglite", "postgres"]),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The instance admin's view of the process: database connections and memory (bytes). */
export const serverMetricsSchema = z.object({
  db: z.object({
    kind: z.enum(["pglite", "postgres"]),
    pool: z.object({
      size: z.number().int(),
      active: z.number().int(),
      waiting: z.number().int(),
      peakWaiting: z.number().int(),
      longestWaitMs: z.number(),
      timedOut: z.number().int(),
    }),
  }),
  memory: z.object({
    rss: z.number(),
    heapUsed: z.number(),
    heapTotal: z.number(),
    external: z.number(),
    arrayBuffers: z.number(),
  }),
  /** How late the event loop ran timers since start (ms): every request waits this much too. */
  eventLoopDelay: z.object({ p50Ms: z.number(), p99Ms: z.number(), maxMs: z.number() }),
  uptimeSeconds: z.number(),
});
export type ServerMetrics = z.infer<typeof serverMetricsSchema>;
