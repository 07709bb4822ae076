// A loopback OpenAI-compatible server for load tests: answers stream at a steady pace (so many stay
// open at once), and a fixed share of chat calls fail on purpose, alternating an HTTP 500 before the
// stream with a connection reset halfway through it. Every call is recognised by the marker
// `[load:<id>]` in its last user message, and every fault is recorded under that marker.
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Fault = "http-500" | "reset";

export interface FaultyUpstreamOptions {
  /** Model names listed by GET /v1/models. */
  models: string[];
  /** Content chunks per answer, and the pause before each. */
  chunks: number;
  paceMs: number;
  /** One chat call in `faultEvery` fails (20 → 5 %), counted in arrival order. */
  faultEvery: number;
}

export interface FaultyUpstream {
  /** Base URL including `/v1`, as providers expect it. */
  url: string;
  /** Chat calls received. */
  calls(): number;
  /** Marker → the fault injected into its call. */
  faults: Map<string, Fault>;
  /** Chat calls without a marker, answered 400: what they asked, for the test to show. */
  unattributed: string[];
  /** Answer streams open now, and the most open at once. */
  open(): number;
  peakOpen(): number;
  close(): Promise<void>;
}

export const LOAD_MARKER = /\[load:([\w-]+)\]/;

/** The answer's text for a marker: the test checks every stream got exactly its own. */
export function expectedAnswer(marker: string, chunks: number): string {
  return Array.from({ length: chunks }, (_, i) => chunkText(marker, i)).join("");
}

const chunkText = (marker: string, i: number) => (i === 0 ? `Answer to ${marker}:` : ` word${i}`);

export async function startFaultyUpstream(opts: FaultyUpstreamOptions): Promise<FaultyUpstream> {
  const faults = new Map<string, Fault>();
  const unattributed: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let calls = 0;
  let open = 0;
  let peakOpen = 0;

  const server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      if (req.method === "GET" && req.url === "/v1/models") {
        const data = opts.models.map((id) => ({ id, object: "model", owned_by: "test" }));
        return sendJson(res, 200, { object: "list", data });
      }
      if (req.method !== "POST" || req.url !== "/v1/chat/completions")
        return sendJson(res, 404, { error: { message: "Not found", type: "invalid_request_error" } });

      const body = JSON.parse(raw) as { model: string; messages: { role: string; content: unknown }[] };
      const lastUser = body.messages.filter((m) => m.role === "user").at(-1);
      const text = typeof lastUser?.content === "string" ? lastUser.content : JSON.stringify(lastUser);
      const marker = LOAD_MARKER.exec(text)?.[1];
      if (!marker) {
        unattributed.push(raw.slice(-500));
        return sendJson(res, 400, { error: { message: "no load marker", type: "invalid_request_error" } });
      }

      calls++;
      const fault: Fault | null =
        calls % opts.faultEvery === 0 ? ((calls / opts.faultEvery) % 2 === 1 ? "http-500" : "reset") : null;
      if (fault) faults.set(marker, fault);
      if (fault === "http-500")
        return sendJson(res, 500, { error: { message: "injected upstream failure", type: "server_error" } });

      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      res.flushHeaders();
      open++;
      peakOpen = Math.max(peakOpen, open);
      let ended = false;
      let timer: NodeJS.Timeout | undefined;
      res.on("close", () => {
        if (!ended) open--;
        ended = true;
        if (timer) {
          clearTimeout(timer);
          timers.delete(timer);
        }
      });
      const resetAt = fault === "reset" ? Math.floor(opts.chunks / 2) : -1;
      const send = (i: number) => {
        if (timer) timers.delete(timer);
        if (ended) return;
        if (i === resetAt) {
          // Whatever was written has reached the socket; the answer stops there, without [DONE].
          res.socket?.destroy();
          return;
        }
        if (i < opts.chunks) {
          res.write(sse(contentChunk(body.model, chunkText(marker, i), i === 0)));
          timer = setTimeout(() => send(i + 1), opts.paceMs);
          timers.add(timer);
          return;
        }
        const usage = { prompt_tokens: 20, completion_tokens: opts.chunks, total_tokens: 20 + opts.chunks };
        res.end(
          sse({ ...base(body.model), choices: [{ index: 0, delta: {}, finish_reason: "stop" }] }) +
            sse({ ...base(body.model), choices: [], usage }) +
            "data: [DONE]\n\n",
        );
      };
      timer = setTimeout(() => send(0), opts.paceMs);
      timers.add(timer);
    });
  });
  // Like hosted APIs, idle connections are kept a minute: the client's pool closes them first, so a
  // request never meets a connection this side has just closed.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls: () => calls,
    faults,
    unattributed,
    open: () => open,
    peakOpen: () => peakOpen,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const base = (model: string) => ({
  id: "chatcmpl-load",
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
