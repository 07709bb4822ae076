// The lean chat-completions client against a loopback server that writes the wire bytes itself, read
// by read, so what it proves is about the protocol: deltas of one read joined and of two reads not,
// OpenRouter's cost and citations, pictures as data URLs, in-stream errors, \r\n framing, and the
// whole (non-streamed) answer that follow-up questions use.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { LanguageModelV3StreamPart } from "@ai-sdk/provider";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createOpenAiChatModels } from "./openai-chat-model";
import { streamModel, type ModelStreamPart } from "./stream-model";

const KEY = "sk-lean-client-test-key-42";
type Handler = (body: Record<string, unknown>, res: ServerResponse, req: IncomingMessage) => void;
let handler: Handler = (_b, res) => res.end();
const received: { headers: IncomingMessage["headers"]; body: Record<string, unknown> }[] = [];
let url = "";
const server = createServer((req, res) => {
  let raw = "";
  req.setEncoding("utf8");
  req.on("data", (piece: string) => (raw += piece));
  req.on("end", () => {
    const body = JSON.parse(raw) as Record<string, unknown>;
    received.push({ headers: req.headers, body });
    handler(body, res, req);
  });
});
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(() => {
  received.length = 0;
});
afterAll(
  () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
);

const event = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;
const text = (content: string) => event({ choices: [{ index: 0, delta: { content }, finish_reason: null }] });
const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes each read as one socket write, a beat apart, then ends. */
function reads(...pieces: string[]): Handler {
  return (_body, res) => {
    res.writeHead(200, { "content-type": "text/event-stream" });
    void (async () => {
      for (const piece of pieces) {
        await new Promise<void>((done) => res.write(piece, () => done()));
        await wait(30);
      }
      res.end();
    })();
  };
}

function model(
  provider = "openai-compatible",
  extra: { body?: Record<string, unknown>; headers?: Record<string, string>; openAi?: boolean } = {},
  name = "m1",
) {
  return createOpenAiChatModels({ provider, baseURL: url, apiKey: KEY, secrets: [KEY], ...extra })(name);
}

async function parts(
  stream: ReadableStream<LanguageModelV3StreamPart>,
): Promise<LanguageModelV3StreamPart[]> {
  const out: LanguageModelV3StreamPart[] = [];
  for await (const part of stream) out.push(part);
  return out;
}

async function run(
  m: ReturnType<typeof model>,
  opts: { temperature?: number; maxOutputTokens?: number } = {},
) {
  const got: ModelStreamPart[] = [];
  const stream = streamModel({
    model: m,
    system: "Be brief.",
    messages: [{ role: "user", content: "Hi" }],
    signal: new AbortController().signal,
    idleMs: 5_000,
    totalMs: 10_000,
    ...opts,
  });
  let next = await stream.next();
  while (!next.done) {
    got.push(next.value);
    next = await stream.next();
  }
  return { parts: got, outcome: next.value };
}

