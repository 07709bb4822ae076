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

  it("keeps only `limit` units and only rows the visibility rule lets through", () => {
    const index = sample(simd);
    expect(index.nearestUnits(along(3), 1, () => true).map((h) => [h.chunkId, h.unit])).toEqual([["b", 1]]);
    const adas = index.nearestUnits(along(3), 10, (i) => index.userIds[i] === "ada");
    expect(adas.map((h) => `${h.chunkId}${h.unit}`).sort()).toEqual(["a0", "a1", "c0"]);
  });

  it("leaves out a document indexed again, and grows past its first capacity", () => {
    const index = sample(simd);
    index.dropDocument("doc-b");
    expect(index.nearestUnits(along(2), 10, () => true).some((h) => h.chunkId === "b")).toBe(false);
    const more = Array.from({ length: 3_000 }, (_, i) => ({
      chunkId: `n${i}`,
      unit: 0,
      documentId: "doc-n",
      userId: "ada",
      vector: along(i % DIMS, (i + 5) % DIMS, 0.5),
    }));
    index.add(more);
    expect(index.count).toBe(3_005);
    const hits = index.nearestUnits(along(7), 5, () => true);
    expect(hits).toHaveLength(5);
    // The 3,000 added last are found: the five nearest are among them (along axis 7, tilted to 12).
    expect(hits.every((h) => h.chunkId.startsWith("n") && Number(h.chunkId.slice(1)) % DIMS === 7)).toBe(
      true,
    );
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
      const a = simd.nearestUnits(query, 20, () => true);
      const b = plain.nearestUnits(query, 20, () => true);
      expect(a.map((h) => [h.chunkId, h.unit])).toEqual(b.map((h) => [h.chunkId, h.unit]));
      a.forEach((h, i) => expect(Math.abs(h.similarity - b[i]!.similarity)).toBeLessThan(1e-3));
      // And both close to the float similarity of the unit, which is the nearest of all.
      const best = units.find((u) => u.chunkId === a[0]!.chunkId && u.unit === a[0]!.unit)!;
      expect(Math.abs(a[0]!.similarity - dot(query, best.vector))).toBeLessThan(0.02);
      expect(Math.max(...units.map((u) => dot(query, u.vector)))).toBeCloseTo(dot(query, best.vector), 1);
    }
  });
});

describe.each([
  ["with WebAssembly SIMD", true],
  ["with the plain loop", false],
])("the first pass by sign bits %s", (_, simd) => {
  // 20,000 units in 200 clusters around centres that all lean one way, as text embeddings do.
  const dims = 128;
  let seed = 11;
  const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const lean = Array.from({ length: dims }, () => random() * 0.6);
  const centres = Array.from({ length: 200 }, () => lean.map((l) => l + random() * 0.5));
  const around = (c: number[]) => unitLength(c.map((v) => v + random() * 0.6));
  const units = Array.from({ length: 20_000 }, (_, i) => ({
    chunkId: `c${i}`,
    unit: 0,
    documentId: `d${i % 50}`,
    userId: i % 10 === 0 ? "bob" : "ada",
    vector: around(centres[i % 200]!),
  }));
  const index = new MemoryIndex(dims, { simd });
  for (let i = 0; i < units.length; i += 3_000) index.add(units.slice(i, i + 3_000));

  it("finds nearly all of the exact scan's nearest units, with their exact similarities", () => {
    let found = 0;
    for (let q = 0; q < 20; q++) {
      const query = around(centres[(q * 37) % 200]!);
      const exact = index.nearestUnits(query, 40, () => true);
      const fast = index.nearestUnits(query, 40, () => true, 800);
      expect(fast).toHaveLength(40);
      const similarity = new Map(exact.map((h) => [h.chunkId, h.similarity]));
      for (const h of fast) if (similarity.has(h.chunkId)) found++;
      for (let i = 1; i < fast.length; i++)
        expect(fast[i]!.similarity).toBeLessThanOrEqual(fast[i - 1]!.similarity);
      const shared = fast.find((h) => similarity.has(h.chunkId))!;
      expect(Math.abs(shared.similarity - similarity.get(shared.chunkId)!)).toBeLessThan(0.01);
    }
    expect(found / (20 * 40)).toBeGreaterThan(0.9);
  });

  it("picks only visible, live rows, however few they are", () => {
    const bobs = index.nearestUnits(around(centres[3]!), 40, (i) => index.userIds[i] === "bob", 100);
    expect(bobs).toHaveLength(40);
    expect(bobs.every((h) => Number(h.chunkId.slice(1)) % 10 === 0)).toBe(true);
    const hidden = index.nearestUnits(around(centres[3]!), 10, (i) => index.documentIds[i] === "d0", 100);
    expect(hidden.every((h) => Number(h.chunkId.slice(1)) % 50 === 0)).toBe(true);
    index.dropDocument("d0");
    expect(index.nearestUnits(around(centres[0]!), 10, (i) => index.documentIds[i] === "d0", 100)).toEqual(
      [],
    );
  });
});
