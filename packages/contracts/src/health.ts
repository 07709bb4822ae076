import { z } from "zod";
import { vectorModeSchema } from "./knowledge";

/**
 * Where rate limits are counted: in this process (the embedded default), in Redis (REDIS_URL: one
 * count for every server process), in the PostgreSQL database (DATABASE_URL without Redis: one count
 * for every process too), or in this process for now because the configured Redis is out of reach
 * (each process then counts alone until it is back).
 */
export const rateLimitStoreSchema = z.enum(["memory", "redis", "database", "fallback"]);
export type RateLimitStore = z.infer<typeof rateLimitStoreSchema>;

export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  db: z.enum(["pglite", "postgres"]),
  /** Not part of the status: limits still hold per process while Redis is away. */
  rateLimits: rateLimitStoreSchema,
  /** How retrieval by meaning finds nearest chunks: pgvector's index, one in memory, or exact similarity. */
  vectors: vectorModeSchema,
  /**
   * Whether the embedding model answered this process's last search: "failing" while a connection's
   * model is down, when search matches words only. Not part of the status: search still answers.
   */
  embeddings: z.enum(["ok", "failing"]),
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
  rateLimits: rateLimitStoreSchema,
  uptimeSeconds: z.number(),
});
export type ServerMetrics = z.infer<typeof serverMetricsSchema>;
