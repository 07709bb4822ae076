// Tool calls on Anthropic and Google through POST /api/chat-stream: loopback servers that stream as
// their APIs do (a tool_use block with its input in input_json_delta pieces; a Gemini functionCall
// part with its thought signature), and what the second request carried back to each.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import { createTestApp, readSse, type SseEvent, type TestApp } from "../../test/test-app";
import { startAnthropicServer, startGeminiServer, type VendorServer } from "../../test/vendor-model-servers";

let t: TestApp;
let anthropic: VendorServer;
let gemini: VendorServer;
let ada: string;

const script = {
  before: "Checking the clock.",
  tool: "current_time",
  input: { timeZone: "Europe/Paris" },
  after: ["It is ", "late in Paris."],
};

beforeAll(async () => {
  anthropic = await startAnthropicServer(script);
  gemini = await startGeminiServer({ ...script, thoughtSignature: "c2lnbmF0dXJlLTE=" });
  t = await createTestApp({
    ANTHROPIC_API_KEY: "sk-ant-loopback-0001",
    ANTHROPIC_BASE_URL: anthropic.url,
    GOOGLE_GENERATIVE_AI_API_KEY: "google-loopback-0002",
    GOOGLE_BASE_URL: gemini.url,
    BILLING: "off",
  });
  ada = await t.newUser("ada@example.com");
});
afterAll(async () => {
  await t.close();
  await anthropic.close();
  await gemini.close();
});

const ofType = (events: SseEvent[], type: string) => events.filter((e) => e.type === type);

async function ask(model: string) {
  const events = await readSse(
    await t.request("/api/chat-stream", {
      method: "POST",
      token: ada,
      json: { message: "What time is it in Paris?", model, tools: ["builtin:current_time"] },
    }),
  );
  const [call] = ofType(events, "tool_call");
  const [result] = ofType(events, "tool_result");
  const text = ofType(events, "chunk")
    .map((e) => e.content as string)
    .join("");
  const [row] = await t.services.database.db
    .select()
    .from(messages)
    .where(eq(messages.id, events[0]!.messageId as string));
  return { events, call, result, text, row: row! };
}

/** Each vendor's answer goes the same way: the call with its whole input, its result, then the words. */
function expectToolAnswer(answer: Awaited<ReturnType<typeof ask>>) {
  expect(answer.call).toMatchObject({ name: "current_time", input: { timeZone: "Europe/Paris" } });
  expect(answer.result).toMatchObject({ id: answer.call!.id, isError: false });
  expect(answer.result!.output).toContain("Europe/Paris");
  expect(answer.text).toBe("Checking the clock.\n\nIt is late in Paris.");
  expect(answer.events.at(-1)).toMatchObject({ type: "complete" });
  expect(answer.row.status).toBe("complete");
  expect(answer.row.toolCalls).toEqual([
    expect.objectContaining({ name: "current_time", output: answer.result!.output, isError: false }),
  ]);
}

describe("tool calls on Anthropic and Google", () => {
  it("Anthropic: offers the tools, reads the streamed tool_use, and sends the tool_result back", async () => {
    const before = anthropic.requests.length;
    const answer = await ask("claude-sonnet");
    expectToolAnswer(answer);
    expect(answer.call!.id).toBe("toolu_01loopback");
    const [first, second] = anthropic.requests.slice(before);
    expect(anthropic.requests.length - before).toBe(2);
    expect(first!.headers["x-api-key"]).toBe("sk-ant-loopback-0001");
    expect(first!.body).toMatchObject({
      model: "claude-sonnet-4-0",
      stream: true,
      tools: [expect.objectContaining({ name: "current_time", input_schema: expect.any(Object) as unknown })],
      tool_choice: { type: "auto" },
    });
    const sent = (second!.body as { messages: { role: string; content: unknown }[] }).messages;
    expect(sent.at(-2)).toMatchObject({
      role: "assistant",
      content: [
        { type: "text", text: "Checking the clock." },
        {
          type: "tool_use",
          id: "toolu_01loopback",
          name: "current_time",
          input: { timeZone: "Europe/Paris" },
        },
      ],
    });
    expect(sent.at(-1)).toMatchObject({
      role: "user",
      content: [{ type: "tool_result", tool_use_id: "toolu_01loopback", content: answer.result!.output }],
    });
  });

  it("Google: offers the tools, reads the functionCall part, and sends the functionResponse back", async () => {
    const before = gemini.requests.length;
    const answer = await ask("gemini-pro");
    expectToolAnswer(answer);
    const [first, second] = gemini.requests.slice(before);
    expect(gemini.requests.length - before).toBe(2);
    expect(first!.path).toBe("/v1beta/models/gemini-2.5-pro:streamGenerateContent?alt=sse");
    expect(first!.headers["x-goog-api-key"]).toBe("google-loopback-0002");
    expect(first!.body).toMatchObject({
      tools: [{ functionDeclarations: [expect.objectContaining({ name: "current_time" })] }],
      toolConfig: { functionCallingConfig: { mode: "AUTO" } },
    });
    const contents = (second!.body as { contents: { role: string; parts: Record<string, unknown>[] }[] })
      .contents;
    // The model's call goes back with its thought signature, as Gemini requires of a replayed call.
    expect(contents.at(-2)).toMatchObject({
      role: "model",
      parts: [
        { text: "Checking the clock." },
        {
          functionCall: { name: "current_time", args: { timeZone: "Europe/Paris" } },
          thoughtSignature: "c2lnbmF0dXJlLTE=",
        },
      ],
    });
    expect(contents.at(-1)).toMatchObject({
      role: "user",
      parts: [
        {
          functionResponse: {
            name: "current_time",
            response: { name: "current_time", content: answer.result!.output },
          },
        },
      ],
    });
  });
});
