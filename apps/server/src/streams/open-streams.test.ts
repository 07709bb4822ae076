import { describe, expect, it } from "vitest";
import { createOpenStreams, isServerShutdown } from "./open-streams";

describe("the process's open streams", () => {
  it("stops a stream by its key and resolves once it has ended; two stops wait for the same end", async () => {
    const streams = createOpenStreams();
    const controller = new AbortController();
    const untrack = streams.track(controller, "a1");
    const [first, second] = [streams.stop("a1"), streams.stop("a1")];
    expect(first).toBe(second);
    expect(controller.signal.aborted).toBe(true);
    expect(isServerShutdown(controller.signal)).toBe(false);
    let ended = false;
    void first!.then(() => (ended = true));
    await Promise.resolve();
    expect(ended).toBe(false);
    untrack();
    await first;
    expect(streams.stop("a1")).toBeNull();
    expect(streams.size).toBe(0);
  });

  it("shuts down: every stream aborted as a shutdown, waited for, and any new one aborted at once", async () => {
    const streams = createOpenStreams();
    const a = new AbortController();
    const untrack = streams.track(a);
    const shutdown = streams.shutdown(5_000);
    expect(isServerShutdown(a.signal)).toBe(true);
    untrack();
    expect(await shutdown).toEqual({ aborted: 1, finished: true });
    const late = new AbortController();
    streams.track(late)();
    expect(isServerShutdown(late.signal)).toBe(true);
  });

  it("gives up waiting after its time", async () => {
    const streams = createOpenStreams();
    streams.track(new AbortController());
    expect(await streams.shutdown(50)).toEqual({ aborted: 1, finished: false });
  });
});
