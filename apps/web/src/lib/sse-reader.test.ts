import { describe, expect, it } from "vitest";
import { readSseData, StreamIdleError } from "./sse-reader";

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
});
