// The process's metrics in Prometheus's text format (GET /metrics). Counters and histograms are
// updated as things happen; gauges (pool, streams, queues) are read when Prometheus scrapes, so the
// request path pays for none of them. Each app has its own registry: tests run several in one process.
import type { Context } from "hono";
import { routePath } from "hono/route";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { DatabaseHandle } from "../db/client";
import { rowsOf } from "../db/client";
import type { RateLimiter } from "../lib/rate-limiter";
import { parserLoad } from "../knowledge/parser-pool";
import { onModelCall } from "./model-calls";

export interface Metrics {
  registry: Registry;
  /** One finished request: its route pattern (never the raw path), method, status and duration. */
  observeRequest(c: Context, seconds: number): void;
  /** The limiter, counting the hits it refuses by the limit's name (the key's first part). */
  countingRefusals(limiter: RateLimiter): RateLimiter;
  close(): void;
}

/** Seconds: from a fast JSON answer to a slow upload or model call. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const FIRST_TOKEN_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];

export function createMetrics(deps: {
  database: DatabaseHandle;
  /** Answers streaming from this process now (DurableAnswers.size). */
  openStreams: () => number;
}): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "tessera_http_requests_total",
    help: "HTTP requests by route pattern, method and status.",
    labelNames: ["method", "route", "status"] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: "tessera_http_request_duration_seconds",
    help: "Time to the response's headers (an event stream's first byte), by route pattern.",
    labelNames: ["method", "route"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: "tessera_open_streams",
    help: "Answers this process is streaming now (chat, comparison, search).",
    registers: [registry],
    collect() {
      this.set(deps.openStreams());
    },
  });

  const firstToken = new Histogram({
    name: "tessera_llm_time_to_first_token_seconds",
    help: "From the model call to its first text, by provider.",
    labelNames: ["provider"] as const,
    buckets: FIRST_TOKEN_BUCKETS,
    registers: [registry],
  });
  const calls = new Counter({
    name: "tessera_llm_calls_total",
    help: "Model calls by provider, model and how they ended.",
    labelNames: ["provider", "model", "outcome"] as const,
    registers: [registry],
  });
  const tokens = new Counter({
    name: "tessera_llm_tokens_total",
    help: "Tokens as the providers reported them, by provider, model and direction (input, output).",
    labelNames: ["provider", "model", "direction"] as const,
    registers: [registry],
  });
  const cost = new Counter({
    name: "tessera_llm_cost_usd_total",
    help: "US dollars the providers reported, by provider and model.",
    labelNames: ["provider", "model"] as const,
    registers: [registry],
  });
  const stopHearing = onModelCall((call) => {
    const labels = { provider: call.provider, model: call.model };
    calls.inc({ ...labels, outcome: call.outcome });
    if (call.timeToFirstTokenMs !== null)
      firstToken.observe({ provider: call.provider }, call.timeToFirstTokenMs / 1000);
    if (call.inputTokens) tokens.inc({ ...labels, direction: "input" }, call.inputTokens);
    if (call.outputTokens) tokens.inc({ ...labels, direction: "output" }, call.outputTokens);
    if (call.cost) cost.inc(labels, call.cost);
  });

  const refusals = new Counter({
    name: "tessera_rate_limit_refusals_total",
    help: "Hits a rate limit refused, by limit (chat, images, auth, …).",
    labelNames: ["limit"] as const,
    registers: [registry],
  });

  new Gauge({
    name: "tessera_db_pool_connections",
    help: "Database connections: the pool's size, those in use, and calls waiting for one.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const stats = deps.database.stats();
      this.set({ state: "size" }, stats.size);
      this.set({ state: "active" }, stats.active);
      this.set({ state: "waiting" }, stats.waiting);
    },
  });
  new Counter({
    name: "tessera_db_pool_timeouts_total",
    help: "Calls that gave up waiting for a database connection.",
    registers: [registry],
    collect() {
      this.reset();
      this.inc(deps.database.stats().timedOut);
    },
  });

  new Gauge({
    name: "tessera_parser_files",
    help: "Files (PDFs, pages, text) the parser pool is reading and holding in line.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const load = parserLoad();
      this.set({ state: "reading" }, load.reading);
      this.set({ state: "waiting" }, load.waiting);
    },
  });
  // Image jobs live in the database: their count by state is read from it, where every process's are.
  new Gauge({
    name: "tessera_image_jobs",
    help: "Image jobs by state (pending, generating: the queue; completed, failed: outcomes).",
    labelNames: ["status"] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ status: string; n: number }>(
        deps.database.db,
        sql`select status, count(*)::int as n from generated_images group by status`,
      );
      for (const status of ["pending", "generating", "completed", "failed"]) this.set({ status }, 0);
      for (const { status, n } of rows) this.set({ status }, Number(n));
    },
  });

  // The job queue (jobs/): its depth (queued, running) and outcomes (succeeded, failed; kept a week)
  // by kind, from the table every process takes jobs from.
  new Gauge({
    name: "tessera_jobs",
    help: "Jobs on the queue by kind and state: queued and running (its depth), succeeded and failed (outcomes of the last week).",
    labelNames: ["kind", "status"] as const,
    registers: [registry],
    async collect() {
      const rows = await rowsOf<{ kind: string; status: string; n: number }>(
        deps.database.db,
        sql`select kind, status, count(*)::int as n from jobs group by kind, status`,
      );
      this.reset();
      for (const { kind, status, n } of rows) this.set({ kind, status }, Number(n));
    },
  });

  // One label set per route, status and method: the request path looks up a ready child, no label
  // object is built or sorted per request.
  type Children = { count: { inc(): void }; time: { observe(v: number): void } };
  const children = new Map<string, Children>();
  return {
    registry,
    observeRequest(c, seconds) {
      const method = c.req.method;
      const route = routePath(c) || "unmatched";
      const status = c.res.status;
      const key = `${method} ${status} ${route}`;
      let child = children.get(key);
      if (!child) {
        child = {
          count: requests.labels(method, route, String(status)),
          time: duration.labels(method, route),
        };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    countingRefusals(limiter) {
      return {
        hit: async (key, rule) => {
          const wait = await limiter.hit(key, rule);
          if (wait !== null) refusals.inc({ limit: /^[a-z-]+/.exec(key)?.[0] ?? "other" });
          return wait;
        },
        reset: (key) => limiter.reset(key),
        hold: (key, ttlMs) => limiter.hold(key, ttlMs),
        store: () => limiter.store(),
        close: () => limiter.close(),
      };
    },
    close() {
      stopHearing();
      registry.clear();
    },
  };
}
