// A loopback OpenAI-compatible chat server for the stream benchmarks, run in a process of its own so
// its work never shares the client's or the server's event loop. The requested model's name sets the
// pace: `bench-<chunks>x<paceMs>` streams that many chunks, one every paceMs after the first (0: as fast
// as the socket takes them). A paced chunk's text is the moment it was sent (`@<epoch ms>;`), so the
// client can tell each chunk's delay end to end, direct or relayed.
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { forkServer, isChild, reportPort } from "./child-server";

export interface Upstream {
  /** Base URL with `/v1`, as OpenAI clients expect it. */
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** A model name the upstream understands. */
export const benchModel = (chunks: number, paceMs: number) => `bench-${chunks}x${paceMs}`;

/** Wall-clock milliseconds with sub-millisecond precision, comparable across processes on one host. */
export const epochMs = () => performance.timeOrigin + performance.now();

/** The send time a paced chunk carries, or NaN. */
export function stampOf(content: string): number {
  const at = content.indexOf("@");
  return at < 0 ? Number.NaN : Number.parseFloat(content.slice(at + 1));
}

export async function startUpstream(): Promise<Upstream> {
  const server = await forkServer(import.meta.url, "upstream");
  return { url: `http://127.0.0.1:${server.port}/v1`, pid: server.pid, stop: () => server.stop() };
}

const head = (model: string) =>
  `{"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":${JSON.stringify(model)},"choices":[{"index":0,"delta":`;
const chunkEvent = (model: string, content: string, first: boolean) =>
  `data: ${head(model)}${first ? `{"role":"assistant","content":${JSON.stringify(content)}}` : `{"content":${JSON.stringify(content)}}`},"finish_reason":null}]}\n\n`;

function finish(res: ServerResponse, model: string, chunks: number, usage: boolean) {
  let tail = `data: ${head(model)}{},"finish_reason":"stop"}]}\n\n`;
  if (usage)
    tail += `data: {"id":"chatcmpl-bench","object":"chat.completion.chunk","created":1700000000,"model":${JSON.stringify(model)},"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":${chunks},"total_tokens":${chunks + 12}}}\n\n`;
  res.end(`${tail}data: [DONE]\n\n`);
}

function serve() {
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (b: Buffer) => parts.push(b));
    req.on("end", () => {
      if (req.method === "GET" && req.url === "/v1/models") {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ object: "list", data: [] }));
        return;
      }
      const body = JSON.parse(Buffer.concat(parts).toString("utf8") || "{}") as {
        model?: string;
        stream_options?: { include_usage?: boolean };
      };
      const model = body.model ?? "";
      const m = /^bench-(\d+)x(\d+)$/.exec(model);
      if (req.method !== "POST" || req.url !== "/v1/chat/completions" || !m) {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: "Not found", type: "invalid_request_error" } }));
        return;
      }
      const chunks = Number(m[1]);
      const paceMs = Number(m[2]);
      const usage = Boolean(body.stream_options?.include_usage);
      res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
      let sent = 0;
      let closed = false;
      res.on("close", () => (closed = true));
      if (paceMs === 0) {
        // As fast as the reader takes them, in batches, waiting whenever the socket is full.
        const pump = () => {
          while (!closed && sent < chunks) {
            let batch = "";
            for (let i = 0; i < 64 && sent < chunks; i++, sent++)
              batch += chunkEvent(model, " word", sent === 0);
            if (!res.write(batch)) return void res.once("drain", pump);
          }
          if (!closed) finish(res, model, chunks, usage);
        };
        pump();
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const tick = () => {
        if (closed) return;
        res.write(chunkEvent(model, `@${epochMs().toFixed(3)};`, sent === 0));
        if (++sent < chunks) timer = setTimeout(tick, paceMs);
        else finish(res, model, chunks, usage);
      };
      res.on("close", () => clearTimeout(timer));
      tick();
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, "127.0.0.1", () => reportPort((server.address() as AddressInfo).port));
  process.on("SIGTERM", () => {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  });
}

if (isChild(import.meta.url)) serve();
