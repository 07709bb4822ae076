// A protocol-faithful OpenAI-compatible embeddings server on loopback (POST /v1/embeddings, as OpenAI,
// Ollama and llama.cpp's server answer it), so embedder tests run the real HTTP path. Its vectors are
// hashed bags of words: texts sharing words point the same way, which is enough to test retrieval.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

export interface EmbeddingsServerOptions {
  /** The models it serves and their vector sizes; any other answers 404 as Ollama does. */
  models?: Record<string, number>;
  /** When set, requests must carry `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Waits this long before answering each request (a slow CPU-only server). */
  delayMs?: number;
}

export interface EmbeddingsServer {
  /** Base URL including `/v1`. */
  url: string;
  requests: { model: string; inputs: string[]; authorization: string | undefined }[];
  /** From now on requests (for `model`, else all) answer 500 with this message (null: answer again). */
  failWith(message: string | null, model?: string): void;
  /** From now on requests get no answer: the connection is closed (true), or answered again (false). */
  hangUp(on: boolean): void;
  /** Answers `after` more requests, then holds every answer until `release` (a job seen mid-way). */
  pause(after?: number): void;
  release(): void;
  close(): Promise<void>;
}

/** The vector the server gives `text` at `dims` (not unit length: clients normalise). */
export function bagOfWords(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let h = 2166136261;
    for (const ch of word) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
    v[(h >>> 0) % dims]! += 3;
  }
  v[0]! += 0.01;
  return v;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (body += c));
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });

export async function startEmbeddingsServer(opts: EmbeddingsServerOptions = {}): Promise<EmbeddingsServer> {
  const models = opts.models ?? { "nomic-embed-text": 64 };
  const requests: EmbeddingsServer["requests"] = [];
  let failure: { message: string; model?: string } | null = null;
  let hangingUp = false;
  let gate: Promise<void> | null = null;
  let allowance = 0;
  let open: () => void = () => undefined;
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      const body = await readBody(req);
      if (hangingUp) return req.socket.destroy();
      if (req.method === "GET" && req.url === "/v1/models")
        return send(200, {
          object: "list",
          data: Object.keys(models).map((id) => ({ id, object: "model" })),
        });
      if (req.method !== "POST" || req.url !== "/v1/embeddings")
        return send(404, {
          error: { message: `no route ${req.method} ${req.url}`, type: "invalid_request_error" },
        });
      if (opts.apiKey && req.headers.authorization !== `Bearer ${opts.apiKey}`)
        return send(401, {
          error: { message: "Incorrect API key provided.", type: "invalid_request_error" },
        });
      let parsed: { model?: unknown; input?: unknown };
      try {
        parsed = JSON.parse(body) as typeof parsed;
      } catch {
        return send(400, { error: { message: "invalid JSON body", type: "invalid_request_error" } });
      }
      const inputs = typeof parsed.input === "string" ? [parsed.input] : parsed.input;
      if (
        typeof parsed.model !== "string" ||
        !Array.isArray(inputs) ||
        !inputs.every((i) => typeof i === "string")
      )
        return send(400, {
          error: { message: "model and input are required", type: "invalid_request_error" },
        });
      requests.push({
        model: parsed.model,
        inputs: inputs,
        authorization: req.headers.authorization,
      });
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      if (gate && allowance-- <= 0) await gate;
      if (failure && (!failure.model || failure.model === parsed.model))
        return send(500, { error: { message: failure.message, type: "server_error" } });
      const dims = models[parsed.model];
      if (!dims)
        return send(404, { error: { message: `model "${parsed.model}" not found, try pulling it first` } });
      send(200, {
        object: "list",
        data: inputs.map((text, index) => ({
          object: "embedding",
          index,
          embedding: bagOfWords(text, dims),
        })),
        model: parsed.model,
        usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
      });
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    failWith: (message, model) => (failure = message === null ? null : { message, model }),
    hangUp: (on) => (hangingUp = on),
    pause: (after = 0) => {
      allowance = after;
      gate ??= new Promise<void>((resolve) => (open = resolve));
    },
    release: () => {
      gate = null;
      open();
    },
    close: () =>
      new Promise<void>((resolve) => {
        open();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
