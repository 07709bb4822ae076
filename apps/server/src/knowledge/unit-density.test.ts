import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf, type DatabaseHandle } from "../db/client";
import { documents, knowledgeChunks, knowledgeCollections, knowledgeVectors, user } from "../db/schema";
import { openTestDatabase, testDbKind } from "../test/test-database";
import { unitLength, type Embedder } from "./embeddings/embedder";
import { onlyEmbedder, searchKnowledge } from "./hybrid-search";
import { indexDocument } from "./index-documents";
import { deleteCollection } from "../features/documents/collections";
import { deleteDocument } from "../features/documents/documents";
import { loadedIndex } from "./memory-index";
import { DENSITY_K, refreshDensities } from "./unit-density";
import { prepareVectorStore, rankCandidates, vectorMode } from "./vector-store";

const DIMS = 8;
const axis = (k: number, by = 1) => Array.from({ length: DIMS }, (_, i) => (i === k ? by : 0));
const plus = (...vs: number[][]) => vs.reduce((a, b) => a.map((x, i) => x + b[i]!));

// The question (and any text the embedder does not know) points along axis 0. The answer is a little
// less near it than a hub and ten fillers around the hub: without the correction they come first.
const HUB = unitLength([0.85, -0.527, 0, 0, 0, 0, 0, 0]);
const VECTORS: Record<string, number[]> = {
  "The answer.": unitLength([0.8, 0.6, 0, 0, 0, 0, 0, 0]),
  "The hub.": HUB,
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [
      `Filler ${i}.`,
      unitLength(plus(HUB, axis(2 + (i % 6), i < 6 ? 0.2 : -0.2))),
    ]),
  ),
  // Someone else's units, all near the answer: they must not count in the owner's densities.
  ...Object.fromEntries(
    Array.from({ length: 10 }, (_, i) => [`Echo ${i}.`, unitLength([0.8, 0.6, 0.05 * i, 0, 0, 0, 0, 0])]),
  ),
};
const QUESTION = "Where did the needle go?";
const embedder: Embedder = {
  id: "test-hub-8",
  dims: DIMS,
  embed: (texts) => Promise.resolve(texts.map((t) => unitLength(VECTORS[t] ?? axis(0)))),
};

const densities = async (db: DatabaseHandle["db"], ownerId?: string) =>
  new Map(
    (
      await rowsOf<{ content: string; density: number | null }>(
        db,
        sql`select c.content, v.density from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
            ${ownerId ? sql`where c.user_id = ${ownerId}` : sql``}`,
      )
    ).map((r) => [r.content, r.density === null ? null : Number(r.density)]),
  );

