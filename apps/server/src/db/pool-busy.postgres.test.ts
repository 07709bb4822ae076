// Every PostgreSQL connection busy for longer than a request may wait: the request gives up after
// CONNECT_TIMEOUT_MS with a 503 that says so and when to come back, never a 500 or a hang, and the
// server answers normally once connections are free again.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/test-app";
import { CONNECT_TIMEOUT_MS, isConnectionTimeout, POOL_SIZE } from "./client";

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = await t.newUser("busy@example.com");
});
afterAll(() => t.close());

it("recognises a connection timeout directly and as the cause of a failed query", () => {
  const timeout = new Error("timeout exceeded when trying to connect");
  expect(isConnectionTimeout(timeout)).toBe(true);
  expect(isConnectionTimeout(new Error("Failed query: select 1", { cause: timeout }))).toBe(true);
  expect(isConnectionTimeout(new Error("relation does not exist"))).toBe(false);
  expect(isConnectionTimeout("timeout exceeded when trying to connect")).toBe(false);
});

it(
  "answers 503 with Retry-After when no connection frees up in time, then serves again",
  async () => {
    // Drizzle's queries run when awaited: start each one now, so they hold every connection.
    const held = Array.from({ length: POOL_SIZE }, () =>
      Promise.resolve(
        t.services.database.db.execute(sql`select pg_sleep(${(CONNECT_TIMEOUT_MS + 3_000) / 1000})`),
      ),
    );
    await new Promise((r) => setTimeout(r, 500));
    const started = Date.now();
    const res = await t.request("/api/conversations", { token });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("5");
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({
      code: "UNAVAILABLE",
      message: "Tessera is busy right now. Try again in a moment.",
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 1_000);
    await Promise.all(held);
    expect((await t.request("/api/conversations", { token })).status).toBe(200);
  },
  CONNECT_TIMEOUT_MS + 20_000,
);
