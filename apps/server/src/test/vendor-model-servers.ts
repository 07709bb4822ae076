// Loopback servers that stream as Anthropic's Messages API and Google's Gemini API do, for the tool
// loop: a request without a tool result is answered with a call to `tool` (its input streamed in
// pieces), one that carries a tool result with text. Every request's body is kept for assertions.
import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface VendorServer {
  /** The base URL the vendor's client is given (Anthropic's `/v1`, Gemini's `/v1beta`). */
  url: string;
  requests: { path: string; headers: Record<string, string | string[] | undefined>; body: unknown }[];
  close(): Promise<void>;
}

interface ToolScript {
  /** Text before the call, the tool's name and input, and the answer once the result is back. */
  before: string;
  tool: string;
  input: Record<string, unknown>;
  after: string[];
}

async function listen(
  prefix: string,
  answer: (path: string, body: unknown, res: ServerResponse) => void,
): Promise<VendorServer> {
  const requests: VendorServer["requests"] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = req.url ?? "";
      let body: unknown = null;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = null;
      }
      requests.push({ path, headers: req.headers, body });
      answer(path, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${prefix}`;
  return {
    url,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** JSON text of the input cut in three, as a model streams it. */
function pieces(input: Record<string, unknown>): string[] {
  const json = JSON.stringify(input);
  const third = Math.ceil(json.length / 3);
  return [json.slice(0, third), json.slice(third, 2 * third), json.slice(2 * third)];
}

/** Anthropic's Messages API (`POST /v1/messages`, stream: true) as server-sent events. */
export function startAnthropicServer(script: ToolScript): Promise<VendorServer> {
  return listen("/v1", (path, body, res) => {
    if (path !== "/v1/messages") {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "Not found" } }));
      return;
    }
    const messages = (body as { messages?: { content: unknown }[] }).messages ?? [];
    const last = messages.at(-1)?.content;
    const hasResult = Array.isArray(last) && last.some((b: { type?: string }) => b.type === "tool_result");
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    const send = (event: string, data: unknown) =>
      res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    send("message_start", {
      type: "message_start",
      message: {
        id: `msg_${messages.length}`,
        type: "message",
        role: "assistant",
        model: "claude-sonnet-4-0",
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 20, output_tokens: 1 },
      },
    });
    const texts = hasResult ? script.after : [script.before];
    send("content_block_start", {
      type: "content_block_start",
      index: 0,
      content_block: { type: "text", text: "" },
    });
    for (const text of texts)
      send("content_block_delta", {
        type: "content_block_delta",
        index: 0,
        delta: { type: "text_delta", text },
      });
    send("content_block_stop", { type: "content_block_stop", index: 0 });
    if (!hasResult) {
      send("content_block_start", {
        type: "content_block_start",
        index: 1,
        content_block: { type: "tool_use", id: "toolu_01loopback", name: script.tool, input: {} },
      });
      for (const partial_json of ["", ...pieces(script.input)])
        send("content_block_delta", {
          type: "content_block_delta",
          index: 1,
          delta: { type: "input_json_delta", partial_json },
        });
      send("content_block_stop", { type: "content_block_stop", index: 1 });
    }
    send("message_delta", {
      type: "message_delta",
      delta: { stop_reason: hasResult ? "end_turn" : "tool_use", stop_sequence: null },
      usage: { output_tokens: 6 },
    });
    send("message_stop", { type: "message_stop" });
    res.end();
  });
}

/** Gemini's `POST /v1beta/models/<model>:streamGenerateContent?alt=sse`, a `functionCall` part first. */
export function startGeminiServer(script: ToolScript & { thoughtSignature: string }): Promise<VendorServer> {
  return listen("/v1beta", (path, body, res) => {
    const match = /^\/v1beta\/models\/([^:/]+):streamGenerateContent\?alt=sse$/.exec(path);
    if (!match) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { code: 404, message: "Not found", status: "NOT_FOUND" } }));
      return;
    }
    const contents = (body as { contents?: { parts?: { functionResponse?: unknown }[] }[] }).contents ?? [];
    const hasResult = contents.at(-1)?.parts?.some((p) => p.functionResponse !== undefined) ?? false;
    res.writeHead(200, { "content-type": "text/event-stream" });
    const send = (parts: unknown[], finish?: string) =>
      res.write(
        `data: ${JSON.stringify({
          candidates: [
            { content: { role: "model", parts }, index: 0, ...(finish ? { finishReason: finish } : {}) },
          ],
          usageMetadata: { promptTokenCount: 20, candidatesTokenCount: 6, totalTokenCount: 26 },
          modelVersion: match[1],
        })}\r\n\r\n`,
      );
    if (hasResult) {
      script.after.forEach((text, i) => send([{ text }], i === script.after.length - 1 ? "STOP" : undefined));
    } else {
      send([{ text: script.before }]);
      send(
        [
          {
            functionCall: { name: script.tool, args: script.input },
            thoughtSignature: script.thoughtSignature,
          },
        ],
        "STOP",
      );
    }
    res.end();
  });
}
