// Reads what Tessera needs from a GGUF file's header without llama.cpp: that it is one (its magic
// bytes and version), and its shape (architecture, layers, attention heads, context length,
// vocabulary, chat template) to describe the model and estimate the memory it needs. Large arrays
// (the vocabulary, merges) are skipped, not held.
import { open, stat, type FileHandle } from "node:fs/promises";

export const GGUF_MAGIC = "GGUF";

export class NotGgufError extends Error {
  override name = "NotGgufError";
}

export interface GgufHeader {
  version: number;
  architecture: string;
  name: string | null;
  /** As the file says it (`general.size_label`, "0.5B"), else null. */
  sizeLabel: string | null;
  contextLength: number | null;
  layers: number | null;
  embedding: number | null;
  heads: number | null;
  kvHeads: number | null;
  keyLength: number | null;
  valueLength: number | null;
  vocabSize: number | null;
  chatTemplate: boolean;
}

/** True when `bytes` start like a GGUF file (a download is refused early on its first bytes). */
export const hasGgufMagic = (bytes: Uint8Array) =>
  bytes.length >= 4 && Buffer.from(bytes.subarray(0, 4)).toString("latin1") === GGUF_MAGIC;

const CHUNK = 1 << 20;

/** Reads a file front to back through a buffer, a megabyte at a time. */
class Reader {
  private buf = Buffer.alloc(0);
  private pos = 0;
  private fileAt = 0;
  constructor(private readonly file: FileHandle) {}

  private async need(n: number) {
    if (this.buf.length - this.pos >= n) return;
    const rest = this.buf.subarray(this.pos);
    const more = Buffer.alloc(Math.max(CHUNK, n));
    const { bytesRead } = await this.file.read(more, 0, more.length, this.fileAt);
    this.fileAt += bytesRead;
    this.buf = Buffer.concat([rest, more.subarray(0, bytesRead)]);
    this.pos = 0;
    if (this.buf.length < n) throw new NotGgufError("The file ends inside its GGUF header.");
  }
  async bytes(n: number) {
    await this.need(n);
    const out = this.buf.subarray(this.pos, this.pos + n);
    this.pos += n;
    return out;
  }
  async u32() {
    return (await this.bytes(4)).readUInt32LE(0);
  }
  async u64() {
    const n = (await this.bytes(8)).readBigUInt64LE(0);
    if (n > BigInt(Number.MAX_SAFE_INTEGER))
      throw new NotGgufError("A length in the GGUF header is not sane.");
    return Number(n);
  }
  async string(maxBytes = 1 << 24) {
    const length = await this.u64();
    if (length > maxBytes) throw new NotGgufError("A text in the GGUF header is too long.");
    return (await this.bytes(length)).toString("utf8");
  }
  async skip(n: number) {
    while (n > 0) {
      const step = Math.min(n, CHUNK);
      await this.bytes(step);
      n -= step;
    }
  }
}

/** Bytes of each fixed-size value type, by GGUF type number. */
const FIXED_SIZE: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  10: 8,
  11: 8,
  12: 8,
};
const STRING = 8;
const ARRAY = 9;

type Scalar = number | string | boolean;

async function readScalar(r: Reader, type: number): Promise<Scalar> {
  if (type === STRING) return r.string();
  const b = await r.bytes(FIXED_SIZE[type] ?? Number.NaN);
  switch (type) {
    case 0:
      return b.readUInt8(0);
    case 1:
      return b.readInt8(0);
    case 2:
      return b.readUInt16LE(0);
    case 3:
      return b.readInt16LE(0);
    case 4:
      return b.readUInt32LE(0);
    case 5:
      return b.readInt32LE(0);
    case 6:
      return b.readFloatLE(0);
    case 7:
      return b.readUInt8(0) !== 0;
    case 10:
      return Number(b.readBigUInt64LE(0));
    case 11:
      return Number(b.readBigInt64LE(0));
    default:
      return b.readDoubleLE(0);
  }
}

/** Reads the header and metadata of the GGUF file at `path`; NotGgufError when it is not one. */
export async function readGgufHeader(path: string): Promise<GgufHeader> {
  const file = await open(path, "r");
  try {
    const r = new Reader(file);
    if ((await r.bytes(4)).toString("latin1") !== GGUF_MAGIC)
      throw new NotGgufError("This is not a GGUF file.");
    const version = await r.u32();
    if (version < 2 || version > 3) throw new NotGgufError(`GGUF version ${version} is not supported.`);
    await r.u64(); // tensors
    const count = await r.u64();
    const meta = new Map<string, Scalar>();
    let vocabSize: number | null = null;
    for (let i = 0; i < count; i++) {
      const key = await r.string(1 << 16);
      const type = await r.u32();
      if (type === ARRAY) {
        const itemType = await r.u32();
        const items = await r.u64();
        if (key === "tokenizer.ggml.tokens") vocabSize = items;
        if (itemType === STRING) for (let j = 0; j < items; j++) await r.skip(await r.u64());
        else if (FIXED_SIZE[itemType]) await r.skip(items * FIXED_SIZE[itemType]);
        else throw new NotGgufError("The GGUF header holds a value of an unknown type.");
      } else if (type === STRING || FIXED_SIZE[type] !== undefined) {
        // Chat templates run to tens of kilobytes; only whether there is one matters here.
        meta.set(key, await readScalar(r, type));
      } else throw new NotGgufError("The GGUF header holds a value of an unknown type.");
    }
    const architecture = meta.get("general.architecture");
    if (typeof architecture !== "string") throw new NotGgufError("The GGUF file names no architecture.");
    const num = (key: string) => {
      const v = meta.get(`${architecture}.${key}`);
      return typeof v === "number" ? v : null;
    };
    const text = (key: string) => {
      const v = meta.get(key);
      return typeof v === "string" ? v : null;
    };
    return {
      version,
      architecture,
      name: text("general.name"),
      sizeLabel: text("general.size_label"),
      contextLength: num("context_length"),
      layers: num("block_count"),
      embedding: num("embedding_length"),
      heads: num("attention.head_count"),
      kvHeads: num("attention.head_count_kv") ?? num("attention.head_count"),
      keyLength: num("attention.key_length"),
      valueLength: num("attention.value_length"),
      vocabSize,
      chatTemplate: text("tokenizer.chat_template") !== null,
    };
  } finally {
    await file.close();
  }
}

const cache = new Map<string, { key: string; header: Promise<GgufHeader> }>();

/** readGgufHeader, read again only when the file changed (its size or time): pages poll it. */
export async function readGgufHeaderCached(path: string): Promise<GgufHeader> {
  const info = await stat(path);
  const key = `${info.size}:${info.mtimeMs}`;
  const hit = cache.get(path);
  if (hit?.key === key) return hit.header;
  if (cache.size >= 64) cache.delete(cache.keys().next().value!);
  const header = readGgufHeader(path);
  cache.set(path, { key, header });
  header.catch(() => cache.delete(path));
  return header;
}
