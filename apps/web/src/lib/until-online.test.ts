import { afterEach, describe, expect, it, vi } from "vitest";
import { untilOnline } from "./until-online";

describe("untilOnline", () => {
  afterEach(() => vi.useRealTimers());

  it("resolves when the browser is online again, after the time given, or when aborted, whichever is first", async () => {
    vi.useFakeTimers();
    const settled = (promise: Promise<void>) => {
      let done = false;
      void promise.then(() => (done = true));
      return () => done;
    };

    const back = settled(untilOnline(60_000));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(back()).toBe(false);
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(back()).toBe(true);

    const timedOut = settled(untilOnline(1_000));
    await vi.advanceTimersByTimeAsync(999);
    expect(timedOut()).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(timedOut()).toBe(true);

    const controller = new AbortController();
    const aborted = settled(untilOnline(60_000, controller.signal));
    controller.abort();
    await vi.advanceTimersByTimeAsync(0);
    expect(aborted()).toBe(true);
  });
});