// Every way nearest units are found: pgvector's index (PostgreSQL with the extension, and PGlite when
// prepared so), the index in this process (PGlite as the server runs it) and the exact scan (a
// database whose vector store was not prepared, as without pgvector).
describe.each([
  { store: "prepared", prepare: true, inProcess: false },
  { store: "in memory", prepare: true, inProcess: true },
  { store: "exact", prepare: false, inProcess: false },
])("hubness correction, vector store $store", ({ prepare, inProcess }) => {
  let database: DatabaseHandle;
  const ownerId = randomUUID();
  const otherId = randomUUID();
  const ids: Record<string, string> = {};
  const deps = () => ({ db: database.db, embedders: onlyEmbedder(embedder) });
  const addDocument = async (userId: string, content: string, collectionId?: string) => {
    const [doc] = await database.db
      .insert(documents)
      .values({ userId, title: content, content, collectionId })
      .returning({ id: documents.id });
    ids[content] = doc!.id;
    await indexDocument(deps(), doc!.id);
  };
  const ask = async (mode: "vector" | "hybrid", limit = 3) =>
    (await searchKnowledge(deps(), { userId: ownerId, query: QUESTION, limit, mode })).map((h) => h.title);

  beforeAll(async () => {
    database = await openTestDatabase();
    if (prepare) await prepareVectorStore(database.db, [DIMS]);
    // As after an upgrade: an HNSW index an earlier version made (on PGlite) goes.
    if (inProcess) await prepareVectorStore(database.db, [DIMS], { inProcess });
    for (const id of [ownerId, otherId])
      await database.db.insert(user).values({ id, name: "Jo", email: `${id}@example.com` });
    // One at a time, as documents arrive: the first few recompute the whole set, later ones update it.
    for (const content of [
      "The answer.",
      "The hub.",
      ...Array.from({ length: 10 }, (_, i) => `Filler ${i}.`),
    ])
      await addDocument(ownerId, content);
  });
  afterAll(() => database.close());

  it("searches the way the database allows", () => {
    // A PostgreSQL server answers with pgvector or exactly, as it has the extension or not.
    if (!prepare) expect(vectorMode(database.db)).toBe("exact");
    else if (inProcess) expect(vectorMode(database.db)).toBe("memory");
    else if (testDbKind() === "pglite") expect(vectorMode(database.db)).toBe("pgvector");
  });

  it("keeps an HNSW index only where pgvector answers", async () => {
    const hnsw = await rowsOf<{ name: string }>(
      database.db,
      sql`select indexname as name from pg_indexes where indexname like 'knowledge_vectors_hnsw%'`,
    );
    expect(hnsw.length > 0).toBe(vectorMode(database.db) === "pgvector");
  });

  it("gives every unit a density at indexing: a hub's high, an isolated unit's low", async () => {
    const d = await densities(database.db);
    expect([...d.values()].every((x) => x !== null)).toBe(true);
    expect(d.get("The hub.")).toBeGreaterThan(0.9);
    expect(d.get("The answer.")).toBeLessThan(0.45);
    // Updated a document at a time, they stay close to the densities of the whole set computed at once.
    await database.db.update(knowledgeVectors).set({ density: null, kthSimilarity: null });
    expect(await refreshDensities(database.db, embedder.id, ownerId)).toEqual({ written: 12 });
    const exact = await densities(database.db);
    for (const [content, x] of d) expect(Math.abs(x! - exact.get(content)!), content).toBeLessThan(1e-4);
  });

  it("ranks the answer above the hub and its fillers, which come first without the correction", async () => {
    expect((await ask("vector"))[0]).toBe("The answer.");
    expect((await ask("hybrid"))[0]).toBe("The answer.");
    // No densities: every candidate counts the same, and plain similarity puts the hub first. (The
    // table and this process's copy both: the copy is what PGlite searches.)
    await database.db.update(knowledgeVectors).set({ density: null });
    (await loadedIndex(database.db, embedder.id, DIMS)).densities.fill(NaN);
    const plain = await ask("vector", 12);
    expect(plain[0]).toBe("The hub.");
    expect(plain.indexOf("The answer.")).toBe(11);
    await refreshDensities(database.db, embedder.id, ownerId);
    expect((await ask("vector"))[0]).toBe("The answer.");
  });

  it("takes densities over the owner's units only", async () => {
    const before = (await densities(database.db)).get("The answer.")!;
    for (let i = 0; i < 10; i++) await addDocument(otherId, `Echo ${i}.`);
    const after = await densities(database.db);
    expect(after.get("The answer.")).toBeCloseTo(before, 5);
    expect(after.get("Echo 0.")).toBeGreaterThan(0.9);
    expect((await ask("vector"))[0]).toBe("The answer.");
  });

  it("keeps answering after documents are deleted, from the densities left", async () => {
    await database.db.delete(documents).where(eq(documents.id, ids["The hub."]!));
    expect(
      await database.db
        .select()
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.documentId, ids["The hub."]!)),
    ).toEqual([]);
    expect(await ask("vector", 1)).toEqual(["The answer."]);
    await database.db.delete(documents).where(eq(documents.id, ids["The answer."]!));
    const left = await ask("vector", 12);
    expect(left).toHaveLength(10);
    expect(left.every((t) => t.startsWith("Filler"))).toBe(true);
    // A document indexed after the deletions gets its density against what is left.
    await addDocument(ownerId, "The hub.");
    expect((await densities(database.db)).get("The hub.")).toBeGreaterThan(0.9);
  });

  it("matches densities computed exactly over the owner's units", async () => {
    const owned = (await densities(database.db, ownerId)).keys();
    expectExact(await densities(database.db, ownerId), [...owned]);
  });

  it("computes again the densities a deleted document's units were part of", async () => {
    // The hub is among every filler's nearest: deleting it moves all of theirs.
    const before = await densities(database.db, ownerId);
    await deleteDocument(database.db, ownerId, ids["The hub."]!);
    const after = await densities(database.db, ownerId);
    expect(after.has("The hub.")).toBe(false);
    expect(after.get("Filler 0.")).toBeLessThan(before.get("Filler 0.")! - 0.001);
    expectExact(after, [...after.keys()]);
    // Indexing a document again replaces its units: the same densities as before.
    await addDocument(ownerId, "The hub.");
    await indexDocument(deps(), ids["The hub."]!);
    const again = await densities(database.db, ownerId);
    for (const [content, x] of before) expect(again.get(content), content).toBeCloseTo(x!, 5);
  });

  it("computes again the densities a deleted collection's documents were part of", async () => {
    const before = await densities(database.db, ownerId);
    const [collection] = await database.db
      .insert(knowledgeCollections)
      .values({ userId: ownerId, name: "Hubs" })
      .returning({ id: knowledgeCollections.id });
    // A second hub beside the first, in a collection: every filler has it among its nearest.
    VECTORS["The other hub."] = HUB;
    await addDocument(ownerId, "The other hub.", collection!.id);
    const during = await densities(database.db, ownerId);
    expect(during.get("Filler 0.")).toBeGreaterThan(before.get("Filler 0.")! + 0.001);
    await deleteCollection(database.db, ownerId, collection!.id);
    const after = await densities(database.db, ownerId);
    expect(after.has("The other hub.")).toBe(false);
    for (const [content, x] of before) expect(after.get(content), content).toBeCloseTo(x!, 5);
    expectExact(after, [...after.keys()]);
  });

  it("holds in this process the densities the table holds, through indexing and deletions", async () => {
    const table = await rowsOf<{ chunk_id: string; unit: number; density: number | null }>(
      database.db,
      sql`select chunk_id, unit, density from knowledge_vectors where embedder = ${embedder.id}`,
    );
    const index = await loadedIndex(database.db, embedder.id, DIMS);
    const held = new Map<string, number>();
    for (let i = 0; i < index.count; i++)
      if (!index.dropped[i]) held.set(`${index.chunkIds[i]}:${index.units[i]}`, index.densities[i]!);
    // (Rows of documents deleted straight from the table stay in the copy until it is read again.)
    expect(table.length).toBeGreaterThan(10);
    for (const r of table) {
      expect(r.density).not.toBeNull();
      expect(held.get(`${r.chunk_id}:${r.unit}`)).toBeCloseTo(Number(r.density), 6);
    }
  });
});

