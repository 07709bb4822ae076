// The import's file, written to a temporary file under DATA_DIR as it arrives: the field "file" of a
// multipart form, or the whole body. Never held whole in memory (a ChatGPT export runs to tens of MB),
// and refused with 413 as soon as it passes the limit, whatever Content-Length claimed.
import { randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { once } from "node:events";
import { AppError } from "../../lib/errors";

export interface Spooled {
  path: string;
  bytes: number;
  /** Deletes the file (safe to call twice). */
  remove(): Promise<void>;
}

/** An upload left behind longer than this had its process stop under it. */
export const LEFT_BEHIND_MS = 24 * 60 * 60_000;

/**
 * Deletes uploads a stopped process left in `dir` (a finished import deletes its own). Several
 * processes may share the folder, so only files far older than any import are taken.
 */
export async function sweepLeftUploads(dir: string, now = Date.now()): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith(".upload"))) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > LEFT_BEHIND_MS) {
      await rm(path, { force: true });
      removed++;
    }
  }
  return removed;
}

const wrongShape = "Send the file as multipart/form-data in the field 'file', or the JSON as the body.";

export async function spoolUpload(
  body: ReadableStream<Uint8Array> | null,
  contentType: string,
  dir: string,
  maxBytes: number,
  tooLarge: string,
): Promise<Spooled> {
  if (!body) throw new AppError("BAD_REQUEST", wrongShape);
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${randomUUID()}.upload`);
  const remove = () => rm(path, { force: true });
  const out = createWriteStream(path);
  const boundary = /^multipart\/form-data/i.test(contentType) ? boundaryOf(contentType) : null;
  const sink = boundary ? multipartFile(boundary) : wholeBody();
  let bytes = 0;
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      for (const piece of sink.push(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength))) {
        bytes += piece.length;
        if (bytes > maxBytes) throw new AppError("PAYLOAD_TOO_LARGE", tooLarge);
        if (!out.write(piece)) await once(out, "drain");
      }
    }
    if (!sink.found()) throw new AppError("BAD_REQUEST", wrongShape);
    if (bytes === 0) throw new AppError("BAD_REQUEST", "The file is empty.");
    out.end();
    await once(out, "finish");
    return { path, bytes, remove };
  } catch (err) {
    out.destroy();
    await remove();
    throw err;
  }
}

function boundaryOf(contentType: string): Buffer {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new AppError("BAD_REQUEST", wrongShape);
  return Buffer.from(`\r\n--${boundary}`);
}

interface Sink {
  /** The bytes of the file in this chunk, in order. */
  push(chunk: Buffer): Buffer[];
  found(): boolean;
}

const wholeBody = (): Sink => {
  let any = false;
  return {
    push: (chunk) => ((any ||= chunk.length > 0), [chunk]),
    found: () => any,
  };
};

const HEADERS_MAX = 16 * 1024;

/**
 * The content of the part named "file", streamed: the delimiter is looked for across chunk edges by
 * keeping back its length less one byte, and other parts (small fields) are passed over.
 */
function multipartFile(delimiter: Buffer): Sink {
  // The body starts with the delimiter without its leading CRLF: a CRLF put before it makes one rule.
  let pending: Buffer = Buffer.from("\r\n");
  let state: "seek" | "headers" | "file" | "other" | "done" = "seek";
  let found = false;
  const take = (chunk: Buffer): Buffer[] => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    const out: Buffer[] = [];
    for (;;) {
      if (state === "done") return ((pending = Buffer.alloc(0)), out);
      if (state === "headers") {
        const end = pending.indexOf("\r\n\r\n");
        if (end < 0) {
          if (pending.length > HEADERS_MAX) throw new AppError("BAD_REQUEST", wrongShape);
          return out;
        }
        const headers = pending.subarray(0, end).toString("latin1");
        pending = pending.subarray(end + 4);
        const isFile = !found && /content-disposition:[^\r\n]*\bname="file"/i.test(headers);
        state = isFile ? "file" : "other";
        found ||= isFile;
        continue;
      }
      const at = pending.indexOf(delimiter);
      if (at < 0) {
        // Keep back what could be the start of a delimiter cut by the chunk's end.
        const keep = Math.min(pending.length, delimiter.length - 1);
        if (state === "file") out.push(pending.subarray(0, pending.length - keep));
        pending = pending.subarray(pending.length - keep);
        return out;
      }
      if (state === "file" && at > 0) out.push(pending.subarray(0, at));
      const after = pending.subarray(at + delimiter.length);
      if (after.length < 2) {
        // "--" or CRLF still to come: the delimiter waits for the next chunk.
        pending = pending.subarray(at);
        return out;
      }
      if (after[0] === 0x2d && after[1] === 0x2d) state = "done";
      else {
        pending = after.subarray(2);
        state = "headers";
        continue;
      }
    }
  };
  return { push: take, found: () => found };
}
