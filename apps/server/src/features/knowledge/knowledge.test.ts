import type { DocumentSummary, KnowledgeSearchResponse } from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { user } from "../../db/schema";
import { embeddingUnits } from "../../knowledge/chunk-text";
import { retrievePassages } from "../../knowledge/retrieve-passages";
import { askInChat, createTestApp, type TestApp } from "../../test/test-app";
import { testDbKind } from "../../test/test-database";
import { tinyPdf } from "../../test/tiny-pdf";

// Retrieval by meaning end to end: the real offline model (loaded once for the file), the real job
// queue, and whichever vector store the database has (an index in memory on PGlite, exact on PostgreSQL 15).
let t: TestApp;
let ada: string;
let bob: string;
let libraryId: string;
let tidesId: string;

const LIBRARY = {
  title: "Council minutes",
  content:
    "# Spending decisions\n\nThe municipal council agreed to spend more money on public libraries, because residents borrow far more electronic titles and attend reading clubs every week.",
};
const TIDES = {
  title: "Harbour almanac",
  content:
    "# Tides\n\nHigh water at the harbour comes twice daily; fishing boats leave before dawn to catch the ebb.",
};
/** Shares no word with the library minutes: full-text search cannot find them. */
const PARAPHRASE = "Why did the city increase funding for book lending?";

async function create(token: string, doc: { title: string; content: string }) {
  const res = await t.request("/api/documents", { method: "POST", token, json: doc });
  expect(res.status).toBe(201);
  return ((await res.json()) as DocumentSummary).id;
}

