// A small loopback HTTP proxy in front of several server processes of one instance, as a load
// balancer would put them: each request goes to the next process in turn, unless its
// `x-tessera-backend` header names one (a page pinned to a process). Responses pass through as they
// come, an event stream piece by piece, unbuffered. It notes which process served each request, and
// for event streams each event and when it passed, so a journey can say where a request landed and
// how an answer reached the page; each response names its backend in `x-tessera-served-by`.
import { createServer, request as forward, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

/** The request header that pins a request to one backend, by its name. */
export const BACKEND_HEADER = "x-tessera-backend";

/** The response header in which the proxy names the backend that answered. */
export const SERVED_BY_HEADER = "x-tessera-served-by";

/** One request as the proxy saw it. */
export interface Served {
  backend: string;
  method: string;
  /** Path and query. */
  path: string;
  /** The backend's status; 0 until it answers (502 when it could not be reached). */
  status: number;
  /** For an event stream: each `data:` it carried, with the time (ms since epoch) it passed. */
  events: { at: number; data: string }[];
}

export interface RoundRobinProxy {
  url: string;
  /** Every request so far, in the order they arrived. */
  served: Served[];
  close(): Promise<void>;
}

/** Starts the proxy on a free loopback port, in front of `backends` (name → base URL). */
export async function startRoundRobinProxy(backends: Record<string, string>): Promise<RoundRobinProxy> {
  const names = Object.keys(backends);
  const served: Served[] = [];
  let turn = 0;

  const server = createServer((req, res) => {
    const pinned = req.headers[BACKEND_HEADER];
    const backend = typeof pinned === "string" ? pinned : names[turn++ % names.length]!;
    const base = backends[backend];
    const record: Served = {
      backend,
      method: req.method ?? "GET",
      path: req.url ?? "/",
      status: 0,
      events: [],
    };
    served.push(record);
    if (!base) {
      record.status = 400;
      res.writeHead(400, { "content-type": "text/plain" }).end(`no backend named ${backend}\n`);
      return;
    }
    const headers: IncomingHttpHeaders = { ...req.headers };
    delete headers[BACKEND_HEADER];
    const target = new URL(record.path, base);
    const upstream = forward(
      { host: target.hostname, port: target.port, path: record.path, method: req.method, headers },
      (answer) => {
        record.status = answer.statusCode ?? 0;
        res.writeHead(record.status, [...answer.rawHeaders, SERVED_BY_HEADER, backend]);
        // At once: an event stream's page must not wait for the first event to see its headers.
        res.flushHeaders();
        const stream = /^text\/event-stream/.test(answer.headers["content-type"] ?? "");
        let pending = "";
        answer.on("data", (piece: Buffer) => {
          res.write(piece);
          if (!stream) return;
          pending += piece.toString("utf8");
          const blocks = pending.split("\n\n");
          pending = blocks.pop() ?? "";
          const at = Date.now();
          for (const block of blocks) {
            const data = block
              .split("\n")
              .filter((line) => line.startsWith("data:"))
              .map((line) => line.slice(5).trim())
              .join("");
            if (data) record.events.push({ at, data });
          }
        });
        answer.on("end", () => res.end());
        answer.on("error", () => res.destroy());
      },
    );
    upstream.on("error", () => {
      if (res.headersSent) return void res.destroy();
      record.status = 502;
      res.writeHead(502, { "content-type": "text/plain" }).end(`backend ${backend} unreachable\n`);
    });
    // The page went away (a reload, a closed stream): so does the request to the backend.
    res.on("close", () => {
      if (!res.writableFinished) upstream.destroy();
    });
    req.pipe(upstream);
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
