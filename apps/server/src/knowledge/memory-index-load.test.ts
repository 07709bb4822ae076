import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { rowsOf, type DatabaseHandle } from "../db/client";
import { documents, user } from "../db/schema";
import { openTestDatabase } from "../test/test-database";
import { unitLength, type Embedder } from "./embeddings/embedder";
import { onlyEmbedder } from "./hybrid-search";
import { indexDocument } from "./index-documents";
import { nearestInMemory, packVector } from "./memory-index";
import { prepareVectorStore } from "./vector-store";

// Each document's text names the axis its one unit points along.
const AXES: Record<string, number[]> = {
  "North wind.": [1, 0.1, 0, 0],
  "East wind.": [0.1, 1, 0, 0],
  "South wind.": [0, 0.1, 1, 0],
};
const embedder: Embedder = {
  id: "axes-4",
  dims: 4,
  embed: (texts) => Promise.resolve(texts.map((t) => unitLength(AXES[t] ?? [0, 0, 0, 1]))),
};

/** The same vectors under another id: indexing reads its embedder's set into this process. */
const stored: Embedder = { ...embedder, id: "axes-4-stored" };

let database: DatabaseHandle;
const ownerId = randomUUID();
const ids: Record<string, string> = {};

const nearest = (vector: number[]) =>
  nearestInMemory(database.db, { embedder: embedder.id, vector, limit: 3, who: { userId: ownerId } });

/** Another process's document: rows written straight to the tables, unknown to this process's copy. */
async function writeElsewhere(on: DatabaseHandle, content: string) {
  const [doc] = await on.db
    .insert(documents)
    .values({ userId: ownerId, title: content, content })
    .returning({ id: documents.id });
  const [chunk] = await rowsOf<{ id: string }>(
    on.db,
    sql`insert into knowledge_chunks (document_id, user_id, ordinal, title, content)
        values (${doc!.id}, ${ownerId}, 0, ${content}, ${content}) returning id`,
  );
  const vector = unitLength(AXES[content]!);
  await on.db.execute(
    sql`insert into knowledge_vectors (chunk_id, embedder, unit, dims, embedding, packed)
        values (${chunk!.id}, ${embedder.id}, 0, 4, ${`{${vector.join(",")}}`}::real[],
                decode(${packVector(vector).toString("hex")}, 'hex'))`,
  );
  return chunk!.id;
}

async function chunkOf(documentId: string) {
  const [row] = await rowsOf<{ id: string }>(
    database.db,
    sql`select id from knowledge_chunks where document_id = ${documentId}`,
  );
  return row!.id;
}

beforeAll(async () => {
  database = await openTestDatabase();
  await prepareVectorStore(database.db, [embedder.dims]);
  await database.db.insert(user).values({ id: ownerId, name: "Jo", email: `${ownerId}@example.com` });
  for (const content of ["North wind.", "East wind."]) {
    const [doc] = await database.db
      .insert(documents)
      .values({ userId: ownerId, title: content, content })
      .returning({ id: documents.id });
    ids[content] = doc!.id;
    await indexDocument({ db: database.db, embedders: onlyEmbedder(stored) }, doc!.id);
  }
  // As if stored before the packed form existed, and before this process read any: the load must
  // read real[] and write it back.
  await database.db.execute(
    sql`update knowledge_vectors set packed = null, embedder = ${embedder.id} where embedder = ${stored.id}`,
  );
});
afterAll(() => {
  vi.useRealTimers();
  return database.close();
});

describe("packVector", () => {
  it("keeps a unit as int8 values and a scale that give it back closely", () => {
    const v = unitLength([0.3, -0.7, 0.1, 0.5]);
    const packed = packVector(v);
    expect(packed).toHaveLength(4 + 4);
    const scale = packed.readFloatLE(4);
    for (let k = 0; k < 4; k++) expect(Math.abs(packed.readInt8(k) * scale - v[k]!)).toBeLessThan(0.01);
    expect(Math.max(...[0, 1, 2, 3].map((k) => Math.abs(packed.readInt8(k))))).toBe(127);
  });
});

describe("the exact fallback's copy of the vectors", () => {
  it("reads units stored without their packed form, and writes that form back", async () => {
    const hits = await nearest(unitLength([1, 0, 0, 0]));
    expect(hits.map((h) => h.chunkId)).toEqual([
      await chunkOf(ids["North wind."]!),
      await chunkOf(ids["East wind."]!),
    ]);
    const [row] = await rowsOf<{ n: number; packed: number }>(
      database.db,
      sql`select count(*)::int as n, count(packed)::int as packed from knowledge_vectors where embedder = ${embedder.id}`,
    );
    expect(row).toEqual({ n: 2, packed: 2 });
  });

  it("reads in a minute later what another process indexed meanwhile", async () => {
    const chunkId = await writeElsewhere(database, "South wind.");
    const query = unitLength([0, 0, 1, 0]);
    expect((await nearest(query)).map((h) => h.chunkId)).not.toContain(chunkId);

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 61_000);
    await vi.waitFor(async () => expect((await nearest(query))[0]?.chunkId).toBe(chunkId), {
      timeout: 10_000,
      interval: 50,
    });
    // Read in once: the chunk this process already held is not added a second time.
    const hits = await nearest(query);
    expect(new Set(hits.map((h) => h.chunkId)).size).toBe(hits.length);
    expect(hits).toHaveLength(3);
  });
});

describe("PGlite's copy, which only this process writes", () => {
  let own: DatabaseHandle;
  const find = (vector: number[]) =>
    nearestInMemory(own.db, { embedder: embedder.id, vector, limit: 3, who: { userId: ownerId } });

  beforeAll(async () => {
    vi.useRealTimers();
    own = await openTestDatabase();
    await prepareVectorStore(own.db, [embedder.dims], { inProcess: true });
    await own.db.insert(user).values({ id: ownerId, name: "Jo", email: `${ownerId}@example.com` });
    const [doc] = await own.db
      .insert(documents)
      .values({ userId: ownerId, title: "North wind.", content: "North wind." })
      .returning({ id: documents.id });
    await indexDocument({ db: own.db, embedders: onlyEmbedder(embedder) }, doc!.id);
  });
  afterAll(async () => {
    vi.useRealTimers();
    await own.close();
  });

  it("reads nothing in each minute, and everything again at the half-hourly reload", async () => {
    const query = unitLength([0, 0, 1, 0]);
    expect(await find(query)).toHaveLength(1);
    // Written past this process (as only a restore could on PGlite): not looked for each minute.
    const chunkId = await writeElsewhere(own, "South wind.");
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 5 * 60_000);
    for (let i = 0; i < 5; i++) {
      expect((await find(query)).map((h) => h.chunkId)).not.toContain(chunkId);
      await new Promise((r) => setTimeout(r, 20));
    }
    vi.setSystemTime(Date.now() + 31 * 60_000);
    await vi.waitFor(async () => expect((await find(query))[0]?.chunkId).toBe(chunkId), {
      timeout: 10_000,
      interval: 50,
    });
  });
});
