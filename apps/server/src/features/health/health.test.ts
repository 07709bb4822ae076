import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/test-app";
import { testDbKind } from "../../test/test-database";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ BODY_LIMIT_BYTES: "2048" });
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("reports the database kind, where rate limits are counted, and the version", async () => {
    const res = await t.request("/api/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      status: "ok",
      db: testDbKind(),
      // No REDIS_URL: counted in the PostgreSQL server every process shares, or in memory on PGlite.
      rateLimits: testDbKind() === "postgres" ? "database" : "memory",
      // PGlite is searched from an index in this process; the machine's PostgreSQL 15 has no pgvector,
      // so search computes exactly.
      vectors: testDbKind() === "postgres" ? "exact" : "memory",
      embeddings: "ok",
      version: expect.stringMatching(/^\d+\.\d+\.\d+/) as string,
    });
  });

  it("sends security headers: own-origin CSP without inline scripts, nosniff, no framing, referrer policy", async () => {
    const res = await t.request("/api/health");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("the API edge", () => {
  it("answers 401 in the one error shape without a bearer, with a bad bearer, and with only a cookie", async () => {
    const cases: Record<string, string>[] = [
      {},
      { authorization: "Bearer nope" },
      { authorization: "Basic abc" },
      { cookie: "better-auth.session_token=x" },
    ];
    for (const headers of cases) {
      const res = await t.request("/api/profile", { headers });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { error: { code: string; message: string; requestId: string } };
      expect(body.error.code).toBe("UNAUTHORIZED");
      expect(body.error.requestId).toBe(res.headers.get("x-request-id"));
    }
  });

  it("answers unknown API routes with 401 to strangers and a JSON 404 to the signed-in", async () => {
    expect((await t.request("/api/nothing-here")).status).toBe(401);
    const res = await t.request("/api/nothing-here", { token: await t.newUser("lost@example.com") });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it("refuses a NUL in a path or a query with a reason, where it used to fail in the database", async () => {
    const token = await t.newUser("nul@example.com");
    for (const [method, path] of [
      ["GET", "/api/teams/%00"],
      ["POST", "/api/teams/invitations/a%00b/accept"],
      ["POST", "/api/teams/%00/invitations/%00/resend"],
      ["DELETE", "/api/teams/%00/members/%00"],
      ["POST", "/api/teams/%00/leave"],
      ["GET", "/api/prompts?q=tide%00s"],
    ] as const) {
      const res = await t.request(path, { method, token });
      expect(res.status, path).toBe(400);
      expect(await res.json(), path).toMatchObject({
        error: { code: "VALIDATION_FAILED", message: "The address contains a NUL character (%00)." },
      });
    }
    // Signed out is still 401 first; an escaped percent sign is text like any other.
    expect((await t.request("/api/teams/%00")).status).toBe(401);
    expect((await t.request("/api/prompts?q=%2500", { token })).status).toBe(200);
  });

  it("rejects malformed JSON, wrong types and oversized bodies with a reason and no stack trace", async () => {
    const token = await t.newUser("edge@example.com");
    const bad = await t.request("/api/profile", {
      method: "PATCH",
      token,
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "INVALID_JSON" } });

    const wrong = await t.request("/api/profile", { method: "PATCH", token, json: { fullName: 42 } });
    expect(wrong.status).toBe(400);
    const text = await wrong.text();
    expect(text).toContain("fullName");
    expect(text).not.toContain("at ");

    const big = await t.request("/api/profile", {
      method: "PATCH",
      token,
      json: { fullName: "x".repeat(5000) },
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });

    const bigAuth = await t.request("/api/auth/sign-in/email", {
      method: "POST",
      json: { email: "a@b.co", password: "x".repeat(5000) },
    });
    expect(bigAuth.status).toBe(413);

    const notJson = await t.request("/api/profile", {
      method: "PATCH",
      token,
      headers: { "content-type": "text/plain" },
      body: "hi",
    });
    expect(notJson.status).toBe(415);
  });
});
