import { describe, expect, it } from "vitest";
import { capMessages } from "./cap-messages";

const streamOf = (text: string, chunk = 65_536) => {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream<Uint8Array>({
    start(c) {
      for (let i = 0; i < bytes.length; i += chunk) c.enqueue(bytes.slice(i, i + chunk));
      c.close();
    },
  });
};
const read = (s: ReadableStream<Uint8Array>) => new Response(s).text();
const result = (text: string, id: number | string, idFirst = false) =>
  JSON.stringify(
    idFirst
      ? { jsonrpc: "2.0", id, result: { content: [{ type: "text", text }] } }
      : { result: { content: [{ type: "text", text }] }, jsonrpc: "2.0", id },
  );

describe("capMessages", () => {
  it("passes messages under the cap through unchanged, event by event", async () => {
    const events = `event: message\ndata: ${result("small", 1)}\n\nevent: message\ndata: ${result("also", 2)}\n\n`;
    expect(await read(capMessages(streamOf(events, 7), "sse", 1_000))).toBe(events);
    expect(await read(capMessages(streamOf(result("a", 3), 5), "json", 1_000))).toBe(result("a", 3));
  });

  it("cuts an event past the cap to its start with a note, keeping its id and the events after it", async () => {
    const huge = `say "hi"\n${"y".repeat(3_000_000)}`;
    const events = `event: message\ndata: ${result(huge, 7)}\n\nevent: message\ndata: ${result("next", 8)}\n\n`;
    const out = await read(capMessages(streamOf(events), "sse", 100_000));
    expect(out.length).toBeLessThan(101_000);
    const [first, second] = out.split("\n\n").filter(Boolean);
    const cut = JSON.parse(first!.replace("event: message\ndata: ", "")) as {
      id: number;
      result: { content: { text: string }[] };
    };
    expect(cut.id).toBe(7);
    expect(cut.result.content[0]!.text.startsWith('say "hi"\nyyy')).toBe(true);
    expect(cut.result.content[0]!.text).toMatch(
      /\[Cut: the tool's answer was longer than 100,000 characters/,
    );
    expect(second).toBe(`event: message\ndata: ${result("next", 8)}`);
  });

  it("cuts a JSON answer whose id comes first", async () => {
    const out = await read(capMessages(streamOf(result("z".repeat(500_000), "req-1", true)), "json", 10_000));
    const cut = JSON.parse(out) as { id: string; result: { content: { text: string }[] } };
    expect(cut.id).toBe("req-1");
    expect(cut.result.content[0]!.text).toMatch(/^z{9000}/);
  });
});