/** The mean cosine of each unit's DENSITY_K nearest among `contents`, in float64. */
function expectExact(got: Map<string, number | null>, contents: string[]) {
  const vec = (c: string) => unitLength(VECTORS[c] ?? axis(0));
  for (const c of contents) {
    const sims = contents
      .filter((o) => o !== c)
      .map((o) => vec(c).reduce((s, x, i) => s + x * vec(o)[i]!, 0))
      .sort((a, b) => b - a)
      .slice(0, DENSITY_K);
    const exact = sims.reduce((a, b) => a + b, 0) / (sims.length || 1);
    // int8 copies: a similarity within a hundredth of float64's.
    expect(Math.abs(got.get(c)! - exact), c).toBeLessThan(0.01);
  }
}

describe("rankCandidates", () => {
  it("ranks a chunk by its best corrected unit, a unit without density as the candidates' mean", () => {
    const ranked = rankCandidates(
      [
        { chunkId: "hub", similarity: 0.9, density: 0.9 },
        { chunkId: "answer", similarity: 0.8, density: 0.3 },
        { chunkId: "answer", similarity: 0.85, density: 0.95 },
        { chunkId: "new", similarity: 0.7, density: null },
      ],
      3,
    );
    expect(ranked.map((r) => r.chunkId)).toEqual(["answer", "hub", "new"]);
    // The answer's unit that ranks it keeps its plain similarity for the caller.
    expect(ranked[0]).toMatchObject({ similarity: 0.8, score: 0.8 - 0.5 * 0.3 });
    expect(ranked[2]!.score).toBeCloseTo(0.7 - 0.5 * ((0.9 + 0.3 + 0.95) / 3), 6);
  });
});
