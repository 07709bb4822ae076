import { createServer, type AddressInfo, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { createMemoryRateLimiter, createRedisRateLimiter } from "./rate-limiter";

describe("memory rate limiter", () => {
  it("allows max hits per window per key, then says how long to wait", async () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { windowMs: 60_000, max: 2 };
    expect(await limiter.hit("a", rule)).toBeNull();
    expect(await limiter.hit("a", rule)).toBeNull();
    expect(await limiter.hit("b", rule)).toBeNull();
    now = 15_000;
    expect(await limiter.hit("a", rule)).toBe(45);
    now = 60_000;
    expect(await limiter.hit("a", rule)).toBeNull();
  });

  it("forgets a key on reset, and only that key", async () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { windowMs: 60_000, max: 1 };
    await limiter.hit("a", rule);
    await limiter.hit("b", rule);
    await limiter.reset("a");
    expect(await limiter.hit("a", rule)).toBeNull();
    expect(await limiter.hit("b", rule)).toBe(60);
  });
});

describe("Redis rate limiter, Redis out of reach", () => {
  // A port that accepts connections and never answers (a hung Redis), and one that refuses them.
  const sockets = new Set<Socket>();
  const silent: Server = createServer((s) => sockets.add(s));
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((done) => silent.close(done));
  });

  it("counts in the process when the server refuses connections: limits hold, nothing throws", async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, "127.0.0.1", done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));

    const limiter = await createRedisRateLimiter(`redis://127.0.0.1:${port}`, {
      logger: createLogger("silent"),
    });
    try {
      const rule = { windowMs: 60_000, max: 2 };
      const started = performance.now();
      expect(await limiter.hit("refused", rule)).toBeNull();
      expect(await limiter.hit("refused", rule)).toBeNull();
      expect(await limiter.hit("refused", rule)).toBe(60);
      await limiter.reset("refused");
      expect(await limiter.hit("refused", rule)).toBeNull();
      // Nothing waited on the connection.
      expect(performance.now() - started).toBeLessThan(400);
      expect(limiter.store()).toBe("fallback");
    } finally {
      await limiter.close();
    }
  });

  it("counts in the process while a server that took the connection never answers", async () => {
    await new Promise<void>((done) => silent.listen(0, "127.0.0.1", done));
    const { port } = silent.address() as AddressInfo;
    const limiter = await createRedisRateLimiter(`redis://127.0.0.1:${port}`, {
      logger: createLogger("silent"),
    });
    try {
      const rule = { windowMs: 60_000, max: 1 };
      expect(await limiter.hit("hung", rule)).toBeNull();
      expect(await limiter.hit("hung", rule)).toBe(60);
      expect(limiter.store()).toBe("fallback");
    } finally {
      await limiter.close();
    }
  });
});
