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
});
