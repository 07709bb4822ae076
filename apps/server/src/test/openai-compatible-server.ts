// A protocol-faithful OpenAI-compatible server on loopback, so provider tests exercise the real AI SDK
// clients (HTTP, SSE parsing, usage, errors, aborts) without the network. Each request follows a script
// chosen by the `x-test-script` header, else by the requested model name, else the default script.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Script =
  | { kind: "stream"; chunks: string[]; usage?: { prompt_tokens: number; completion_tokens: number } }
  | { kind: "status"; status: number; body: unknown }
  /** Sends the first `after` chunks, then destroys the socket mid-body. */
  | { kind: "disconnect"; chunks: string[]; after: number }
  /** Sends headers, then nothing for `ms` (default 20 s). */
  | { kind: "silence"; ms?: number };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: { model?: string; stream?: boolean; stream_options?: { include_usage?: boolean } } & Record<
    string,
    unknown
  >;
  /** Resolves when the exchange ends; `early` is true when the client hung up before the response ended. */
  closed: Promise<{ early: boolean }>;
}

export interface OpenAiCompatibleServer {
  /** Base URL including `/v1`, as providers expect it. */
  url: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const DEFAULT_SCRIPT: Script = {
  kind: "stream",
  chunks: ["Hello", " from", " the test server."],
  usage: { prompt_tokens: 11, completion_tokens: 5 },
};

export async function startOpenAiCompatibleServer(
  opts: { scripts?: Record<string, Script>; models?: string[] } = {},
): Promise<OpenAiCompatibleServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      let resolveClosed!: (v: { early: boolean }) => void;
      const closed = new Promise<{ early: boolean }>((r) => (resolveClosed = r));
      res.on("close", () => resolveClosed({ early: !res.writableFinished }));
      const body = parseJson(raw);
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, closed });

      if (req.method === "GET" && req.url === "/v1/models") {
        const data = (opts.models ?? ["llama3.2:1b"]).map((id) => ({
          id,
          object: "model",
          owned_by: "test",
        }));
        return sendJson(res, 200, { object: "list", data });
      }
      if (req.method !== "POST" || req.url !== "/v1/chat/completions")
        return sendJson(res, 404, { error: { message: "Not found", type: "invalid_request_error" } });

      const header = req.headers["x-test-script"];
      const name = typeof header === "string" ? header : (body.model ?? "");
      const script = opts.scripts?.[name] ?? DEFAULT_SCRIPT;
      const model = body.model ?? "unknown";
      if (script.kind === "status") return sendJson(res, script.status, script.body);

      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
      if (script.kind === "silence") {
        const timer = setTimeout(() => res.end(), script.ms ?? 20_000);
        timers.add(timer);
        res.on("close", () => clearTimeout(timer));
        return;
      }
      if (script.kind === "disconnect") {
        const sent = script.chunks.slice(0, script.after).map((c, i) => sse(contentChunk(model, c, i === 0)));
        // Destroy only once the partial body has reached the socket, so the client sees it first.
        res.write(sent.join(""), () => setTimeout(() => res.socket?.destroy(), 20));
        return;
      }
      const lines = script.chunks.map((c, i) => sse(contentChunk(model, c, i === 0)));
      lines.push(sse({ ...base(model), choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }));
      if (body.stream_options?.include_usage && script.usage) {
        const { prompt_tokens, completion_tokens } = script.usage;
        const usage = { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens };
        lines.push(sse({ ...base(model), choices: [], usage }));
      }
      lines.push("data: [DONE]\n\n");
      res.end(lines.join(""));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const base = (model: string) => ({
  id: "chatcmpl-test",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model,
});

const contentChunk = (model: string, content: string, first: boolean) => ({
  ...base(model),
  choices: [{ index: 0, delta: first ? { role: "assistant", content } : { content }, finish_reason: null }],
});

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

function parseJson(raw: string): RecordedRequest["body"] {
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === "object" && value !== null ? (value as RecordedRequest["body"]) : {};
  } catch {
    return {};
  }
}
