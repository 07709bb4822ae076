import { describe, expect, it } from "vitest";
import { formatCost, formatDuration, formatTokensPerSecond } from "./format-metrics";

describe("card metrics", () => {
  it("shows short times in milliseconds and longer ones in seconds", () => {
    expect(formatDuration(640)).toBe("640 ms");
    expect(formatDuration(1234)).toBe("1.23 s");
    expect(formatDuration(12_345)).toBe("12.3 s");
    expect(formatDuration(null)).toBe("—");
  });

  it("shows cost to four places, free as $0.0000 and unknown as a dash", () => {
    expect(formatCost(0)).toBe("$0.0000");
    expect(formatCost(0.001234)).toBe("$0.0012");
    expect(formatCost(null)).toBe("—");
  });

  it("shows speed to one place", () => {
    expect(formatTokensPerSecond(42.345)).toBe("42.3/s");
    expect(formatTokensPerSecond(null)).toBe("—");
  });
});
