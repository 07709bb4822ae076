// How much memory a GGUF model needs once loaded, and how much this machine (or its container) has
// free: a model that would not fit is refused with the two figures instead of pushing the host into
// swap or the out-of-memory killer.
import { readFileSync } from "node:fs";
import { freemem } from "node:os";
import type { GgufHeader } from "./gguf-header";

/**
 * Weights (the file, mapped into memory), the context's key/value cache in 16-bit floats for every
 * sequence, and llama.cpp's work buffers, which grow with the vocabulary (the logits of a batch) and
 * the width of the model. Calibrated against the peak RSS of bench row 9 with a margin.
 */
export function estimateMemory(
  header: GgufHeader | null,
  fileBytes: number,
  opts: { contextSize: number; sequences: number },
): number {
  const FIXED = 64 * 2 ** 20;
  if (!header?.layers || !header.embedding || !header.heads) return Math.round(fileBytes * 1.2) + FIXED;
  const headDim = header.keyLength ?? header.embedding / header.heads;
  const valueDim = header.valueLength ?? headDim;
  const kvHeads = header.kvHeads ?? header.heads;
  const cells = opts.contextSize * opts.sequences;
  const kvCache = header.layers * cells * kvHeads * (headDim + valueDim) * 2;
  const work = (header.vocabSize ?? 32_000) * 1024 + header.embedding * 4 * 4096;
  return fileBytes + kvCache + work + FIXED;
}

/**
 * Memory available to this process: the system's available memory (free, plus caches it can drop),
 * or what is left under the container's limit (cgroup v2) when that is less.
 */
export function freeMemory(): number {
  const system = freemem();
  try {
    const limit = readFileSync("/sys/fs/cgroup/memory.max", "utf8").trim();
    if (limit === "max") return system;
    const used = Number(readFileSync("/sys/fs/cgroup/memory.current", "utf8").trim());
    return Math.min(system, Math.max(0, Number(limit) - used));
  } catch {
    return system; // not in a cgroup v2 container
  }
}

const GB = 1e9;
/** "1.9 GB", "640 MB". */
export const formatBytes = (n: number) =>
  n >= GB ? `${(n / GB).toFixed(1)} GB` : `${Math.max(1, Math.round(n / 1e6))} MB`;
