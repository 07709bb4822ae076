// A protocol-faithful OpenAI-compatible server on loopback, so provider tests exercise the real AI SDK
// clients (HTTP, SSE parsing, usage, errors, aborts) without the network. Each request follows a script
// chosen by the `x-test-script` header, else by the requested model name, else the default script.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Script =
  | {
      kind: "stream";
      chunks: string[];
      /** `cost`: US dollars, as OpenRouter's usage accounting reports a call. */
      usage?: { prompt_tokens: number; completion_tokens: number; cost?: number };
      /** Sends one chunk every `delayMs` instead of all at once (a slow model). */
      delayMs?: number;
    }
  | { kind: "status"; status: number; body: unknown; headers?: Record<string, string> }
  /** Sends the first `after` chunks, then destroys the socket mid-body. */
  | { kind: "disconnect"; chunks: string[]; after: number }
  /** Sends headers, then nothing for `ms` (default 20 s). */
  | { kind: "silence"; ms?: number }
  /**
   * Sends the first `after` chunks, then the fault: `error` an in-stream error object (`body`, as
   * OpenAI and OpenRouter send a failure after the 200), `malformed` a `data:` line that is not JSON
   * (followed by the remaining chunks and [DONE]), `reset` a TCP reset, `silence` nothing for `ms`.
   */
  | {
      kind: "fault";
      chunks: string[];
      after: number;
      fault: "error" | "malformed" | "reset" | "silence";
      body?: unknown;
      ms?: number;
    }
  /**
   * Closes the connection without answering, as a server does to a kept-alive connection it had
   * already let go when the request arrives.
   */
  | { kind: "hangup" }
  /** The n-th request under this script's name follows `scripts[n]` (the last one from then on). */
  | { kind: "sequence"; scripts: Script[] }
  /**
   * A model that calls tools: it answers with `steps[n]`, n the tool rounds the request's messages
   * already hold (assistant messages with tool_calls), the last step from then on. Each step streams
   * its text, then its calls as OpenAI streams them: id and name first, the arguments in pieces.
   */
  | {
      kind: "tool-steps";
      steps: ToolStepScript[];
      usage?: { prompt_tokens: number; completion_tokens: number };
    };

export interface ToolStepScript {
  text?: string[];
  calls?: { name: string; arguments: Record<string, unknown> | string }[];
  /** Waits this long before the first chunk (a slow model). */
  delayMs?: number;
}

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
  opts: {
    scripts?: Record<string, Script>;
    models?: string[];
    /**
     * The one key it takes: any other is refused with 401 and OpenAI's error, which repeats the key it
     * was sent (as some servers do), so tests can prove Tessera never passes it on.
     */
    apiKey?: string;
  } = {},
): Promise<OpenAiCompatibleServer> {
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const seen = new Map<string, number>();
  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      let resolveClosed!: (v: { early: boolean }) => void;
      const closed = new Promise<{ early: boolean }>((r) => (resolveClosed = r));
      res.on("close", () => resolveClosed({ early: !res.writableFinished }));
      const body = parseJson(raw);
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, closed });

      if (opts.apiKey !== undefined && req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        const sent = (req.headers.authorization ?? "").replace(/^Bearer /, "");
        return sendJson(res, 401, {
          error: {
            message: `Incorrect API key provided: ${sent}. You can find your API key in your account settings.`,
            type: "invalid_request_error",
            code: "invalid_api_key",
          },
        });
      }
      // OpenRouter's key check.
      if (req.method === "GET" && req.url === "/v1/key")
        return sendJson(res, 200, { data: { label: "test key", usage: 0.25, limit: null } });
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
      let script = opts.scripts?.[name] ?? DEFAULT_SCRIPT;
      if (script.kind === "sequence") {
        const n = seen.get(name) ?? 0;
        seen.set(name, n + 1);
        script = script.scripts[Math.min(n, script.scripts.length - 1)] ?? DEFAULT_SCRIPT;
      }
      const model = body.model ?? "unknown";
      if (script.kind === "status") return sendJson(res, script.status, script.body, script.headers);
      if (script.kind === "sequence") return sendJson(res, 500, { error: { message: "nested sequence" } });
      if (script.kind === "hangup") return void req.socket.destroy();
      if (script.kind === "tool-steps") return void answerToolStep(res, model, body, script);

      // This response's timers (paced chunks, a fault's delay) end with it.
      const pending = new Set<NodeJS.Timeout>();
      res.on("close", () => pending.forEach((timer) => clearTimeout(timer)));
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
      if (script.kind === "fault") {
        const sent = script.chunks.slice(0, script.after).map((c, i) => sse(contentChunk(model, c, i === 0)));
        const fault = script;
        res.write(sent.join(""), () => {
          if (fault.fault === "reset") {
            // After a beat, so the partial body reaches the client before the RST.
            later(() => res.socket?.resetAndDestroy(), 20);
          } else if (fault.fault === "error") {
            res.end(sse(fault.body ?? { error: { message: "upstream failed", type: "server_error" } }));
          } else if (fault.fault === "malformed") {
            const rest = fault.chunks.slice(fault.after).map((c) => sse(contentChunk(model, c, false)));
            res.end(
              `data: {"id":"chatcmpl-test","choices":[{"delta":{"content":"${typeof fault.body === "string" ? fault.body : ""}\n\n${rest.join("")}data: [DONE]\n\n`,
            );
          } else {
            later(() => res.end(), fault.ms ?? 20_000);
          }
        });
        return;
      }
      const lines = script.chunks.map((c, i) => sse(contentChunk(model, c, i === 0)));
      lines.push(sse({ ...base(model), choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }));
      if (body.stream_options?.include_usage && script.usage) {
        const { prompt_tokens, completion_tokens, cost } = script.usage;
        const usage = {
          prompt_tokens,
          completion_tokens,
          total_tokens: prompt_tokens + completion_tokens,
          ...(cost === undefined ? {} : { cost }),
        };
        lines.push(sse({ ...base(model), choices: [], usage }));
      }
      lines.push("data: [DONE]\n\n");
      if (!script.delayMs) return res.end(lines.join(""));
      // Paced: one line per tick until the client leaves or the lines run out.
      const delayMs = script.delayMs;
      const step = () => {
        if (res.destroyed) return;
        const line = lines.shift();
        if (line === undefined) return res.end();
        res.write(line);
        later(step, delayMs);
      };
      step();

      function later(fn: () => void, ms: number) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          pending.delete(timer);
          fn();
        }, ms);
        timers.add(timer);
        pending.add(timer);
      }
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

