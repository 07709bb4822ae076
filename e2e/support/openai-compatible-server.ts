// A small OpenAI-compatible model server on loopback, so journeys can compare real remote models
// without the network: GET /v1/models lists its models, POST /v1/chat/completions streams an answer
// as chat.completion.chunk events with usage at the end, then `data: [DONE]`, like Ollama or vLLM.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ModelServer {
  /** Base URL including `/v1`, as OPENAI_BASE_URL expects it. */
  url: string;
  close(): Promise<void>;
}

/** What each model says, in chunks; an unknown model gets the first answer. */
export type Answers = Record<string, string[]>;

/**
 * A model that calls one tool: offered a tool whose name ends with `tool` (an MCP tool's name is
 * `<server>__<tool>`), it says `before` and calls it with `input`; given the result, it says `after`,
 * then what the tool answered, so a journey sees the output (or the denial) reach the answer.
 */
export interface ToolScript {
  tool: string;
  input: Record<string, unknown>;
  before: string[];
  after: string[];
}

export async function startModelServer(
  answers: Answers,
  paceMs = 60,
  toolModels: Record<string, ToolScript> = {},
): Promise<ModelServer> {
  const models = [...Object.keys(answers), ...Object.keys(toolModels)];
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      if (req.method === "GET" && req.url === "/v1/models")
        return sendJson(res, 200, {
          object: "list",
          data: models.map((id) => ({ id, object: "model", owned_by: "e2e" })),
        });
      if (req.method !== "POST" || req.url !== "/v1/chat/completions")
        return sendJson(res, 404, { error: { message: "Not found", type: "invalid_request_error" } });
      const body = parseJson(raw);
      const model = typeof body.model === "string" ? body.model : (models[0] ?? "unknown");
      const script = toolModels[model];
      if (script) return void streamToolStep(res, model, script, body, paceMs);
      void streamAnswer(res, model, answers[model] ?? answers[models[0]!] ?? ["Hello."], body, paceMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function streamAnswer(
  res: ServerResponse,
  model: string,
  chunks: string[],
  body: RequestBody,
  paceMs: number,
) {
  let open = true;
  res.on("close", () => (open = false));
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  const base = { id: "chatcmpl-e2e", object: "chat.completion.chunk", created: 1_700_000_000, model };
  for (const [i, content] of chunks.entries()) {
    if (!open) return;
    const delta = i === 0 ? { role: "assistant", content } : { content };
    res.write(sse({ ...base, choices: [{ index: 0, delta, finish_reason: null }] }));
    await new Promise((r) => setTimeout(r, paceMs));
  }
  if (!open) return;
  res.write(sse({ ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }));
  if (body.stream_options?.include_usage) {
    const completion = chunks.join("").split(/\s+/).length;
    const usage = { prompt_tokens: 12, completion_tokens: completion, total_tokens: 12 + completion };
    res.write(sse({ ...base, choices: [], usage }));
  }
  res.end("data: [DONE]\n\n");
}

/** One round of a tool model: the call while the request holds no result yet, else the answer. */
async function streamToolStep(
  res: ServerResponse,
  model: string,
  script: ToolScript,
  body: RequestBody,
  paceMs: number,
) {
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const result = messages.findLast((m) => m?.role === "tool");
  if (result) {
    const said = typeof result.content === "string" ? result.content : JSON.stringify(result.content);
    return streamAnswer(res, model, [...script.after, `The tool said: ${said}`], body, paceMs);
  }
  const offered = (Array.isArray(body.tools) ? body.tools : [])
    .map((t) => t?.function?.name)
    .find((name) => typeof name === "string" && (name === script.tool || name.endsWith(`__${script.tool}`)));
  if (!offered) return streamAnswer(res, model, ["No tool was offered."], body, paceMs);
  let open = true;
  res.on("close", () => (open = false));
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  res.flushHeaders();
  const base = { id: "chatcmpl-e2e", object: "chat.completion.chunk", created: 1_700_000_000, model };
  const chunk = (delta: unknown, finish: string | null = null) =>
    sse({ ...base, choices: [{ index: 0, delta, finish_reason: finish }] });
  for (const [i, content] of script.before.entries()) {
    if (!open) return;
    res.write(chunk(i === 0 ? { role: "assistant", content } : { content }));
    await new Promise((r) => setTimeout(r, paceMs));
  }
  if (!open) return;
  // The arguments arrive in two deltas, as real servers split them.
  const args = JSON.stringify(script.input);
  const half = Math.ceil(args.length / 2);
  const call = (tool: Record<string, unknown>) => chunk({ tool_calls: [{ index: 0, ...tool }] });
  res.write(call({ id: "call_e2e_0", type: "function", function: { name: offered, arguments: "" } }));
  res.write(call({ function: { arguments: args.slice(0, half) } }));
  res.write(call({ function: { arguments: args.slice(half) } }));
  res.write(chunk({}, "tool_calls"));
  if (body.stream_options?.include_usage) {
    const usage = { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 };
    res.write(sse({ ...base, choices: [], usage }));
  }
  res.end("data: [DONE]\n\n");
}

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

function sendJson(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

interface RequestBody {
  model?: unknown;
  stream_options?: { include_usage?: boolean };
  messages?: { role?: string; content?: unknown }[];
  tools?: { function?: { name?: unknown } }[];
}

function parseJson(raw: string): RequestBody {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? value : {};
  } catch {
    return {};
  }
}
