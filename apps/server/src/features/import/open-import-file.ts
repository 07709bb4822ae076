// The JSON inside an uploaded file, as a stream: the file itself, or conversations.json inside a zip
// (ChatGPT's data export arrives as one). A zip is read from its central directory at the end, so
// only the one entry is inflated, a chunk at a time.
import { createReadStream } from "node:fs";
import { open } from "node:fs/promises";
import { createInflateRaw } from "node:zlib";
import { pipeline, Transform, type Readable } from "node:stream";
import { AppError } from "../../lib/errors";

export interface ImportBytes {
  stream: Readable;
  /** Bytes of the uploaded file read so far (for progress). */
  read(): number;
}

const ZIP_LOCAL = 0x04034b50;
const ZIP_CENTRAL = 0x02014b50;
const ZIP_END = 0x06054b50;

export async function openImportFile(path: string, size: number): Promise<ImportBytes> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(4);
    await handle.read(head, 0, 4, 0);
    if (head.readUInt32LE(0) !== ZIP_LOCAL) return counted(createReadStream(path));
    const entry = await conversationsEntry(handle, size);
    const local = Buffer.alloc(30);
    await handle.read(local, 0, 30, entry.offset);
    if (local.readUInt32LE(0) !== ZIP_LOCAL) throw badZip();
    const start = entry.offset + 30 + local.readUInt16LE(26) + local.readUInt16LE(28);
    const raw = createReadStream(path, { start, end: start + entry.compressed - 1 });
    if (entry.method === 0) return counted(raw);
    if (entry.method !== 8) throw badZip();
    return counted(raw, createInflateRaw());
  } finally {
    await handle.close();
  }
}

/** The file's bytes through a counter (and an inflater for a zip entry), errors carried along. */
function counted(file: Readable, inflate?: Transform): ImportBytes {
  let read = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      read += chunk.length;
      done(null, chunk);
    },
  });
  const noop = () => undefined;
  const stream = inflate ? pipeline(file, counter, inflate, noop) : pipeline(file, counter, noop);
  return { stream, read: () => read };
}

const badZip = () =>
  new AppError("BAD_REQUEST", "This zip file could not be read. Upload conversations.json from it instead.");

/** conversations.json's place in the zip, from the central directory the end record points to. */
async function conversationsEntry(
  handle: Awaited<ReturnType<typeof open>>,
  size: number,
): Promise<{ offset: number; compressed: number; method: number }> {
  // The end record is 22 bytes plus a comment of at most 65535.
  const tailLength = Math.min(size, 22 + 65_535);
  const tail = Buffer.alloc(tailLength);
  await handle.read(tail, 0, tailLength, size - tailLength);
  let end = -1;
  for (let i = tailLength - 22; i >= 0; i--)
    if (tail.readUInt32LE(i) === ZIP_END) {
      end = i;
      break;
    }
  if (end < 0) throw badZip();
  const entries = tail.readUInt16LE(end + 10);
  const dirSize = tail.readUInt32LE(end + 12);
  const dirOffset = tail.readUInt32LE(end + 16);
  // 0xffffffff marks a Zip64 archive (over 4 GB), far past the import's limit.
  if (dirOffset === 0xffffffff || dirOffset + dirSize > size) throw badZip();
  const dir = Buffer.alloc(dirSize);
  await handle.read(dir, 0, dirSize, dirOffset);
  for (let at = 0, n = 0; n < entries && at + 46 <= dir.length; n++) {
    if (dir.readUInt32LE(at) !== ZIP_CENTRAL) throw badZip();
    const nameLength = dir.readUInt16LE(at + 28);
    const name = dir.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    if (name === "conversations.json" || name.endsWith("/conversations.json"))
      return {
        method: dir.readUInt16LE(at + 10),
        compressed: dir.readUInt32LE(at + 20),
        offset: dir.readUInt32LE(at + 42),
      };
    at += 46 + nameLength + dir.readUInt16LE(at + 30) + dir.readUInt16LE(at + 32);
  }
  throw new AppError(
    "BAD_REQUEST",
    "This zip has no conversations.json. Upload ChatGPT's data export, or a JSON export from another chat app.",
  );
}
