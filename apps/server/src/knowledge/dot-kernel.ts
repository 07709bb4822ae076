// Integer dot products of one query against many int8 rows, with WebAssembly SIMD: the exact
// fallback's scan (memory-index.ts) in tens of milliseconds at 400,000 units where a plain
// JavaScript loop takes over a second. The module is dot-kernel.wat, assembled with WABT
// (`wat2wasm --enable-simd dot-kernel.wat`) and kept here as bytes; its test checks it against the
// plain loop.
const KERNEL =
  "AGFzbQEAAAABCQFgBX9/f39/AAMCAQAFAwEAAQcTAgZtZW1vcnkCAAZzY29yZXMAAAqyAQGvAQIEfwJ7IAEhBiABIAIgA2xqIQUCQANAIAYgBU8NAf0MAAAAAAAAAAAAAAAAAAAAACEJIAAhByAGIANqIQgDQCAG/QAEACEKIAkgCv2HASAH/QAEAP26Af2uASEJIAkgCv2IASAH/QAEEP26Af2uASEJIAZBEGohBiAHQSBqIQcgBiAISQ0ACyAEIAn9GwAgCf0bAWogCf0bAiAJ/RsDamo2AgAgBEEEaiEEDAALCws=";

/**
 * `scores(q, base, count, stride, out)`: for each of `count` rows of `stride` int8 values from
 * `base`, the dot product with `stride` int16 values at `q`, as an int32 at `out` + 4 × row.
 * `stride` is a multiple of 16 and every address 16-aligned.
 */
export interface DotKernel {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  scores(q: number, base: number, count: number, stride: number, out: number): void;
}

/** The part of WebAssembly used here (the server's type libraries leave the global out). */
interface Wasm {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
}
const wasm = (globalThis as unknown as { WebAssembly: Wasm }).WebAssembly;

let compiled: object | null | undefined;

/** A fresh instance with memory of its own, or null where WebAssembly SIMD is not available. */
export function dotKernel(): DotKernel | null {
  if (compiled === undefined) {
    const bytes = Buffer.from(KERNEL, "base64");
    compiled = wasm.validate(bytes) ? new wasm.Module(bytes) : null;
  }
  if (!compiled) return null;
  return new wasm.Instance(compiled).exports as DotKernel;
}
