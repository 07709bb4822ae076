// Integer dot products of one query against many int8 rows, with WebAssembly SIMD: the exact
// scan (memory-index.ts) in tens of milliseconds at 400,000 units where a plain JavaScript loop
// takes over a second; and the Hamming distances of sign bits, the approximate first pass. The module is dot-kernel.wat, assembled with WABT
// (`wat2wasm --enable-simd dot-kernel.wat`) and kept here as bytes; its test checks it against the
// plain loop.
const KERNEL =
  "AGFzbQEAAAABEgJgBX9/f39/AGAGf39/f39/AAMDAgABBQMBAAEHHQMGbWVtb3J5AgAGc2NvcmVzAAAHaGFtbWluZwABCrgCAq8BAgR/AnsgASEGIAEgAiADbGohBQJAA0AgBiAFTw0B/QwAAAAAAAAAAAAAAAAAAAAAIQkgACEHIAYgA2ohCANAIAb9AAQAIQogCSAK/YcBIAf9AAQA/boB/a4BIQkgCSAK/YgBIAf9AAQQ/boB/a4BIQkgBkEQaiEGIAdBIGohByAGIAhJDQALIAQgCf0bACAJ/RsBaiAJ/RsCIAn9GwNqajYCACAEQQRqIQQMAAsLC4QBAwR/AX4BfyABIQcgASACIANsaiEGAkADQCAHIAZPDQFCACEKIAAhCCAHIANqIQkDQCAKIAcpAwAgCCkDAIV7fCEKIAdBCGohByAIQQhqIQggByAJSQ0ACyAEIAqnNgIAIAUgCqdBAnRqIQsgCyALKAIAQQFqNgIAIARBBGohBAwACwsL";

/**
 * `scores(q, base, count, stride, out)`: for each of `count` rows of `stride` int8 values from
 * `base`, the dot product with `stride` int16 values at `q`, as an int32 at `out` + 4 × row.
 * `stride` is a multiple of 16 and every address 16-aligned.
 */
export interface DotKernel {
  memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  scores(q: number, base: number, count: number, stride: number, out: number): void;
  /**
   * `hamming(q, base, count, stride, out, hist)`: for each of `count` rows of `stride` bytes from
   * `base`, how many bits differ from the `stride` bytes at `q`, as an int32 at `out` + 4 × row, and
   * 1 added to the int32 at `hist` + 4 × that distance. `stride` is a multiple of 8.
   */
  hamming(q: number, base: number, count: number, stride: number, out: number, hist: number): void;
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
