// The first request of a download (or of its resumption): through the guarded client, with the hub's
// token only for the hub's own origin, from byte `from` when resuming. Checks what can be checked
// before a byte is kept: the answer's status, the file's length, that it starts like a GGUF file, and
// the SHA-256 the hub names for it (its ETag), so a bad address is refused while the admin waits.
import { AppError } from "../../lib/errors";
import { guardedStream, type GuardedStream } from "../../lib/guarded-fetch";
import { hasGgufMagic } from "../../providers/llm/gguf/gguf-header";

export interface Hub {
  /** HF_ENDPOINT: the hub, or a mirror of it. */
  endpoint: string;
  /** HF_TOKEN, for gated models; sent to the hub's origin only. */
  token?: string;
}

export interface OpenedDownload {
  stream: GuardedStream;
  /** Bytes the body holds before the first chunk of `chunks` (0 unless resumed). */
  from: number;
  /** The whole file's length, when the server said it. */
  sizeBytes: number | null;
  /** The SHA-256 the server gave as the file's ETag (a hub does for its large files). */
  etagSha256: string | null;
  /** The server answers ranges: a cut download can go on where it stopped. */
  resumable: boolean;
  /** The body, its first chunks (read to check the magic bytes) included. */
  chunks: AsyncIterable<Buffer>;
}

/** A download the address refuses for good (a status, a file that is not a model): asking again will not help. */
export class DownloadRefusedError extends AppError {
  constructor(message: string) {
    super("BAD_REQUEST", message);
  }
}

const SHA256 = /^(?:W\/)?"?([0-9a-f]{64})"?$/i;

export async function openDownload(
  url: string,
  opts: { hub: Hub; idleMs: number; from?: number; signal?: AbortSignal },
): Promise<OpenedDownload> {
  const hubOrigin = new URL(opts.hub.endpoint).origin;
  const from = opts.from ?? 0;
  const stream = await guardedStream(url, {
    idleMs: opts.idleMs,
    // An admin's address: a mirror or file server on the private network is a normal place for models.
    allowPrivate: true,
    signal: opts.signal,
    headersFor: (u) => ({
      ...(opts.hub.token && u.origin === hubOrigin ? { authorization: `Bearer ${opts.hub.token}` } : {}),
      ...(from > 0 ? { range: `bytes=${from}-` } : {}),
    }),
  });
  try {
    const fromHub = new URL(url).origin === hubOrigin;
    if (stream.status === 401 || stream.status === 403)
      throw new DownloadRefusedError(
        fromHub
          ? `The hub refused the file (HTTP ${stream.status}): the model may be gated. Accept its licence on its page, then set HF_TOKEN on the server.`
          : `The address refused the file (HTTP ${stream.status}).`,
      );
    if (stream.status === 404) throw new DownloadRefusedError("There is no file at that address (HTTP 404).");
    const partial = from > 0 && stream.status === 206;
    if (stream.status !== 200 && !partial) {
      const message = `The address answered HTTP ${stream.status} instead of the file.`;
      // A server error or a rate limit may pass; any other answer will not.
      throw stream.status >= 500 || stream.status === 429
        ? new AppError("BAD_REQUEST", message)
        : new DownloadRefusedError(message);
    }
    const sizeBytes = totalSize(stream, partial);
    if (partial && contentRangeStart(stream) !== from)
      throw new DownloadRefusedError("The address sent another part of the file than the one asked for.");
    const hops = [...stream.redirects.map((r) => r.headers), stream.headers];
    const etag = hops.map((h) => SHA256.exec(String(h["x-linked-etag"] ?? h.etag ?? ""))?.[1]).find(Boolean);
    const body = stream.body[Symbol.asyncIterator]();
    const first: Buffer[] = [];
    // Read from its start (a resumption the server answered whole too): its magic bytes first.
    if (!partial) {
      for (let read = 0; read < 4;) {
        const next = await body.next();
        if (next.done) break;
        first.push(next.value);
        read += next.value.length;
      }
      const head = Buffer.concat(first);
      if (!hasGgufMagic(head)) throw new DownloadRefusedError(notGguf(head, stream.headers["content-type"]));
    }
    return {
      stream,
      from: partial ? from : 0,
      sizeBytes,
      etagSha256: etag?.toLowerCase() ?? null,
      resumable: partial || stream.headers["accept-ranges"] === "bytes",
      chunks: (async function* () {
        try {
          yield* first;
          for (let next = await body.next(); !next.done; next = await body.next()) yield next.value;
        } finally {
          stream.close();
        }
      })(),
    };
  } catch (err) {
    stream.close();
    throw err;
  }
}

/** The whole file's length: from Content-Range on a partial answer, else Content-Length. */
function totalSize(stream: GuardedStream, partial: boolean): number | null {
  if (partial) {
    const total = /\/(\d+)\s*$/.exec(String(stream.headers["content-range"] ?? ""))?.[1];
    return total ? Number(total) : null;
  }
  const length = Number(stream.headers["content-length"]);
  const linked = Number(stream.redirects.find((r) => r.headers["x-linked-size"])?.headers["x-linked-size"]);
  return Number.isFinite(length) && stream.headers["content-length"] !== undefined
    ? length
    : Number.isFinite(linked)
      ? linked
      : null;
}

const contentRangeStart = (stream: GuardedStream) =>
  Number(/^bytes\s+(\d+)-/.exec(String(stream.headers["content-range"] ?? ""))?.[1] ?? Number.NaN);

/** Why a file is not a model, in words an admin can act on. */
function notGguf(head: Buffer, contentType: string | undefined): string {
  const start = head.subarray(0, 32).toString("latin1").trimStart().toLowerCase();
  if (start.startsWith("<!doctype") || start.startsWith("<html") || contentType?.includes("text/html"))
    return "That address answers with a web page, not a GGUF model file. Use the file's download address (on a model hub, the one with /resolve/ in it).";
  return "That file is not a GGUF model (it does not start with the GGUF signature). Tessera runs GGUF files only.";
}
