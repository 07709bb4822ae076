// Tessera Local through the AI SDK, as the chat feature streams it: grounded answers with sources,
// byte-identical repeats, the honest fallback, aborts and usage.
import { generateText, streamText, type ModelMessage, type TextStreamPart, type ToolSet } from "ai";
import { describe, expect, it, vi } from "vitest";
import { localFallbackText } from "./local-answer";
import { createTesseraLocal } from "./tessera-local";
import type { Passage, Retrieve } from "./types";

type Part = TextStreamPart<ToolSet>;

const model = (id: string, name: string, group: string, content: string, rank: number): Passage => ({
  id: `model:${id}`,
  kind: "catalogue",
  title: `${name} (${group})`,
  url: `/dashboard/chat?model=${id}`,
  content: `${name} is a model in the ${group} group. ${content}`,
  rank,
});

// Shaped like the knowledge index's catalogue passages.
const CATALOGUE: Passage[] = [
  model(
    "gpt-4o",
    "GPT-4o",
    "Industry Leaders",
    "Fast, capable all-rounder with vision. It can read images (vision).",
    0.4,
  ),
  model(
    "qwen-3",
    "Qwen 3 Coder",
    "Industry Leaders",
    "Open-weight specialist for code. Best for code, programming, refactoring.",
    0.3,
  ),
  model(
    "gemini-pro",
    "Gemini 2.5 Pro",
    "Industry Leaders",
    "Google's long-context model for big documents.",
    0.2,
  ),
];

const CODE_QUESTION = "Which model should I use for code?";

async function stream(opts: {
  retrieve: Retrieve;
  messages: ModelMessage[];
  paceMs?: number;
  abortAfterDeltas?: number;
}) {
  const controller = new AbortController();
  const result = streamText({
    model: createTesseraLocal({ retrieve: opts.retrieve, paceMs: opts.paceMs ?? 0 }),
    system: SYSTEM,
    messages: opts.messages,
    maxRetries: 0,
    abortSignal: controller.signal,
    onError: () => {}, // errors are read from the `error` part; the default writes to console.error
  });
  const parts: Part[] = [];
  let deltas = 0;
  for await (const part of result.fullStream) {
    parts.push(part);
    if (part.type === "text-delta" && ++deltas === opts.abortAfterDeltas) controller.abort();
  }
  const text = parts.flatMap((p) => (p.type === "text-delta" ? [p.text] : [])).join("");
  return { parts, text, types: parts.map((p) => p.type) };
}

const SYSTEM = "You are Tessa. Keep it short.";
const ask = (question: string): ModelMessage[] => [{ role: "user", content: question }];

describe("Tessera Local", () => {
  it("answers a model question from the catalogue, naming the model and citing it", async () => {
    const retrieve = vi.fn<Retrieve>().mockResolvedValue(CATALOGUE);
    const { text, parts, types } = await stream({ retrieve, messages: ask(CODE_QUESTION) });
    expect(retrieve).toHaveBeenCalledWith(CODE_QUESTION, 6); // the question, not the system prompt
    expect(text).toMatch(/^For code, pick \*\*Qwen 3 Coder\*\* \[1\]/);
    expect(text).toContain("Open-weight specialist for code. [1]");
    const sources = parts.filter((p) => p.type === "source");
    expect(sources[0]).toMatchObject({
      sourceType: "url",
      url: "/dashboard/chat?model=qwen-3",
      title: "Qwen 3 Coder (Industry Leaders)",
    });
    // Sources come before the text, so they are known even if the answer is stopped.
    expect(types.indexOf("source")).toBeLessThan(types.indexOf("text-delta"));
    expect(types.at(-1)).toBe("finish");
  });

  it("gives byte-identical output for the same question and passages", async () => {
    const retrieve: Retrieve = () => Promise.resolve(CATALOGUE);
    const first = await stream({ retrieve, messages: ask(CODE_QUESTION) });
    const second = await stream({ retrieve, messages: ask(CODE_QUESTION) });
    expect(second.text).toBe(first.text);
    const deltas = (r: typeof first) => r.parts.filter((p) => p.type === "text-delta").map((p) => p.text);
    expect(deltas(second)).toEqual(deltas(first));
    expect(deltas(first).length).toBeGreaterThan(3);
  });

  it("says honestly what it is when nothing relevant is found", async () => {
    const { text, types } = await stream({
      retrieve: () => Promise.resolve([]),
      messages: ask("What is the capital of France?"),
    });
    expect(text).toBe(localFallbackText());
    expect(text).toMatch(/^I'm Tessera Local, answering offline/);
    expect(text).not.toMatch(/[A-Z]+_[A-Z_]+/);
    expect(types).not.toContain("source");
  });

  it("stops promptly on abort and emits nothing after it", async () => {
    const retrieve: Retrieve = () => Promise.resolve(CATALOGUE);
    const full = await stream({ retrieve, messages: ask(CODE_QUESTION) });
    const started = Date.now();
    const stopped = await stream({ retrieve, messages: ask(CODE_QUESTION), paceMs: 50, abortAfterDeltas: 2 });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(stopped.types.at(-1)).toBe("abort");
    expect(stopped.types).not.toContain("error");
    expect(stopped.types.filter((t) => t === "text-delta")).toHaveLength(2);
    expect(full.text.startsWith(stopped.text)).toBe(true);
  });

  it("reports usage estimated at four characters a token", async () => {
    const messages = ask(CODE_QUESTION);
    const { text, parts } = await stream({ retrieve: () => Promise.resolve(CATALOGUE), messages });
    const finish = parts.find((p) => p.type === "finish");
    const promptChars = SYSTEM.length + CODE_QUESTION.length;
    expect(finish?.type === "finish" && finish.finishReason).toBe("stop");
    expect(finish?.type === "finish" && finish.totalUsage).toMatchObject({
      inputTokens: Math.ceil(promptChars / 4),
      outputTokens: Math.ceil(text.length / 4),
    });
  });

  it("answers the same through generateText", async () => {
    const retrieve: Retrieve = () => Promise.resolve(CATALOGUE);
    const streamed = await stream({ retrieve, messages: ask(CODE_QUESTION) });
    const generated = await generateText({
      model: createTesseraLocal({ retrieve, paceMs: 0 }),
      system: SYSTEM,
      messages: ask(CODE_QUESTION),
      maxRetries: 0,
    });
    expect(generated.text).toBe(streamed.text);
    expect(generated.sources.map((s) => s.sourceType === "url" && s.url)).toContain(
      "/dashboard/chat?model=qwen-3",
    );
  });
});
