import { describe, expect, it } from "vitest";
import { formatRelativeTime, formatTimeLabel } from "./time-label";

const now = new Date("2025-06-18T15:00:00");
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);

describe("message time label", () => {
  it("shows the time under 24 hours", () => {
    expect(formatTimeLabel(hoursAgo(2), now, "en-GB")).toBe("13:00");
    expect(formatTimeLabel(hoursAgo(2), now, "en-US")).toMatch(/^1:00\sPM$/);
    expect(formatTimeLabel(hoursAgo(23.9), now, "en-GB")).toMatch(/^\d\d:\d\d$/);
  });

  it("shows the weekday from 24 hours to under 168 hours", () => {
    expect(formatTimeLabel(hoursAgo(24), now, "en-US")).toBe("Tue");
    expect(formatTimeLabel(hoursAgo(167), now, "en-US")).toBe("Wed");
  });

  it("shows month and day from 168 hours", () => {
    expect(formatTimeLabel(hoursAgo(168), now, "en-US")).toBe("Jun 11");
    expect(formatTimeLabel(new Date("2024-12-25T09:00:00"), now, "en-US")).toBe("Dec 25");
  });
});

describe("recent chat time", () => {
  it("is short and relative, then a date", () => {
    expect(formatRelativeTime(new Date(now.getTime() - 20_000), now)).toBe("just now");
    expect(formatRelativeTime(hoursAgo(0.5), now)).toBe("30m ago");
    expect(formatRelativeTime(hoursAgo(5), now)).toBe("5h ago");
    expect(formatRelativeTime(hoursAgo(50), now)).toBe("2d ago");
    expect(formatRelativeTime(hoursAgo(24 * 10), now, "en-US")).toBe("Jun 8");
  });
});
