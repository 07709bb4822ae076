// Writes GGUF files (llama.cpp's model format) with made-up weights, for tests and benchmarks that must
// not download a model: a header, typed metadata, tensor descriptions, then each tensor's bytes at an
// aligned offset. Speed and memory depend on a model's shape and quantisation only, so random weights of
// a real shape measure what a real file would.
import { randomFillSync } from "node:crypto";
import { open } from "node:fs/promises";

/** A metadata value with its GGUF type. */
export type GgufValue =
  | { type: "u32" | "i32" | "f32" | "u64"; value: number }
  | { type: "bool"; value: boolean }
  | { type: "string"; value: string }
  | { type: "array"; of: "string"; value: string[] }
  | { type: "array"; of: "f32" | "i32"; value: number[] };

export const u32 = (value: number): GgufValue => ({ type: "u32", value });
export const f32 = (value: number): GgufValue => ({ type: "f32", value });
export const str = (value: string): GgufValue => ({ type: "string", value });
export const strings = (value: string[]): GgufValue => ({ type: "array", of: "string", value });
export const floats = (value: number[]): GgufValue => ({ type: "array", of: "f32", value });
export const ints = (value: number[]): GgufValue => ({ type: "array", of: "i32", value });

/** The tensor types written here, with ggml's numbers, and the elements and bytes of one block. */
export const TENSOR_TYPES = {
  F32: { id: 0, block: 1, bytes: 4 },
  Q4_0: { id: 2, block: 32, bytes: 18 },
  Q8_0: { id: 8, block: 32, bytes: 34 },
  Q4_K: { id: 12, block: 256, bytes: 144 },
} as const;
export type TensorType = keyof typeof TENSOR_TYPES;

export interface GgufTensor {
  name: string;
  /** ggml order: the row length first (`[n_embd, n_vocab]` for token embeddings). */
  dims: number[];
  type: TensorType;
  /** F32 tensors: the values, else random in ±0.05. Quantised tensors are random with small scales. */
  values?: (index: number) => number;
}

const VALUE_TYPE = { u32: 4, i32: 5, f32: 6, bool: 7, string: 8, array: 9, u64: 10 } as const;
const ALIGNMENT = 32;

export const tensorBytes = (t: Pick<GgufTensor, "dims" | "type">) => {
  const { block, bytes } = TENSOR_TYPES[t.type];
  const count = t.dims.reduce((a, b) => a * b, 1);
  if (t.dims[0]! % block !== 0) throw new Error(`${t.type} needs rows of a multiple of ${block} values`);
  return (count / block) * bytes;
};

/** Appends little-endian values to a growing list of buffers. */
class Bytes {
  parts: Buffer[] = [];
  length = 0;
  push(b: Buffer) {
    this.parts.push(b);
    this.length += b.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  string(s: string) {
    const b = Buffer.from(s, "utf8");
    this.u64(b.length);
    this.push(b);
  }
  value(v: GgufValue) {
    if (v.type === "array") {
      this.u32(VALUE_TYPE.array);
      this.u32(VALUE_TYPE[v.of]);
      this.u64(v.value.length);
      for (const item of v.value) {
        if (v.of === "string") this.string(item as string);
        else if (v.of === "f32") this.f32(item as number);
        else this.i32(item as number);
      }
      return;
    }
    this.u32(VALUE_TYPE[v.type]);
    if (v.type === "string") this.string(v.value);
    else if (v.type === "bool") this.push(Buffer.from([v.value ? 1 : 0]));
    else if (v.type === "u64") this.u64(v.value);
    else if (v.type === "f32") this.f32(v.value);
    else if (v.type === "i32") this.i32(v.value);
    else this.u32(v.value);
  }
}

const padTo = (n: number) => (ALIGNMENT - (n % ALIGNMENT)) % ALIGNMENT;

/** An IEEE half-precision number's bits, for the scales inside quantised blocks. */
function halfBits(value: number): number {
  const f = new Float32Array([value]);
  const bits = new Uint32Array(f.buffer)[0]!;
  const sign = (bits >>> 16) & 0x8000;
  const exponent = ((bits >>> 23) & 0xff) - 127 + 15;
  const mantissa = (bits >>> 13) & 0x3ff;
  return exponent <= 0 ? sign : sign | (exponent << 10) | mantissa;
}

/** A tensor's bytes: random quantised blocks whose scales are small and finite (never NaN). */
function tensorData(t: GgufTensor): Buffer {
  const size = tensorBytes(t);
  const count = t.dims.reduce((a, b) => a * b, 1);
  if (t.type === "F32") {
    const out = Buffer.alloc(size);
    for (let i = 0; i < count; i++)
      out.writeFloatLE(t.values ? t.values(i) : (Math.random() - 0.5) / 10, i * 4);
    return out;
  }
  const out = randomFillSync(Buffer.alloc(size));
  const { bytes } = TENSOR_TYPES[t.type];
  const scale = halfBits(0.002);
  for (let at = 0; at < size; at += bytes) {
    out.writeUInt16LE(scale, at); // d
    if (t.type === "Q4_K") out.writeUInt16LE(scale, at + 2); // dmin
  }
  return out;
}

/** Writes the file; tensor data is made and written one tensor at a time. Answers the file's size. */
export async function writeGguf(
  path: string,
  model: { metadata: Record<string, GgufValue>; tensors: GgufTensor[] },
): Promise<number> {
  const head = new Bytes();
  head.push(Buffer.from("GGUF", "latin1"));
  head.u32(3);
  head.u64(model.tensors.length);
  head.u64(Object.keys(model.metadata).length);
  for (const [key, value] of Object.entries(model.metadata)) {
    head.string(key);
    head.value(value);
  }
  let offset = 0;
  const offsets: number[] = [];
  for (const t of model.tensors) {
    head.string(t.name);
    head.u32(t.dims.length);
    for (const d of t.dims) head.u64(d);
    head.u32(TENSOR_TYPES[t.type].id);
    head.u64(offset);
    offsets.push(offset);
    offset += tensorBytes(t);
    offset += padTo(offset);
  }
  head.push(Buffer.alloc(padTo(head.length)));
  const file = await open(path, "w");
  try {
    await file.write(Buffer.concat(head.parts));
    let written = 0;
    for (const t of model.tensors) {
      const data = tensorData(t);
      await file.write(data);
      written += data.length;
      const pad = padTo(written);
      if (pad) await file.write(Buffer.alloc(pad));
      written += pad;
    }
    return head.length + written;
  } finally {
    await file.close();
  }
}
