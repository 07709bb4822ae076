import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { documents, knowledgeChunks, user } from "../db/schema";
import { openTestDatabase } from "../test/test-database";
import { unitLength, type Embedder } from "./embeddings/embedder";
import { onlyEmbedder, searchKnowledge } from "./hybrid-search";
import { indexDocument } from "./index-documents";
import { prepareVectorStore } from "./vector-store";

const QUESTION = "Why did the city increase funding for book lending?";
const CONTENT_WORDS = "city increase funding book lending";

// An embedder that knows a few texts: the question as asked points along one axis, its content
// words along another; the document "Both" lies between them, "Asked" on the first axis.
const VECTORS: Record<string, number[]> = {
  [QUESTION]: [1, 0, 0, 0],
  [CONTENT_WORDS]: [0, 1, 0, 0],
  "Both sides.": unitLength([1, 1, 0, 0]),
  "Asked side.": [1, 0, 0.05, 0],
  "What is it?": [0, 0, 1, 0],
};
const seen: string[][] = [];
const embedder: Embedder = {
  id: "test-4",
  dims: 4,
  embed(texts) {
    seen.push(texts);
    return Promise.resolve(texts.map((t) => unitLength(VECTORS[t] ?? [0, 0, 0, 1])));
  },
};

let database: DatabaseHandle;
const ownerId = randomUUID();
const deps = () => ({ db: database.db, embedders: onlyEmbedder(embedder) });
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await openTestDatabase();
  await prepareVectorStore(database.db, [embedder.dims]);
  await database.db.insert(user).values({ id: ownerId, name: "Jo", email: `${ownerId}@example.com` });
  for (const content of ["Both sides.", "Asked side."]) {
    const [doc] = await database.db
      .insert(documents)
      .values({ userId: ownerId, title: content, content })
      .returning({ id: documents.id });
    ids[content] = doc!.id;
    await indexDocument(deps(), doc!.id);
  }
});
afterAll(() => database.close());

describe("searchKnowledge: the question's vector", () => {
  it("is the mean of the question as asked and of its content words", async () => {
    seen.length = 0;
    const hits = await searchKnowledge(deps(), {
      userId: ownerId,
      query: QUESTION,
      limit: 5,
      mode: "vector",
    });
    expect(seen).toEqual([[QUESTION, CONTENT_WORDS]]);
    // As asked alone, "Asked side." would come first; the mean lies on "Both sides.".
    expect(hits.map((h) => h.documentId)).toEqual([ids["Both sides."], ids["Asked side."]]);
    expect(hits[0]!.similarity).toBeCloseTo(1, 2);
  });

  it("is the question's own when it has no stop words to leave out, or only stop words", async () => {
    seen.length = 0;
    await searchKnowledge(deps(), { userId: ownerId, query: CONTENT_WORDS, limit: 5, mode: "vector" });
    await searchKnowledge(deps(), { userId: ownerId, query: "What is it?", limit: 5, mode: "vector" });
    expect(seen).toEqual([[CONTENT_WORDS], ["What is it?"]]);
  });
});

describe("searchKnowledge: chunks holding some of the question's words", () => {
  const readerId = randomUUID();
  const chunkOf: Record<string, string> = {};
  const logs = new Set<string>();
  // Chunks stored straight into the table (no vectors): hundreds holding one of the question's four
  // words, stored before the one holding two of them and the one holding all four.
  beforeAll(async () => {
    const db = database.db;
    await db.insert(user).values({ id: readerId, name: "Ana", email: `${readerId}@example.com` });
    const [doc] = await db
      .insert(documents)
      .values({ userId: readerId, title: "Notes", content: "" })
      .returning({ id: documents.id });
    const texts = [
      ...Array.from({ length: 450 }, (_, i) => `Log ${i}: the ferry ran late.`),
      "The ferry left the harbour.",
      "Lanterns lit the ferry at the harbour on the tide.",
    ];
    const rows = await db
      .insert(knowledgeChunks)
      .values(
        texts.map((content, ordinal) => ({
          documentId: doc!.id,
          userId: readerId,
          ordinal,
          title: "Notes",
          content,
        })),
      )
      .returning({ id: knowledgeChunks.id, content: knowledgeChunks.content });
    for (const r of rows) chunkOf[r.content] = r.id;
    for (const r of rows.slice(0, 450)) logs.add(r.id);
  });
  const ask = (mode: "keyword" | "hybrid", embedders = onlyEmbedder(embedder)) =>
    searchKnowledge(
      { db: database.db, embedders },
      { userId: readerId, query: "lantern ferry harbour tide", limit: 5, mode },
    );

  it("ranks every word first, then half of them, though hundreds hold one and were stored first", async () => {
    const hits = await ask("keyword");
    expect(hits.slice(0, 2).map((h) => h.chunkId)).toEqual([
      chunkOf["Lanterns lit the ferry at the harbour on the tide."],
      chunkOf["The ferry left the harbour."],
    ]);
    // With words alone to go by, the chunks holding one word still answer after them.
    expect(hits).toHaveLength(5);
    expect(hits.slice(2).every((h) => logs.has(h.chunkId))).toBe(true);
  });

  it("in a question of eight words, finds those holding several of them among hundreds holding one", async () => {
    const hits = await searchKnowledge(
      { db: database.db, embedders: onlyEmbedder(embedder) },
      {
        userId: readerId,
        query: "lantern ferry harbour tide beacon gull pier fog",
        limit: 5,
        mode: "keyword",
      },
    );
    expect(hits.slice(0, 2).map((h) => h.chunkId)).toEqual([
      chunkOf["Lanterns lit the ferry at the harbour on the tide."],
      chunkOf["The ferry left the harbour."],
    ]);
    expect(hits.slice(2).every((h) => logs.has(h.chunkId))).toBe(true);
  });

  it("in a hybrid search whose model failed, still answers with the chunks holding one word", async () => {
    const failing: Embedder = { id: "test-4", dims: 4, embed: () => Promise.reject(new Error("down")) };
    const hits = await ask("hybrid", onlyEmbedder(failing));
    expect(hits).toHaveLength(5);
    expect(hits[1]!.chunkId).toBe(chunkOf["The ferry left the harbour."]);
  });
});
