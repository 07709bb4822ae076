import { describe, expect, it } from "vitest";
import { createEventStreamReader } from "./event-stream";

/** The events a stream of text pieces yields, read piece by piece. */
function read(...pieces: string[]): string[] {
  const events: string[] = [];
  const reader = createEventStreamReader((data) => events.push(data));
  for (const piece of pieces) reader.push(piece);
  return events;
}

describe("the event-stream reader", () => {
  it("yields the data of each complete event, in order", () => {
    expect(read('data: {"a":1}\n\ndata: {"a":2}\n\ndata: [DONE]\n\n')).toEqual([
      '{"a":1}',
      '{"a":2}',
      "[DONE]",
    ]);
  });

  it("joins an event's data lines with a line feed and drops one leading space only", () => {
    expect(read("data: one\ndata:two\ndata:  three\n\n")).toEqual(["one\ntwo\n three"]);
  });

  it("waits for the blank line, however the text is cut", () => {
    const text = 'data: {"choices":[{"delta":{"content":"Hé"}}]}\n\ndata: x\n\n';
    for (let cut = 1; cut < text.length; cut++)
      expect(read(text.slice(0, cut), text.slice(cut))).toEqual([
        '{"choices":[{"delta":{"content":"Hé"}}]}',
        "x",
      ]);
  });

  it("takes \\r\\n and \\r line ends, also a \\r\\n split between two reads", () => {
    expect(read("data: a\r\n\r\ndata: b\r\rdata: c\n\n")).toEqual(["a", "b", "c"]);
    expect(read("data: a\r", "\n\r", "\n")).toEqual(["a"]);
    // A lone \r at the end of a read ends its line once the next read shows it is not \r\n.
    expect(read("data: a\r", "\rdata: b\n\n")).toEqual(["a", "b"]);
  });

  it("skips comments, other fields and events without data", () => {
    expect(read(": ping\n\nevent: message\nid: 7\nretry: 10\ndata: kept\n\nevent: empty\n\n")).toEqual([
      "kept",
    ]);
  });

  it("treats a bare `data` field as an empty line of data", () => {
    expect(read("data\n\n")).toEqual([""]);
  });

  it("drops an event the stream ends in the middle of", () => {
    expect(read("data: whole\n\ndata: half")).toEqual(["whole"]);
  });
});
