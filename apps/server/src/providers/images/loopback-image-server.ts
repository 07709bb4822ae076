// Test support: a loopback server speaking the two image dialects Tessera calls, so providers are
// tested over real HTTP without the network. OpenAI's `POST /v1/images/generations` answers by model
// name (`b64`, `url`, or a status); fal's queue (submit, status, result) and the image it links to.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { Resvg } from "@resvg/resvg-js";

export type OpenAiScript =
  { kind: "b64" } | { kind: "url" } | { kind: "status"; status: number; body: unknown };

export interface RecordedImageRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | null;
}

export interface LoopbackImageServer {
  url: string;
  requests: RecordedImageRequest[];
  /** The PNG it serves (64×36). */
  png: Uint8Array;
  close(): Promise<void>;
}

export async function startLoopbackImageServer(
  opts: { openai?: Record<string, OpenAiScript>; falStatusPolls?: number } = {},
): Promise<LoopbackImageServer> {
  const png = new Uint8Array(
    new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="36"><rect width="64" height="36" fill="#3a6"/></svg>',
    )
      .render()
      .asPng(),
  );
  const requests: RecordedImageRequest[] = [];
  let polls = 0;
  let base = "";
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
      const path = req.url ?? "";
      requests.push({ method: req.method ?? "", path, headers: req.headers, body });
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(payload));
      };
      if (req.method === "GET" && path === "/files/out.png") {
        res.writeHead(200, { "content-type": "image/png", "content-length": png.byteLength });
        return res.end(png);
      }
      if (req.method === "POST" && path === "/v1/images/generations") {
        const script = opts.openai?.[String(body?.model)] ?? { kind: "b64" };
        if (script.kind === "status") return send(script.status, script.body);
        if (script.kind === "url") return send(200, { created: 1, data: [{ url: `${base}/files/out.png` }] });
        return send(200, { created: 1, data: [{ b64_json: Buffer.from(png).toString("base64") }] });
      }
      const fal = /^\/(fal-ai\/[^/]+)(\/.*)?$/.exec(path);
      if (fal) {
        const root = fal[1]!;
        const rest = fal[2] ?? "";
        if (req.method === "POST") {
          const id = "req-1";
          return send(200, {
            request_id: id,
            status_url: `${base}/${root}/requests/${id}/status`,
            response_url: `${base}/${root}/requests/${id}`,
          });
        }
        if (rest.endsWith("/status"))
          return send(200, { status: ++polls > (opts.falStatusPolls ?? 1) ? "COMPLETED" : "IN_PROGRESS" });
        if (rest.startsWith("/requests/"))
          return send(200, {
            images: [{ url: `${base}/files/out.png`, content_type: "image/png", width: 64, height: 36 }],
          });
      }
      send(404, { detail: "Not found" });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    requests,
    png,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
