import { describe, expect, it } from "vitest";
import { createMemoryRateLimiter } from "./rate-limiter";

describe("memory rate limiter", () => {
  it("allows max hits per window per key, then says how long to wait", () => {
    let now = 0;
    const limiter = createMemoryRateLimiter(() => now);
    const rule = { windowMs: 60_000, max: 2 };
    expect(limiter.hit("a", rule)).toBeNull();
    expect(limiter.hit("a", rule)).toBeNull();
    expect(limiter.hit("b", rule)).toBeNull();
    now = 15_000;
    expect(limiter.hit("a", rule)).toBe(45);
    now = 60_000;
    expect(limiter.hit("a", rule)).toBeNull();
  });

  it("forgets a key on reset, and only that key", () => {
    const limiter = createMemoryRateLimiter(() => 0);
    const rule = { windowMs: 60_000, max: 1 };
    limiter.hit("a", rule);
    limiter.hit("b", rule);
    limiter.reset("a");
    expect(limiter.hit("a", rule)).toBeNull();
    expect(limiter.hit("b", rule)).toBe(60);
  });
});
