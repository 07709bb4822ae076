import { describe, expect, it } from "vitest";
import { coalesceEvents, coalesceTextDeltas } from "./coalesce-sse";

const head = { id: "c1", object: "chat.completion.chunk", created: 1, model: "m" };
const text = (content: string, role = false) =>
  `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: role ? { role: "assistant", content } : { content }, finish_reason: null }] })}\n\n`;
const finish = `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`;
const usage = `data: ${JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: 1, completion_tokens: 3 } })}\n\n`;
const tool = `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "t", function: { name: "f", arguments: "" } }] }, finish_reason: null }] })}\n\n`;
const reasoning = `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta: { content: "", reasoning_content: "hmm" }, finish_reason: null }] })}\n\n`;

const contents = (sse: string) =>
  sse
    .split("\n\n")
    .filter((b) => b.startsWith("data: {"))
    .map(
      (b) =>
        (JSON.parse(b.slice(6)) as { choices: { delta?: { content?: string } }[] }).choices[0]?.delta
          ?.content,
    );

async function through(parts: string[]): Promise<string> {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(c) {
      for (const p of parts) c.enqueue(encoder.encode(p));
      c.close();
    },
  }).pipeThrough(coalesceTextDeltas());
  return new Response(body).text();
}

describe("coalescing text deltas that arrive together", () => {
  it("joins a run of text deltas into one event with the same text, first role kept", () => {
    const out = coalesceEvents(
      text("Paris", true) + text(" is") + text(" the capital.") + finish + usage + "data: [DONE]\n\n",
    );
    expect(contents(out)).toEqual(["Paris is the capital.", undefined, undefined]);
    expect(out).toContain('"role":"assistant"');
    expect(out.endsWith(`${finish}${usage}data: [DONE]\n\n`)).toBe(true);
  });

  it("leaves a lone event byte for byte, and every event that is not plain text as it was", () => {
    expect(coalesceEvents(text("Hi"))).toBe(text("Hi"));
    const mixed =
      text("a") +
      text("b") +
      tool +
      text("c") +
      reasoning +
      text("d") +
      ": keep-alive\n\n" +
      text("e") +
      text("f");
    const out = coalesceEvents(mixed);
    expect(out).toContain(tool);
    expect(out).toContain(reasoning);
    expect(out).toContain(": keep-alive\n\n");
    expect(contents(out)).toEqual(["ab", undefined, "c", "", "d", "ef"]);
  });

  it("never holds text past its read, and joins nothing across reads", async () => {
    const first = text("one", true) + text(" two");
    const split = text(" three");
    const out = await through([
      first,
      split.slice(0, 20),
      split.slice(20) + text(" four") + "data: [DONE]\n\n",
    ]);
    expect(contents(out)).toEqual(["one two", " three four"]);
    expect(out.endsWith("data: [DONE]\n\n")).toBe(true);
  });

  it("passes a stream with CRLF line ends through untouched", async () => {
    const crlf = (text("a") + text("b")).replace(/\n/g, "\r\n");
    expect(await through([crlf])).toBe(crlf);
  });

  it("keeps multi-byte characters split between reads", async () => {
    const bytes = new TextEncoder().encode(text("é") + text("€"));
    const cut = bytes.indexOf(0xe2) + 1;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, cut));
        c.enqueue(bytes.slice(cut));
        c.close();
      },
    }).pipeThrough(coalesceTextDeltas());
    expect(contents(await new Response(body).text()).join("")).toBe("é€");
  });
});
