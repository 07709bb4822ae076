// Tests only: a loopback server that speaks OpenAI's POST /v1/audio/speech. It answers each request
// with a tone MP3 (10 ms per input character), or as the next scripted reply says.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { toneMp3 } from "./test-audio";

export type SpeechReply =
  | { kind: "audio"; prefix?: Uint8Array; delayMs?: number }
  | { kind: "status"; status: number; body: unknown }
  | { kind: "bytes"; contentType: string; body: Uint8Array }
  | { kind: "silence" };

export interface SpeechRequest {
  path: string;
  headers: IncomingMessage["headers"];
  body: { model?: string; input?: string; voice?: string; response_format?: string; instructions?: string };
}

export interface SpeechServer {
  /** Base URL including /v1. */
  url: string;
  requests: SpeechRequest[];
  /** Replies for the next requests, in order; then audio. */
  script: SpeechReply[];
  close(): Promise<void>;
}

export async function startSpeechServer(): Promise<SpeechServer> {
  const requests: SpeechRequest[] = [];
  const script: SpeechReply[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as SpeechRequest["body"];
      requests.push({ path: req.url ?? "", headers: req.headers, body });
      if (req.method !== "POST" || req.url !== "/v1/audio/speech") {
        res.writeHead(404, { "content-type": "application/json" });
        return res.end(JSON.stringify({ error: { message: "not found" } }));
      }
      const reply = script.shift() ?? { kind: "audio" };
      if (reply.kind === "silence") return; // holds the request open until the client gives up
      if (reply.kind === "status") {
        res.writeHead(reply.status, { "content-type": "application/json" });
        return res.end(JSON.stringify(reply.body));
      }
      if (reply.kind === "bytes") {
        res.writeHead(200, { "content-type": reply.contentType });
        return res.end(Buffer.from(reply.body));
      }
      const audio = Buffer.concat([
        reply.prefix ?? new Uint8Array(),
        toneMp3((body.input?.length ?? 10) * 0.01),
      ]);
      setTimeout(() => {
        res.writeHead(200, { "content-type": "audio/mpeg", "content-length": String(audio.byteLength) });
        res.end(audio);
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
