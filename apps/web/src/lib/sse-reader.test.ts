import { describe, expect, it, vi } from "vitest";
import { DRAIN_MS, readSseData, StreamIdleError } from "./sse-reader";

function streamOf(parts: string[], { hold = false } = {}) {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const part of parts) controller.enqueue(encoder.encode(part));
      if (!hold) controller.close();
    },
  });
}

async function collect(stream: ReadableStream<Uint8Array>, idleMs = 1000, signal?: AbortSignal) {
  const out: string[] = [];
  for await (const data of readSseData(stream, { idleMs, signal })) out.push(data);
  return out;
}

describe("SSE reader", () => {
  it("yields each event's data, across chunk boundaries, skipping heartbeats", async () => {
    const stream = streamOf([': ping\n\ndata: {"a"', ":1}\n\n", "data: two\r\n\r\n: ping\n\n", "data: last"]);
    expect(await collect(stream)).toEqual(['{"a":1}', "two", "last"]);
  });

  it("joins multi-line data", async () => {
    expect(await collect(streamOf(["data: one\ndata: two\n\n"]))).toEqual(["one\ntwo"]);
  });

  it("gives up when nothing arrives for the idle time", async () => {
    const error = await collect(streamOf(["data: x\n\n"], { hold: true }), 50).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StreamIdleError);
  });

  it("stops at once when aborted", async () => {
    const controller = new AbortController();
    const reading = collect(streamOf([], { hold: true }), 10_000, controller.signal).catch((e: unknown) => e);
    controller.abort();
    expect(await reading).toMatchObject({ name: "AbortError" });
  });

  it("reads a body left after its closing event to its end: a finishing request is not aborted", async () => {
    const { stream, push, end, cancel } = heldStream();
    push('data: {"type":"complete"}\n\n');
    for await (const data of readSseData(stream, { idleMs: 1000 })) if (data.includes("complete")) break;
    // The server ends the body just after its closing event.
    end();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancel).not.toHaveBeenCalled();
  });

  it("cancels a left body on Stop, and one that lingers", async () => {
    const controller = new AbortController();
    const stopped = heldStream();
    stopped.push("data: one\n\n");
    for await (const _ of readSseData(stopped.stream, { idleMs: 1000, signal: controller.signal })) break;
    controller.abort();
    await vi.waitFor(() => expect(stopped.cancel).toHaveBeenCalledOnce());

    vi.useFakeTimers();
    try {
      const lingering = heldStream();
      lingering.push("data: one\n\n");
      for await (const _ of readSseData(lingering.stream, { idleMs: 60_000 })) break;
      await vi.advanceTimersByTimeAsync(DRAIN_MS - 1);
      expect(lingering.cancel).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(lingering.cancel).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});

/** A body the test writes to and ends, which records whether its reader cancelled it. */
function heldStream() {
  const encoder = new TextEncoder();
  const cancel = vi.fn();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel,
  });
  return {
    stream,
    cancel,
    push: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}