function answerToolStep(
  res: ServerResponse,
  model: string,
  body: RecordedRequest["body"],
  script: Extract<Script, { kind: "tool-steps" }>,
) {
  const messages = Array.isArray(body.messages)
    ? (body.messages as { role?: string; tool_calls?: unknown }[])
    : [];
  const round = messages.filter((m) => m.role === "assistant" && Array.isArray(m.tool_calls)).length;
  const step = script.steps[Math.min(round, script.steps.length - 1)] ?? {};
  const lines = (step.text ?? []).map((c, i) => sse(contentChunk(model, c, i === 0)));
  // Calls are offered only when the request offers tools, as a real model would.
  const calls = Array.isArray(body.tools) && body.tools.length ? (step.calls ?? []) : [];
  calls.forEach((call, index) => {
    const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
    const half = Math.ceil(args.length / 2);
    const id = `call_${round}_${index}`;
    const delta = (tool: Record<string, unknown>) =>
      sse({
        ...base(model),
        choices: [{ index: 0, delta: { tool_calls: [{ index, ...tool }] }, finish_reason: null }],
      });
    lines.push(
      delta({ id, type: "function", function: { name: call.name, arguments: "" } }),
      delta({ function: { arguments: args.slice(0, half) } }),
      delta({ function: { arguments: args.slice(half) } }),
    );
  });
  lines.push(
    sse({
      ...base(model),
      choices: [{ index: 0, delta: {}, finish_reason: calls.length ? "tool_calls" : "stop" }],
    }),
  );
  if (body.stream_options?.include_usage && script.usage) {
    const { prompt_tokens, completion_tokens } = script.usage;
    lines.push(
      sse({
        ...base(model),
        choices: [],
        usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens },
      }),
    );
  }
  lines.push("data: [DONE]\n\n");
  const send = () => {
    if (res.destroyed) return;
    res.writeHead(200, { "content-type": body.stream ? "text/event-stream" : "application/json" });
    if (body.stream) return void res.end(lines.join(""));
    // Not streamed: the whole answer as one message.
    const message = {
      role: "assistant",
      content: (step.text ?? []).join("") || null,
      ...(calls.length
        ? {
            tool_calls: calls.map((call, index) => ({
              id: `call_${round}_${index}`,
              type: "function",
              function: {
                name: call.name,
                arguments:
                  typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments),
              },
            })),
          }
        : {}),
    };
    res.end(
      JSON.stringify({
        id: "chatcmpl-test",
        object: "chat.completion",
        created: 1_700_000_000,
        model,
        choices: [{ index: 0, message, finish_reason: calls.length ? "tool_calls" : "stop" }],
        ...(script.usage
          ? {
              usage: {
                ...script.usage,
                total_tokens: script.usage.prompt_tokens + script.usage.completion_tokens,
              },
            }
          : {}),
      }),
    );
  };
  if (step.delayMs) {
    const timer = setTimeout(send, step.delayMs);
    res.on("close", () => clearTimeout(timer));
  } else send();
}

const sse = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...headers, "content-type": "application/json" });
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
