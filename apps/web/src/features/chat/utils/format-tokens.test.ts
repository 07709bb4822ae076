import { describe, expect, it } from "vitest";
import { formatTokenEstimate } from "./format-tokens";

describe("token estimate (tokens × 5, rounded up, k or M)", () => {
  it.each([
    [0, "0"],
    [1, "5"],
    [199, "995"],
    [200, "1k"],
    [240, "1.2k"],
    [1234, "6.2k"],
    [1241, "6.3k"],
    [199_999, "1M"],
    [250_001, "1.3M"],
  ])("%d tokens → %s", (tokens, shown) => {
    expect(formatTokenEstimate(tokens)).toBe(shown);
  });
});