async function indexed(token: string, id: string): Promise<DocumentSummary> {
  for (let i = 0; i < 600; i++) {
    const list = (await (await t.request("/api/documents", { token })).json()) as DocumentSummary[];
    const doc = list.find((d) => d.id === id)!;
    if (doc.index?.state === "ready" || doc.index?.state === "failed") return doc;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("document not indexed in time");
}

const search = (token: string | undefined, json: unknown) =>
  t.request("/api/knowledge/search", { method: "POST", token, json });

beforeAll(async () => {
  t = await createTestApp({ EMBEDDINGS: "local" });
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
  libraryId = await create(ada, LIBRARY);
  tidesId = await create(ada, TIDES);
  expect((await indexed(ada, libraryId)).index).toEqual({ state: "ready", progress: 100, error: null });
  expect((await indexed(ada, tidesId)).index?.state).toBe("ready");
}, 120_000);
afterAll(() => t.close());

describe("POST /api/knowledge/search", () => {
  it("finds by meaning what full-text search misses, the right document first", async () => {
    const keyword = await search(ada, { query: PARAPHRASE, mode: "keyword" });
    expect(((await keyword.json()) as KnowledgeSearchResponse).results).toEqual([]);

    for (const mode of ["hybrid", "vector"] as const) {
      const res = await search(ada, { query: PARAPHRASE, mode });
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as KnowledgeSearchResponse;
      expect(results[0]).toMatchObject({
        documentId: libraryId,
        title: "Council minutes",
        heading: "Spending decisions",
      });
      expect(results[0]!.snippet).toContain("libraries");
      const tides = results.find((r) => r.documentId === tidesId);
      if (tides) expect(tides.score).toBeLessThan(results[0]!.score);
    }
  });

  it("still ranks a literal match first", async () => {
    const { results } = (await (
      await search(ada, { query: "fishing boats ebb", limit: 1 })
    ).json()) as KnowledgeSearchResponse;
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ documentId: tidesId });
    expect(results[0]!.snippet).toContain("**");
  });

  it("never returns another person's document", async () => {
    const { results } = (await (await search(bob, { query: PARAPHRASE })).json()) as KnowledgeSearchResponse;
    expect(results).toEqual([]);
    const literal = (await (
      await search(bob, { query: "municipal council libraries" })
    ).json()) as KnowledgeSearchResponse;
    expect(literal.results).toEqual([]);
  });

  it("refuses a blank query (400) and a caller without a session (401)", async () => {
    const bad = await search(ada, { query: "  " });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("query");
    expect((await search(ada, { query: "x", limit: 500 })).status).toBe(400);
    expect((await search(undefined, { query: PARAPHRASE })).status).toBe(401);
  });

  it("limits searches a minute (429)", async () => {
    const limited = await createTestApp({ EMBEDDINGS: "off" });
    try {
      const carol = await limited.newUser("carol@example.com");
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++)
        statuses.push(
          (
            await limited.request("/api/knowledge/search", {
              method: "POST",
              token: carol,
              json: { query: "tides" },
            })
          ).status,
        );
      expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
      expect(statuses[60]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe("retrieval for chat, tools and assistants", () => {
  it("grounds on the chunk that answers a paraphrase, titled with its heading, for its owner only", async () => {
    const { db } = t.services.database;
    const idOf = async (email: string) =>
      (await db.select({ id: user.id }).from(user).where(eq(user.email, email)))[0]!.id;
    const [first] = await retrievePassages(db, await idOf("ada@example.com"), PARAPHRASE, 5);
    expect(first).toMatchObject({
      kind: "document",
      documentId: libraryId,
      title: "Council minutes (Spending decisions)",
      url: `/dashboard/documents/${libraryId}`,
    });
    expect(first!.content).toContain("municipal council");
    const theirs = await retrievePassages(db, await idOf("bob@example.com"), PARAPHRASE, 5);
    expect(theirs.some((p) => p.documentId === libraryId)).toBe(false);
    // Through an assistant of Ada's that carries the document, Bob may read it.
    const shared = await retrievePassages(db, await idOf("bob@example.com"), PARAPHRASE, 5, [libraryId]);
    expect(shared[0]?.documentId).toBe(libraryId);
  });
});

describe("Tessera Local answering from a document asked in other words", () => {
  const ask = (token: string, message: string) => askInChat(t, token, { message, model: "tessera-local" });

  it("answers with the passage closest in meaning, citing its chunk; nothing for an unrelated question", async () => {
    const answer = await ask(ada, PARAPHRASE);
    expect(answer.text).toMatch(/^From your documents: The municipal council agreed to spend more money/);
    expect(answer.sources[0]).toMatchObject({ documentId: libraryId });
    expect(answer.sources[0]?.chunkId).toBeTruthy();

    const unrelated = await ask(ada, "What is the capital of France?");
    expect(unrelated.sources.some((s) => s.documentId)).toBe(false);
    expect(unrelated.text).toContain("I found nothing there about this.");
  }, 60_000);
});

describe("indexing", () => {
  it("re-indexes on request, for the owner only (another's document is 404)", async () => {
    expect(
      (await t.request(`/api/documents/${libraryId}/reindex`, { method: "POST", token: bob })).status,
    ).toBe(404);
    const res = await t.request(`/api/documents/${libraryId}/reindex`, { method: "POST", token: ada });
    expect(res.status).toBe(202);
    expect(((await res.json()) as DocumentSummary).index?.state).not.toBe("failed");
    expect((await indexed(ada, libraryId)).index?.state).toBe("ready");
    const { results } = (await (
      await search(ada, { query: PARAPHRASE, limit: 1 })
    ).json()) as KnowledgeSearchResponse;
    expect(results[0]?.documentId).toBe(libraryId);
  }, 60_000);

  it("keeps a PDF's page numbers on its chunks and in search results", async () => {
    const form = new FormData();
    form.set(
      "file",
      new Blob([tinyPdf(["Cover of the field guide.", "Lighthouse keepers trim the lamp wicks at dusk."])], {
        type: "application/pdf",
      }),
      "guide.pdf",
    );
    const res = await t.request("/api/documents/upload", { method: "POST", token: ada, body: form });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as DocumentSummary;
    expect((await indexed(ada, id)).index?.state).toBe("ready");
    const { results } = (await (
      await search(ada, { query: "lighthouse lamp wicks", limit: 1 })
    ).json()) as KnowledgeSearchResponse;
    expect(results[0]).toMatchObject({ documentId: id, title: "guide", page: 2 });
  }, 60_000);

  it("embeds each paragraph of a chunk, so an answer deep in a long one is found by meaning", async () => {
    // One chunk of five paragraphs; the answer is the last, past what a vector of the whole chunk reads.
    const content = [
      "Quarterly tax forms must be filed with the revenue office before the fifteenth day of the month that follows each quarter, together with receipts for every expense that is claimed against income, and copies kept for six years in case of an inspection by the authorities.",
      "The number nine bus leaves the central station every twenty minutes on weekdays and every half hour on Sundays, calling at the hospital, the university campus and the retail park before it turns around at the ferry terminal on the far side of the estuary.",
      "Spare keys for the storage lockers in the basement are held by the caretaker, who signs them out against a deposit of ten pounds that is returned in full when the key comes back undamaged at the end of the tenancy or earlier if the locker is given up.",
      "Members of the chess society meet on the first Tuesday evening of each month in the back room of the Crown and Anchor, where beginners are paired with experienced players for friendly games and the season's ladder standings are updated on the noticeboard.",
      "The allotment association orders seed potatoes in bulk each January; members collect their share from the shed by the gate on the second Saturday of February, and anything left unclaimed after that is offered to the waiting list.",
      "Volunteers repaint the bandstand in Elm Park every April with green paint donated by the hardware shop on Mill Lane.",
    ].join("\n\n");
    expect(content.indexOf("Volunteers")).toBeGreaterThan(1_200);
    const id = await create(ada, { title: "Neighbourhood notes", content });
    expect((await indexed(ada, id)).index?.state).toBe("ready");
    const { db } = t.services.database;
    const units = await rowsOf<{ unit: number }>(
      db,
      sql`select v.unit from knowledge_vectors v join knowledge_chunks c on c.id = v.chunk_id
          where c.document_id = ${id} order by v.unit`,
    );
    expect(units.map((u) => u.unit)).toEqual(embeddingUnits(content).map((_, i) => i));
    expect(units.length).toBeGreaterThanOrEqual(5);
    const { results } = (await (
      await search(ada, {
        query: "When do helpers give the music pavilion a fresh coat of colour?",
        mode: "vector",
      })
    ).json()) as KnowledgeSearchResponse;
    expect(results[0]?.documentId).toBe(id);
  }, 60_000);

  it("says in /api/health how nearest chunks are found", async () => {
    const health = (await (await t.request("/api/health")).json()) as { vectors: string };
    expect(health.vectors).toBe(testDbKind() === "pglite" ? "memory" : "exact");
  });
});
