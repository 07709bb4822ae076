// The driver reads answers through the state machine against streams and a store the test holds:
// tries a connection again before the first event, follows a lost answer as stored, waits for the
// server's name before a Stop that needs it (even once let go of), and shows the stored form after Stop.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAnswerDriver } from "./answer-driver";
import type { DurableSpec } from "./drive-answer";
import type { DurableAnswer } from "./durable-answer";

type Event = { type: "start"; id: string } | { type: "chunk"; text: string } | { type: "done" };
type Stored = { running: boolean; text: string };

/** A stream the test writes to, event by event, and ends or breaks. */
function channel() {
  const queue: Event[] = [];
  let wake = () => {};
  let end: "closed" | Error | null = null;
  async function* read(signal: AbortSignal): AsyncGenerator<Event> {
    for (;;) {
      if (signal.aborted) throw new DOMException("Stopped.", "AbortError");
      const next = queue.shift();
      if (next) yield next;
      else if (end === "closed") return;
      else if (end) throw end;
      else
        await new Promise<void>(
          (resolve) => ((wake = resolve), signal.addEventListener("abort", () => resolve())),
        );
    }
  }
  return {
    push: (event: Event) => (queue.push(event), wake()),
    close: () => ((end = "closed"), wake()),
    fail: (error: Error) => ((end = error), wake()),
    read: (signal: AbortSignal) => read(signal),
  };
}

function setup(overrides: Partial<DurableSpec<Event, string, Stored>> = {}) {
  const stored: Stored[] = [];
  const stop = vi.fn(() => Promise.resolve());
  const read = vi.fn(() => Promise.resolve(stored.length > 1 ? stored.shift()! : (stored[0] ?? null)));
  const spec: DurableSpec<Event, string, Stored> = {
    meaning: (text, event) =>
      event.type === "start"
        ? { type: "named", name: event.id, value: text }
        : event.type === "chunk"
          ? { type: "grew", value: text + event.text }
          : { type: "closed", phase: "complete", value: text },
    stop,
    read,
    stored: (_answer, s) => ({ phase: s.running ? "streaming" : "interrupted", value: s.text }),
    errorText: (error) => (error instanceof Error ? error.message : "?"),
    endedEarly: "Ended early.",
    goneText: "Gone.",
    ...overrides,
  };
  let shown: ReadonlyMap<string, DurableAnswer<string>> = new Map();
  const driver = createAnswerDriver(
    () => spec,
    (answers) => (shown = answers),
  );
  return { stop, read, stored, driver, shown: (key: string) => shown.get(key) };
}

afterEach(() => vi.useRealTimers());

describe("the answer driver", () => {
  it("reads a stream to its closing event, showing every change", async () => {
    const { driver, shown } = setup();
    const stream = channel();
    const phases: string[] = [];
    const done = driver.start("a", { value: "", open: stream.read, changed: (a) => phases.push(a.phase) });
    expect(shown("a")?.phase).toBe("pending");
    stream.push({ type: "start", id: "A" });
    stream.push({ type: "chunk", text: "Hello" });
    stream.push({ type: "done" });
    expect(await done).toMatchObject({ phase: "complete", name: "A", value: "Hello" });
    expect(shown("a")).toMatchObject({ phase: "complete", value: "Hello" });
    expect(phases).toEqual(["streaming", "streaming", "complete"]);
  });

  it("tries a connection that fails before the first event again, then follows a lost answer as stored", async () => {
    vi.useFakeTimers();
    const retries: number[] = [];
    const streams = [channel(), channel()];
    const { driver, stored, read } = setup({
      reconnect: { delaysMs: [1_000], retryable: () => true, onRetry: (n) => retries.push(n) },
    });
    streams[0]!.fail(new TypeError("Failed to fetch"));
    let opened = 0;
    const done = driver.start("a", { value: "", open: (signal) => streams[opened++]!.read(signal) });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(retries).toEqual([2]);
    streams[1]!.push({ type: "start", id: "A" });
    streams[1]!.push({ type: "chunk", text: "Once" });
    stored.push({ running: true, text: "Once upon" }, { running: false, text: "Once upon a time" });
    streams[1]!.fail(new TypeError("network error"));
    await vi.advanceTimersByTimeAsync(2_500);
    expect(await done).toMatchObject({
      phase: "interrupted",
      reading: "reconnecting",
      value: "Once upon a time",
    });
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("Stop before the server named the answer reads on, even let go of, and stops it by the name", async () => {
    const { driver, stop, shown } = setup();
    const stream = channel();
    let signal: AbortSignal | undefined;
    const done = driver.start("a", { value: "Hal", open: (s) => ((signal = s), stream.read(s)) });
    driver.stop();
    expect(shown("a")).toMatchObject({ phase: "stopped", stopOnName: true, value: "Hal" });
    driver.release();
    expect(shown("a")).toBeUndefined();
    expect(signal?.aborted).toBe(false);
    stream.push({ type: "start", id: "A" });
    await done;
    expect(stop).toHaveBeenCalledWith("A");
    expect(signal?.aborted).toBe(true);
  });

  it("Stop that can name it otherwise stops at once; once stopped by name, the stored form is shown", async () => {
    const stopUnnamed = vi.fn(() => Promise.resolve());
    const { driver, stop, read, stored, shown } = setup();
    const first = channel();
    const unnamed = driver.start("a", { value: "", open: first.read, stopUnnamed });
    driver.stop(["a"]);
    await unnamed;
    expect(stopUnnamed).toHaveBeenCalledTimes(1);
    expect(read).not.toHaveBeenCalled();

    const second = channel();
    const named = driver.start("b", { value: "", open: second.read, stopUnnamed });
    second.push({ type: "start", id: "B" });
    second.push({ type: "chunk", text: "Half" });
    await vi.waitFor(() => expect(shown("b")?.value).toBe("Half"));
    stored.push({ running: false, text: "Half and more" });
    driver.stop();
    await named;
    expect(stop).toHaveBeenCalledWith("B");
    await vi.waitFor(() => expect(shown("b")).toMatchObject({ phase: "stopped", value: "Half and more" }));
  });

  it("a followed answer no longer stored fails with the feature's words", async () => {
    vi.useFakeTimers();
    const { driver } = setup();
    const done = driver.follow("a", "A", { value: "So far" });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await done).toMatchObject({ phase: "failed", error: "Gone.", value: "So far" });
  });

  it("a stream refused before it began fails with its reason; one that closes early says so", async () => {
    const { driver } = setup();
    const refused = driver.start("a", {
      value: "",
      open: () => {
        throw new Error("Too many searches.");
      },
    });
    expect(await refused).toMatchObject({ phase: "failed", error: "Too many searches." });
    const stream = channel();
    stream.close();
    expect(await driver.start("b", { value: "", open: stream.read })).toMatchObject({
      error: "Ended early.",
    });
  });
});
