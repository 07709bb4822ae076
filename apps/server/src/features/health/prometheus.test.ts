// GET /metrics: Prometheus's text format, who may read it, and what it counts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { jobs } from "../../db/schema";
import { reportModelCall } from "../../observability/model-calls";

const TOKEN = "scrape-me-please-0123456789";

let open: TestApp;
let guarded: TestApp;
beforeAll(async () => {
  open = await createTestApp({ RATE_LIMIT_CHAT: "1" });
  guarded = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  await open.close();
  await guarded.close();
});

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    const ok = Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`));
    if (ok) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return undefined;
}

describe("GET /metrics without METRICS_TOKEN or METRICS_PORT", () => {
  it("answers a caller on this host, and refuses one that came through a proxy or has no socket", async () => {
    const url = await open.listen();
    const res = await fetch(`${url}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(await res.text()).toContain("# TYPE tessera_http_requests_total counter");
    const proxied = await fetch(`${url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(proxied.status).toBe(401);
    expect(((await proxied.json()) as { error: { code: string } }).error.code).toBe("UNAUTHORIZED");
    expect((await open.request("/metrics")).status).toBe(401);
  });

  it("counts requests by route pattern and status, never by the raw path", async () => {
    const token = await open.newUser("counted@example.com");
    const id = crypto.randomUUID();
    expect((await open.request(`/api/prompts/${id}`, { token })).status).toBe(404);
    await open.request("/api/health");
    const text = await (await fetch(`${await open.listen()}/metrics`)).text();
    expect(text).not.toContain(id);
    expect(
      sample(text, "tessera_http_requests_total", {
        route: "/api/prompts/:id",
        status: "404",
        method: "GET",
      }),
    ).toBe(1);
    expect(
      sample(text, "tessera_http_requests_total", { route: "/api/health", status: "200" }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      sample(text, "tessera_http_request_duration_seconds_count", { route: "/api/health", method: "GET" }),
    ).toBeGreaterThanOrEqual(1);
    // What is read when scraped: the database pool, open streams, queues, and the process itself.
    expect(sample(text, "tessera_db_pool_connections", { state: "size" })).toBeGreaterThanOrEqual(1);
    expect(sample(text, "tessera_open_streams")).toBe(0);
    expect(sample(text, "tessera_parser_files", { state: "waiting" })).toBe(0);
    expect(sample(text, "tessera_image_jobs", { status: "pending" })).toBe(0);
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  it("counts the job queue's jobs by kind and state, from the table every process shares", async () => {
    const owner = await open.newUser("queued@example.com");
    const ownerId = (await open.services.auth.api.getSession({
      headers: new Headers({ authorization: `Bearer ${owner}` }),
    }))!.user.id;
    await open.services.database.db.insert(jobs).values([
      { kind: "voice-over", ownerId, status: "queued" },
      { kind: "voice-over", ownerId, status: "succeeded", progress: 100 },
      { kind: "image", ownerId, status: "failed", error: "The server handling this stopped; try again." },
    ]);
    const text = await (await fetch(`${await open.listen()}/metrics`)).text();
    expect(sample(text, "tessera_jobs", { kind: "voice-over", status: "queued" })).toBe(1);
    expect(sample(text, "tessera_jobs", { kind: "voice-over", status: "succeeded" })).toBe(1);
    expect(sample(text, "tessera_jobs", { kind: "image", status: "failed" })).toBe(1);
    expect(sample(text, "tessera_jobs", { kind: "image", status: "running" })).toBeUndefined();
  });

  it("counts model calls: time to first token by provider, tokens and cost by provider and model", async () => {
    reportModelCall(
      { provider: "openrouter.chat", modelId: "acme/large" },
      {
        failure: null,
        interrupted: false,
        inputTokens: 120,
        outputTokens: 30,
        timeToFirstTokenMs: 420,
        totalMs: 900,
        cost: 0.25,
      },
    );
    reportModelCall(
      { provider: "openrouter.chat", modelId: "acme/large" },
      {
        failure: "rateLimited",
        interrupted: false,
        inputTokens: null,
        outputTokens: null,
        timeToFirstTokenMs: null,
        totalMs: 80,
        cost: null,
      },
    );
    const text = await (await fetch(`${await open.listen()}/metrics`)).text();
    const labels = { provider: "openrouter.chat", model: "acme/large" };
    expect(sample(text, "tessera_llm_calls_total", { ...labels, outcome: "ok" })).toBe(1);
    expect(sample(text, "tessera_llm_calls_total", { ...labels, outcome: "rateLimited" })).toBe(1);
    expect(sample(text, "tessera_llm_tokens_total", { ...labels, direction: "input" })).toBe(120);
    expect(sample(text, "tessera_llm_tokens_total", { ...labels, direction: "output" })).toBe(30);
    expect(sample(text, "tessera_llm_cost_usd_total", labels)).toBe(0.25);
    expect(
      sample(text, "tessera_llm_time_to_first_token_seconds_bucket", {
        provider: "openrouter.chat",
        le: "0.5",
      }),
    ).toBe(1);
    expect(
      sample(text, "tessera_llm_time_to_first_token_seconds_bucket", {
        provider: "openrouter.chat",
        le: "0.25",
      }),
    ).toBe(0);
  });

  it("counts the hits a rate limit refused, by limit", async () => {
    const { limiter } = open.services;
    const rule = { windowMs: 60_000, max: 1 };
    expect(await limiter.hit("chat:someone", rule)).toBeNull();
    expect(await limiter.hit("chat:someone", rule)).not.toBeNull();
    const text = await (await fetch(`${await open.listen()}/metrics`)).text();
    expect(sample(text, "tessera_rate_limit_refusals_total", { limit: "chat" })).toBe(1);
  });
});

describe("GET /metrics with METRICS_TOKEN", () => {
  it("asks for the token as a bearer, from anywhere", async () => {
    expect((await guarded.request("/metrics")).status).toBe(401);
    const wrong = await guarded.request("/metrics", { headers: { authorization: "Bearer nope" } });
    expect(wrong.status).toBe(401);
    expect(await wrong.text()).not.toContain("tessera_");
    const near = await guarded.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(near.status).toBe(401);
    const right = await guarded.request("/metrics", {
      headers: { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("tessera_db_pool_connections");
  });
});
