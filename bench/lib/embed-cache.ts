// The bench's own cache of embeddings, keyed by (embedder id, text hash): a retrieval idea can be
// measured on the whole evaluation set without embedding every unit again. Off unless
// BENCH_EMBED_CACHE names a directory; the product never reads it. A vector is kept as the model gave
// it (float64), so a search reads exactly what it would have without the cache.
import { createHash } from "node:crypto";
import { appendFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Embedder } from "./knowledge-core";

export interface CacheStats {
  hits: number;
  misses: number;
}

export type CachedEmbedder = Embedder & { stats: CacheStats };

export function cachedEmbedder(inner: Embedder, dir: string): CachedEmbedder {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${inner.id.replace(/[^\w.-]/g, "_")}.tsv`);
  const stored = new Map<string, number[]>();
  if (existsSync(file))
    for (const line of readFileSync(file, "utf8").split("\n")) {
      const [key, b64] = line.split("\t");
      if (!key || !b64) continue;
      const bytes = Buffer.from(b64, "base64");
      stored.set(key, Array.from(new Float64Array(bytes.buffer, bytes.byteOffset, bytes.length / 8)));
    }
  const keyOf = (text: string) => createHash("sha256").update(text).digest("hex");
  const stats: CacheStats = { hits: 0, misses: 0 };
  return {
    id: inner.id,
    dims: inner.dims,
    stats,
    async embed(texts) {
      const keys = texts.map(keyOf);
      const missing = [...new Set(keys.filter((k) => !stored.has(k)))];
      const missingTexts = missing.map((k) => texts[keys.indexOf(k)]!);
      stats.hits += texts.length - keys.filter((k) => missing.includes(k)).length;
      stats.misses += keys.filter((k) => missing.includes(k)).length;
      if (missingTexts.length) {
        // One call for every missing text, as the product would have made one for all of them.
        const vectors = await inner.embed(missingTexts);
        const lines = missing.map((k, i) => {
          stored.set(k, vectors[i]!);
          return `${k}\t${Buffer.from(new Float64Array(vectors[i]!).buffer).toString("base64")}`;
        });
        appendFileSync(file, `${lines.join("\n")}\n`);
      }
      return keys.map((k) => stored.get(k)!);
    },
  };
}
