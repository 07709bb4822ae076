import { PerformanceObserver, constants } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { collectStartupGarbage } from "./startup-garbage";

describe("collectStartupGarbage", () => {
  it("runs a full (mark-compact) collection", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ["gc"] });
    try {
      collectStartupGarbage();
      // Entries are delivered after the collection, on a later turn of the event loop.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      observer.disconnect();
    }
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });
});
