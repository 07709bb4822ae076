import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DRAFT_WRITES_PER_SECOND, draftSpacingMs, startDraftWriter } from "./draft-writer";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("draft writes", () => {
  it("writes a lone stream's text once a tick when it changed, and not when it did not", async () => {
    const writes: string[] = [];
    const draft = startDraftWriter((t) => Promise.resolve(writes.push(t)), {
      everyMs: 1_000,
      onError: () => undefined,
      now: Date.now,
    });
    draft.set("Hel");
    await vi.advanceTimersByTimeAsync(1_000);
    draft.set("Hello");
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    await draft.stop();
    expect(writes).toEqual(["Hel", "Hello"]);
  });

  it("keeps all open streams together under the database's share, each writing less often", async () => {
    const open = DRAFT_WRITES_PER_SECOND * 4;
    expect(draftSpacingMs(1_000, 10)).toBe(1_000);
    expect(draftSpacingMs(1_000, open)).toBe(4_000);
    let writes = 0;
    const drafts = Array.from({ length: open }, () =>
      startDraftWriter(() => Promise.resolve(writes++), {
        everyMs: 1_000,
        onError: () => undefined,
        now: Date.now,
      }),
    );
    for (let second = 1; second <= 8; second++) {
      for (const [i, d] of drafts.entries()) d.set(`token ${second} of ${i}`);
      await vi.advanceTimersByTimeAsync(1_000);
    }
    // Eight seconds of a token a second: one write in four seconds each, not one every second.
    expect(writes).toBe(open * 2);
    expect(writes / 8).toBeLessThanOrEqual(DRAFT_WRITES_PER_SECOND);
    await Promise.all(drafts.map((d) => d.stop()));
    // Closed streams give their share back.
    const lone: string[] = [];
    const after = startDraftWriter((t) => Promise.resolve(lone.push(t)), {
      everyMs: 1_000,
      onError: () => undefined,
      now: Date.now,
    });
    after.set("again");
    await vi.advanceTimersByTimeAsync(1_000);
    await after.stop();
    expect(lone).toEqual(["again"]);
  });
});
