// A loopback stand-in for a model hub, for tests and journeys that must not reach the internet. Like
// the real one, `/<repo>/resolve/main/<file>` redirects to the file's address on a second server of its
// own (another origin, as a CDN is), naming the file's SHA-256 (`x-linked-etag`) and size on the way;
// the file is served with ranges (206, Content-Range). A file can be paced, cut off mid-body on given
// requests (the connection dropped), served without ranges, given a length it does not have, or kept
// behind a token.
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HubFileOptions {
  /** Byte offsets at which successive requests for the file are cut off (the socket destroyed). */
  cuts?: number[];
  /** Answers ranges (default true). */
  ranges?: boolean;
  /** Sends about this many bytes a second, in small pieces (default: all at once). */
  bytesPerSecond?: number;
  /** Declares this length and closes after sending what there is (a truncated file). */
  claimedLength?: number;
  /** The `x-linked-etag` to send (default: the file's real SHA-256; null: none). */
  etag?: string | null;
  contentType?: string;
  /** The hub answers 401 without `Authorization: Bearer <token>`. */
  token?: string;
}

export interface HubRequest {
  server: "hub" | "cdn";
  path: string;
  range?: string;
  authorization?: string;
}

export interface ModelHub {
  /** The hub's origin: HF_ENDPOINT for the server under test. */
  url: string;
  requests: HubRequest[];
  /** Serves `bytes` at `/<repo>/resolve/main/<file>`; answers that address. */
  add(repo: string, file: string, bytes: Buffer, opts?: HubFileOptions): string;
  close(): Promise<void>;
}

interface Served {
  bytes: Buffer;
  opts: HubFileOptions;
  served: number;
}

const listen = (server: Server) =>
  new Promise<string>((resolve) =>
    server.listen(0, "127.0.0.1", () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

export async function startModelHub(): Promise<ModelHub> {
  const files = new Map<string, Served>();
  const requests: HubRequest[] = [];
  const note = (server: HubRequest["server"], req: IncomingMessage) =>
    requests.push({
      server,
      path: req.url ?? "",
      range: req.headers.range,
      authorization: req.headers.authorization,
    });

  const hub = createServer((req, res) => {
    note("hub", req);
    const served = files.get(req.url ?? "");
    if (!served) return res.writeHead(404).end("Entry not found");
    if (served.opts.token && req.headers.authorization !== `Bearer ${served.opts.token}`)
      return res.writeHead(401).end("Access to this model is restricted.");
    const etag =
      served.opts.etag === undefined
        ? createHash("sha256").update(served.bytes).digest("hex")
        : served.opts.etag;
    res.writeHead(302, {
      location: `${cdnUrl}/cdn${req.url}`,
      "x-linked-size": String(served.bytes.length),
      ...(etag ? { "x-linked-etag": `"${etag}"` } : {}),
    });
    res.end();
  });
  const cdn = createServer((req, res) => {
    note("cdn", req);
    const served = files.get((req.url ?? "").replace(/^\/cdn/, ""));
    if (!served) return res.writeHead(404).end();
    serve(served, req, res);
  });
  const url = await listen(hub);
  const cdnUrl = await listen(cdn);

  return {
    url,
    requests,
    add(repo, file, bytes, opts = {}) {
      const path = `/${repo}/resolve/main/${file}`;
      files.set(path, { bytes, opts, served: 0 });
      return `${url}${path}`;
    },
    async close() {
      for (const s of [hub, cdn]) {
        s.closeAllConnections();
        await new Promise((r) => s.close(r));
      }
    },
  };
}

function serve(file: Served, req: IncomingMessage, res: ServerResponse) {
  const { bytes, opts } = file;
  const ranges = opts.ranges ?? true;
  const match = ranges ? /^bytes=(\d+)-$/.exec(req.headers.range ?? "") : null;
  const from = match ? Number(match[1]) : 0;
  if (from >= bytes.length && bytes.length > 0) return res.writeHead(416).end();
  const cut = opts.cuts?.[file.served++];
  const total = opts.claimedLength ?? bytes.length;
  const headers: Record<string, string> = {
    "content-type": opts.contentType ?? "application/octet-stream",
    "content-length": String(total - from),
    ...(ranges ? { "accept-ranges": "bytes" } : {}),
  };
  if (match) headers["content-range"] = `bytes ${from}-${total - 1}/${total}`;
  res.writeHead(match ? 206 : 200, headers);
  const end = Math.min(bytes.length, cut ?? bytes.length);
  const piece = opts.bytesPerSecond ? Math.max(1, Math.round(opts.bytesPerSecond / 20)) : end - from;
  let at = from;
  const next = () => {
    if (res.destroyed) return;
    if (at >= end) {
      // Cut off, or a file shorter than it said: the connection just goes.
      if (cut !== undefined || end < total) return res.destroy();
      return res.end();
    }
    const upTo = Math.min(end, at + piece);
    res.write(bytes.subarray(at, upTo));
    at = upTo;
    if (opts.bytesPerSecond) setTimeout(next, 50);
    else next();
  };
  next();
}
