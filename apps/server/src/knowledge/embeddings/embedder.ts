// What turns text into vectors for retrieval by meaning. The default runs in this process, offline
// (local-embedder.ts); a connection's OpenAI-compatible /embeddings can serve instead.

export interface Embedder {
  /** Stored with every vector it makes: vectors of different embedders are never compared. */
  id: string;
  dims: number;
  /** One unit-length vector per text, in order. */
  embed(texts: string[]): Promise<number[][]>;
}

/** Scales a vector to length 1, so that a dot product is the cosine similarity. */
export function unitLength(vector: ArrayLike<number>): number[] {
  let sum = 0;
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!;
  const norm = Math.sqrt(sum) || 1;
  return Array.from(vector, (v) => v / norm);
}

export const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let sum = 0;
  for (let i = 0; i < a.length; i++) sum += a[i]! * b[i]!;
  return sum;
};