describe("the lean chat-completions client", () => {
  it("joins the deltas of one read into one part and keeps reads apart, with the usage at the end", async () => {
    handler = reads(
      text("One") + text(" two") + text(" three"),
      text(" four") + text(" five"),
      event({ choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }) +
        event({ choices: [], usage: { prompt_tokens: 7, completion_tokens: 5 } }) +
        "data: [DONE]\n\n",
    );
    const { stream } = await model().doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
    const all = await parts(stream);
    const deltas = all.flatMap((p) => (p.type === "text-delta" ? [p.delta] : []));
    expect(deltas).toEqual(["One two three", " four five"]);
    expect(all[0]).toEqual({ type: "text-start", id: "text-0" });
    const finish = all.at(-1);
    expect(finish?.type).toBe("finish");
    if (finish?.type !== "finish") return;
    expect(finish.finishReason.unified).toBe("stop");
    expect(finish.usage.inputTokens.total).toBe(7);
    expect(finish.usage.outputTokens.total).toBe(5);
    expect(received[0]?.body).toMatchObject({
      model: "m1",
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(received[0]?.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  it("hands the caller each piece with the whole text so far, the same string the outcome ends with", async () => {
    handler = reads(text("One") + text(" two"), text(" three"), "data: [DONE]\n\n");
    const { parts: got, outcome } = await run(model());
    expect(got).toEqual([
      { type: "text", text: "One two", sofar: "One two" },
      { type: "text", text: " three", sofar: "One two three" },
    ]);
    expect(outcome.text).toBe("One two three");
  });

  it("reads \\r\\n framing, comments and a chunk split in the middle of a character", async () => {
    const body = `: keep-alive\r\n\r\n${text("Grüße")}${text(" 👋")}data: [DONE]\n\n`.replace(
      /\n\n/g,
      "\r\n\r\n",
    );
    const bytes = Buffer.from(body);
    const cut = bytes.indexOf(Buffer.from("ü")) + 1; // between the two bytes of ü
    handler = (_b, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write(bytes.subarray(0, cut), () => setTimeout(() => res.end(bytes.subarray(cut)), 30));
    };
    const { parts: got, outcome } = await run(model());
    expect(got.map((p) => (p.type === "text" ? p.text : "")).join("")).toBe("Grüße 👋");
    expect(outcome.failure).toBeNull();
  });

  it("sends OpenRouter's usage accounting and title, and reports the cost and the cited pages", async () => {
    handler = reads(
      event({
        choices: [
          {
            index: 0,
            delta: {
              content: "See [1].",
              annotations: [
                { type: "url_citation", url_citation: { url: "https://example.org/a", title: "Page A" } },
                { type: "file", file: { name: "x" } },
              ],
            },
          },
        ],
      }),
      event({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 4, cost: 0.00042 } }) +
        "data: [DONE]\n\n",
    );
    const m = model("openrouter", {
      body: { usage: { include: true } },
      headers: { "x-openrouter-title": "Tessera" },
    });
    const { parts: got, outcome } = await run(m, { temperature: 0.3, maxOutputTokens: 99 });
    expect(got).toEqual([
      { type: "text", text: "See [1].", sofar: "See [1]." },
      { type: "source", title: "Page A", url: "https://example.org/a" },
    ]);
    expect(outcome).toMatchObject({ text: "See [1].", cost: 0.00042, outputTokens: 4, failure: null });
    expect(received[0]?.body).toMatchObject({
      usage: { include: true },
      temperature: 0.3,
      max_tokens: 99,
      messages: [
        { role: "system", content: "Be brief." },
        { role: "user", content: "Hi" },
      ],
    });
    expect(received[0]?.headers["x-openrouter-title"]).toBe("Tessera");
    expect(received[0]?.body).not.toHaveProperty("max_completion_tokens");
  });

  it("speaks OpenAI's dialect to OpenAI: the cap as max_completion_tokens, no sampling settings for a reasoning model", async () => {
    // As OpenAI answers: a reasoning model refuses max_tokens and any temperature or top_p but the default.
    handler = (body, res) => {
      const name = String(body.model);
      const reasoning = ["gpt-5-mini", "o3"].includes(name);
      const refused =
        "max_tokens" in body ? "max_tokens" : reasoning && "temperature" in body ? "temperature" : null;
      if (refused) {
        res.writeHead(400, { "content-type": "application/json" });
        return res.end(
          JSON.stringify({
            error: {
              message: `Unsupported parameter: '${refused}' is not supported with this model.`,
              param: refused,
            },
          }),
        );
      }
      reads(text(`${name} here.`) + "data: [DONE]\n\n")(body, res, undefined as never);
    };
    const settings = { temperature: 0.3, maxOutputTokens: 99 };
    for (const name of ["gpt-5-mini", "o3", "gpt-4o", "gpt-5-chat-latest"]) {
      const { outcome } = await run(model("openai-compatible", { openAi: true }, name), settings);
      expect(outcome).toMatchObject({ text: `${name} here.`, failure: null });
    }
    expect(received.map((r) => r.body)).toEqual([
      expect.objectContaining({ model: "gpt-5-mini", max_completion_tokens: 99 }),
      expect.objectContaining({ model: "o3", max_completion_tokens: 99 }),
      expect.objectContaining({ model: "gpt-4o", max_completion_tokens: 99, temperature: 0.3 }),
      expect.objectContaining({ model: "gpt-5-chat-latest", max_completion_tokens: 99, temperature: 0.3 }),
    ]);
    expect(received[0]?.body).not.toHaveProperty("temperature");
    expect(received[1]?.body).not.toHaveProperty("temperature");
    // The same model asked in the general dialect, as before: refused.
    const { parts: got, outcome } = await run(model("openai-compatible", {}, "gpt-5-mini"), settings);
    expect(got).toEqual([]);
    expect(outcome).toMatchObject({ text: "", upstreamStatus: 400 });
    expect(outcome.failure).not.toBeNull();
    expect(received[4]?.body).toMatchObject({ max_tokens: 99, temperature: 0.3 });
  });

  it("sends history as text and a picture as a data URL", async () => {
    handler = reads(text("A cat.") + "data: [DONE]\n\n");
    const picture = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    const stream = streamModel({
      model: model(),
      system: "",
      messages: [
        { role: "user", content: "Earlier" },
        { role: "assistant", content: "Noted." },
        {
          role: "user",
          content: [
            { type: "text", text: "What is this?" },
            { type: "image", image: picture, mediaType: "image/png" },
          ],
        },
      ],
      signal: new AbortController().signal,
      idleMs: 5_000,
      totalMs: 10_000,
    });
    while (!(await stream.next()).done);
    expect(received[0]?.body.messages).toEqual([
      { role: "user", content: "Earlier" },
      { role: "assistant", content: "Noted." },
      {
        role: "user",
        content: [
          { type: "text", text: "What is this?" },
          {
            type: "image_url",
            image_url: { url: `data:image/png;base64,${Buffer.from(picture).toString("base64")}` },
          },
        ],
      },
    ]);
  });

  it("ends the answer at an error object sent after the 200, keeping the text and never the key", async () => {
    handler = reads(
      text("Partial"),
      event({ error: { message: `quota for ${KEY} used up` } }) + text(" lost"),
    );
    const { parts: got, outcome } = await run(model());
    expect(got).toEqual([{ type: "text", text: "Partial", sofar: "Partial" }]);
    expect(outcome).toMatchObject({ text: "Partial", failure: "failed" });
    const raw = await model().doStream({
      prompt: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
    const error = (await parts(raw.stream)).find((p) => p.type === "error");
    expect(String((error as { error: Error }).error.message)).not.toContain(KEY);
  });

  it("ends the answer at a chunk that is not JSON", async () => {
    handler = reads(text("Half") + 'data: {"choices":[{"delta":{"content":"bro\n\n' + text("ken"));
    const { outcome } = await run(model());
    expect(outcome).toMatchObject({ text: "Half", failure: "failed" });
  });

  it("refuses with the upstream's status and message, the key redacted", async () => {
    handler = (_b, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: `Incorrect API key provided: ${KEY}` } }));
    };
    const { outcome } = await run(model());
    expect(outcome).toMatchObject({ failure: "unavailable", upstreamStatus: 401, text: "" });
    await expect(
      model().doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "Hi" }] }] }),
    ).rejects.toSatisfy(
      (e: Error & { responseBody?: string }) => !e.message.includes(KEY) && !e.responseBody?.includes(KEY),
    );
  });

  it("answers a whole (non-streamed) call, as follow-up questions ask", async () => {
    handler = (body, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          choices: [
            { index: 0, message: { role: "assistant", content: "Why?\nHow?" }, finish_reason: "stop" },
          ],
          usage: { prompt_tokens: 9, completion_tokens: 3 },
          echo: body.stream ?? null,
        }),
      );
    };
    const answer = await model().doGenerate({
      prompt: [{ role: "user", content: [{ type: "text", text: "Hi" }] }],
    });
    expect(answer.content).toEqual([{ type: "text", text: "Why?\nHow?" }]);
    expect(answer.usage.outputTokens.total).toBe(3);
    expect(received[0]?.body.stream).toBeUndefined();
  });
});
