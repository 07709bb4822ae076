import { describe, expect, it } from "vitest";
import { dot, unitLength } from "./embeddings/embedder";
import { dotKernel } from "./dot-kernel";
import { MemoryIndex } from "./memory-index";

const DIMS = 16;
/** A unit vector pointing mostly along axis `axis`, a little along `tilt`. */
const along = (axis: number, tilt = (axis + 1) % DIMS, by = 0.1) =>
  unitLength(Array.from({ length: DIMS }, (_, k) => (k === axis ? 1 : k === tilt ? by : 0.01 * k)));

function sample(simd: boolean) {
  const index = new MemoryIndex(DIMS, { simd });
  // Chunk "a" (Ada's) and chunk "b" (Bob's), two units each, units adjacent as indexing adds them.
  index.add([
    { chunkId: "a", unit: 0, documentId: "doc-a", userId: "ada", vector: along(0) },
    { chunkId: "a", unit: 1, documentId: "doc-a", userId: "ada", vector: along(1) },
    { chunkId: "b", unit: 0, documentId: "doc-b", userId: "bob", vector: along(2) },
    { chunkId: "b", unit: 1, documentId: "doc-b", userId: "bob", vector: along(3) },
    { chunkId: "c", unit: 0, documentId: "doc-c", userId: "ada", vector: along(4) },
  ]);
  return index;
}

describe.each([
  ["with WebAssembly SIMD", true],
  ["with the plain loop", false],
])("MemoryIndex %s", (_, simd) => {
  it("answers units best first, each with its chunk and place, for the hubness rerank", () => {
    const index = sample(simd);
    const q = along(1, 0, 0.3);
    const hits = index.nearestUnits(q, 10, () => true);
    expect(hits).toHaveLength(5);
    expect(hits.slice(0, 2).map((h) => [h.chunkId, h.unit])).toEqual([
      ["a", 1],
      ["a", 0],
    ]);
    expect(Math.abs(hits[0]!.similarity - dot(q, along(1)))).toBeLessThan(0.02);
    for (let i = 1; i < hits.length; i++)
      expect(hits[i]!.similarity).toBeLessThanOrEqual(hits[i - 1]!.similarity);
    const adas = index.nearestUnits(along(3), 2, (i) => index.userIds[i] === "ada");
    expect(adas).toHaveLength(2);
    expect(adas.every((h) => h.chunkId !== "b")).toBe(true);
  });

  it("scores a chunk by its best unit, best first, close to the float similarity", () => {
    const index = sample(simd);
    const q = along(1, 0, 0.3);
    const hits = index.nearest(q, 10, () => true);
    expect(hits).toHaveLength(3);
    expect(hits[0]!.chunkId).toBe("a");
    expect(Math.abs(hits[0]!.similarity - dot(q, along(1)))).toBeLessThan(0.02);
    expect(new Set(hits.map((h) => h.chunkId)).size).toBe(hits.length);
  });

  it("keeps only `limit` chunks and only rows the visibility rule lets through", () => {
    const index = sample(simd);
    expect(index.nearest(along(3), 1, () => true).map((h) => h.chunkId)).toEqual(["b"]);
    const adas = index.nearest(along(3), 10, (i) => index.userIds[i] === "ada");
    expect(adas.map((h) => h.chunkId).sort()).toEqual(["a", "c"]);
  });

  it("leaves out a document indexed again, and grows past its first capacity", () => {
    const index = sample(simd);
    index.dropDocument("doc-b");
    expect(index.nearest(along(2), 10, () => true).some((h) => h.chunkId === "b")).toBe(false);
    const more = Array.from({ length: 3_000 }, (_, i) => ({
      chunkId: `n${i}`,
      unit: 0,
      documentId: "doc-n",
      userId: "ada",
      vector: along(i % DIMS, (i + 5) % DIMS, 0.5),
    }));
    index.add(more);
    expect(index.count).toBe(3_005);
    expect(index.nearest(along(7), 5, () => true)).toHaveLength(5);
  });
});

describe("the SIMD scan", () => {
  it("ranks as the plain loop does, with sizes that are not a multiple of 16, past many pages", () => {
    // 300 dimensions (padded to 304), 5,000 units: the kernel's memory grows several times.
    const dims = 300;
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
    const units = Array.from({ length: 5_000 }, (_, i) => ({
      chunkId: `c${Math.floor(i / 2)}`,
      unit: i % 2,
      documentId: `d${i % 7}`,
      userId: "ada",
      vector: unitLength(Array.from({ length: dims }, random)),
    }));
    expect(dotKernel()).not.toBeNull();
    const simd = new MemoryIndex(dims);
    const plain = new MemoryIndex(dims, { simd: false });
    for (let i = 0; i < units.length; i += 700) {
      simd.add(units.slice(i, i + 700));
      plain.add(units.slice(i, i + 700));
    }
    for (let q = 0; q < 5; q++) {
      const query = unitLength(Array.from({ length: dims }, random));
      const a = simd.nearest(query, 20, () => true);
      const b = plain.nearest(query, 20, () => true);
      expect(a.map((h) => h.chunkId)).toEqual(b.map((h) => h.chunkId));
      a.forEach((h, i) => expect(Math.abs(h.similarity - b[i]!.similarity)).toBeLessThan(1e-3));
      // And both close to the float similarity of the chunk's best unit.
      const best = Math.max(
        ...units.filter((u) => u.chunkId === a[0]!.chunkId).map((u) => dot(query, u.vector)),
      );
      expect(Math.abs(a[0]!.similarity - best)).toBeLessThan(0.02);
    }
  });
});
