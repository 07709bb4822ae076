import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../db/client";
import { documents, user } from "../db/schema";
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
