// The benchmarks' streaming client: a raw node:http POST that reads a text/event-stream as it
// arrives. It speaks both ends of a relay: Tessera's wire events (`{"type":"chunk","content"}`) and
// an OpenAI-compatible upstream's (`choices[0].delta.content`), so the same client measures both.
import { Agent, request } from "node:http";
import { epochMs, stampOf } from "./upstream";

export type WireFormat = "tessera" | "openai";

export interface StreamResult {
  status: number;
  /** Milliseconds from sending the request to the first text chunk. */
  firstChunkMs: number;
  chunks: number;
  /** For chunks that carry their send time: arrival minus sending, in milliseconds. */
  delays: number[];
  /** How it ended: its closing event, the server hanging up, or a failed request. */
  end: "complete" | "error" | "closed" | "failed";
  totalMs: number;
}

export interface StreamRequest {
  url: string;
  body: unknown;
  headers?: Record<string, string>;
  agent: Agent;
  format: WireFormat;
  /** Called on each text chunk (the load generator counts them as they come). */
  onChunk?(content: string): void;
  signal?: AbortSignal;
}

export const newAgent = () => new Agent({ keepAlive: true, maxSockets: Infinity });

/** The chunk's text in either format; `null` for any other event, `undefined` for a closing one. */
function contentOf(format: WireFormat, data: string): { text?: string; end?: StreamResult["end"] } {
  if (format === "openai") {
    if (data === "[DONE]") return { end: "complete" };
    const event = JSON.parse(data) as { choices?: { delta?: { content?: string } }[] };
    return { text: event.choices?.[0]?.delta?.content };
  }
  const event = JSON.parse(data) as { type: string; content?: string };
  if (event.type === "chunk") return { text: event.content };
  if (event.type === "complete" || event.type === "error") return { end: event.type };
  return {};
}

export function streamOnce(r: StreamRequest): Promise<StreamResult> {
  const payload = JSON.stringify(r.body);
  const started = performance.now();
  const result: StreamResult = {
    status: 0,
    firstChunkMs: Number.NaN,
    chunks: 0,
    delays: [],
    end: "closed",
    totalMs: 0,
  };
  return new Promise((resolve) => {
    const done = () => {
      result.totalMs = performance.now() - started;
      resolve(result);
    };
    const req = request(
      r.url,
      {
        method: "POST",
        agent: r.agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...r.headers,
        },
        signal: r.signal,
      },
      (res) => {
        result.status = res.statusCode ?? 0;
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (text: string) => {
          const arrived = epochMs();
          buffer += text;
          let cut: number;
          while ((cut = buffer.indexOf("\n\n")) >= 0) {
            const frame = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (!frame.startsWith("data:")) continue;
            const event = contentOf(r.format, frame.slice(frame.indexOf(":") + 1).trim());
            if (event.end) result.end = event.end;
            if (!event.text) continue;
            if (result.chunks++ === 0) result.firstChunkMs = performance.now() - started;
            const stamp = stampOf(event.text);
            if (!Number.isNaN(stamp)) result.delays.push(arrived - stamp);
            r.onChunk?.(event.text);
          }
        });
        res.on("end", done);
        res.on("error", done);
      },
    );
    req.on("error", () => {
      if (result.status === 0) result.end = "failed";
      done();
    });
    req.end(payload);
  });
}

/**
 * Reads a stream only to count the upstream's chunks in it, as cheaply as the client can, so that a
 * throughput run measures the relay and not this reader. Each burst chunk is the text ` word`, so
 * counting `word` counts chunks however a relay frames them (one event each, or several joined).
 */
export function countChunks(r: Omit<StreamRequest, "onChunk">): Promise<{ status: number; chunks: number }> {
  const marker = "word";
  const payload = JSON.stringify(r.body);
  return new Promise((resolve) => {
    let status = 0;
    let chunks = 0;
    const req = request(
      r.url,
      {
        method: "POST",
        agent: r.agent,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(payload),
          ...r.headers,
        },
        signal: r.signal,
      },
      (res) => {
        status = res.statusCode ?? 0;
        res.setEncoding("latin1");
        let tail = "";
        res.on("data", (text: string) => {
          const s = tail + text;
          let at = s.indexOf(marker);
          while (at >= 0) {
            chunks++;
            at = s.indexOf(marker, at + marker.length);
          }
          tail = s.slice(Math.max(0, s.length - marker.length + 1));
        });
        res.on("end", () => resolve({ status, chunks }));
        res.on("error", () => resolve({ status, chunks }));
      },
    );
    req.on("error", () => resolve({ status, chunks }));
    req.end(payload);
  });
}
