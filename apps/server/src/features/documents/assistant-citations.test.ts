import type { CollectionSummary, DocumentChunk, DocumentSummary, Source } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, knowledgeChunks, user } from "../../db/schema";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

// A citation from an assistant's knowledge opens for whoever may use that assistant, and only the
// cited passage with its neighbours: never the document, never without the assistant that cited it.
let t: TestApp;
const tok: Record<string, string> = {};
let teamId = "";

const db = () => t.services.database.db;
const created = async <T>(res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as T;
};
const collection = (who: string, json: Record<string, unknown>) =>
  t
    .request("/api/knowledge/collections", { method: "POST", token: tok[who], json })
    .then((r) => created<CollectionSummary>(r));
const paste = (who: string, kb: string, title: string, content: string) =>
  t
    .request(`/api/knowledge/collections/${kb}/documents`, {
      method: "POST",
      token: tok[who],
      json: { title, content },
    })
    .then((r) => created<DocumentSummary>(r));
const assistant = (who: string, name: string, isPublic: boolean, collections: string[]) =>
  t
    .request("/api/assistants", {
      method: "POST",
      token: tok[who],
      json: {
        name,
        systemPrompt: "Answer from the knowledge.",
        isPublic,
        knowledgeBase: { collections },
        settings: {
          model: "tessera-local",
          temperature: 0.7,
          maxTokens: 1000,
          personality: "friendly",
          responseStyle: "conversational",
          language: "en",
        },
      },
    })
    .then((r) => created<{ id: string }>(r));
const chunkOf = (who: string, doc: string, chunk: string, assistantId?: string) =>
  t.request(`/api/documents/${doc}/chunks/${chunk}${assistantId ? `?assistantId=${assistantId}` : ""}`, {
    token: tok[who],
  });

/** Waits for the indexing job; the chunks of the document, in order. */
async function chunksOf(documentId: string) {
  for (let i = 0; i < 600; i++) {
    const [doc] = await db()
      .select({ s: documents.indexState })
      .from(documents)
      .where(eq(documents.id, documentId));
    if (doc?.s === "ready")
      return db()
        .select({ id: knowledgeChunks.id })
        .from(knowledgeChunks)
        .where(eq(knowledgeChunks.documentId, documentId))
        .orderBy(knowledgeChunks.ordinal);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${documentId} was never indexed`);
}

const userId = async (who: string) =>
  (
    await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `${who}@example.com`))
  )[0]!.id;

// Long enough to make three chunks: the cited one has a neighbour on each side.
const para = (topic: string, n: number) =>
  Array.from(
    { length: n },
    (_, i) => `${topic} sentence ${i + 1} keeps the kitchen log tidy and complete.`,
  ).join(" ");
const SOUP = [
  `# Stocks\n\n${para("Stock", 40)}`,
  "# Soup\n\nThe Brambleby soup needs three leeks, a bay leaf and an hour on a low flame.",
  `# Bread\n\n${para("Bread", 40)}`,
].join("\n\n");

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ["ada", "bob", "owner", "crew", "member"])
    tok[who] = await t.newUser(`${who}@example.com`);
  for (const who of ["ada", "crew", "owner"]) await t.setPlan(`${who}@example.com`, "max");
  await t.setPlan("owner@example.com", "team");
  const team = await t.request("/api/teams", { method: "POST", token: tok.owner, json: { name: "Galley" } });
  teamId = (await created<{ id: string }>(team)).id;
  for (const who of ["crew", "member"]) {
    const invite = await t.request(`/api/teams/${teamId}/invitations`, {
      method: "POST",
      token: tok.owner,
      json: { email: `${who}@example.com`, role: "member" },
    });
    const { id } = await created<{ id: string }>(invite);
    expect(
      (await t.request(`/api/teams/invitations/${id}/accept`, { method: "POST", token: tok[who] })).status,
    ).toBe(200);
  }
  // Five accounts and a team: on a loaded machine this takes longer than a hook's minute.
}, 120_000);
afterAll(() => t.close());

describe("GET /api/documents/:id/chunks/:chunkId?assistantId=", () => {
  it("gives the cited passage to the user of a public assistant, and nothing else", async () => {
    const kb = await collection("ada", { name: "Recipes" });
    const soup = await paste("ada", kb.id, "Soups", SOUP);
    const elsewhere = await collection("ada", { name: "Diary" });
    const diary = await paste("ada", elsewhere.id, "Diary", "Tuesday: the Brambleby fair was rained off.");
    const chunks = await chunksOf(soup.id);
    expect(chunks.length).toBeGreaterThanOrEqual(3);
    const [diaryChunk] = await chunksOf(diary.id);
    const cook = await assistant("ada", "Cook", true, [kb.id]);
    const secret = await assistant("ada", "Secret cook", false, [kb.id]);
    const empty = await assistant("ada", "Empty", true, []);

    // Bob asks the public assistant; its answer cites Ada's document.
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: tok.bob,
        json: { message: "What goes in the Brambleby soup?", model: "tessera-local", assistantId: cook.id },
      }),
    );
    const cited = ((events.at(-1)!.sources ?? []) as Source[]).find((s) => s.documentId === soup.id);
    expect(cited?.chunkId).toBeTruthy();
    const res = await chunkOf("bob", soup.id, cited!.chunkId!, cook.id);
    expect(res.status, await res.clone().text()).toBe(200);
    const passage = (await res.json()) as DocumentChunk;
    expect(passage).toMatchObject({
      id: cited!.chunkId,
      documentId: soup.id,
      title: "Soups",
      heading: "Soup",
    });
    expect(passage.content).toContain("three leeks");
    expect(passage.before).toContain("Stock sentence");
    expect(passage.after).toContain("Bread sentence");

    // Not without the assistant, not the whole document, not through one Bob may not use, not through
    // one that does not hold the document, and not another of Ada's documents through this one.
    expect((await chunkOf("bob", soup.id, cited!.chunkId!)).status).toBe(404);
    expect((await t.request(`/api/documents/${soup.id}`, { token: tok.bob })).status).toBe(404);
    expect((await chunkOf("bob", soup.id, cited!.chunkId!, secret.id)).status).toBe(404);
    expect((await chunkOf("bob", soup.id, cited!.chunkId!, empty.id)).status).toBe(404);
    expect((await chunkOf("bob", diary.id, diaryChunk!.id, cook.id)).status).toBe(404);
    // A chunk of another document under this one's id is no passage of it.
    expect((await chunkOf("bob", soup.id, diaryChunk!.id, cook.id)).status).toBe(404);
    expect((await chunkOf("bob", soup.id, cited!.chunkId!, "not-an-id")).status).toBe(400);
    // Its owner still reads it with or without the assistant.
    expect((await chunkOf("ada", soup.id, cited!.chunkId!)).status).toBe(200);
  });

  it("ends access at once when the reader or the assistant's owner leaves the team", async () => {
    const kb = await collection("owner", { name: "Galley book", teamId });
    const doc = await paste("owner", kb.id, "Galley", SOUP);
    const [first] = await chunksOf(doc.id);
    // A team member's public assistant answers from the team's collection.
    const galley = await assistant("crew", "Galley hand", true, [kb.id]);
    const mine = await assistant("owner", "Quartermaster", false, [kb.id]);
    expect((await chunkOf("bob", doc.id, first!.id, galley.id)).status).toBe(200);
    expect((await chunkOf("member", doc.id, first!.id)).status).toBe(200);

    // A removed member reads the team's passage no more, whatever assistant they name.
    const removed = await t.request(`/api/teams/${teamId}/members/${await userId("member")}`, {
      method: "DELETE",
      token: tok.owner,
    });
    expect(removed.status).toBe(204);
    expect((await chunkOf("member", doc.id, first!.id)).status).toBe(404);
    expect((await chunkOf("member", doc.id, first!.id, mine.id)).status).toBe(404);
    // Through the public assistant they still read it, as anyone may, until its owner leaves.
    expect((await chunkOf("member", doc.id, first!.id, galley.id)).status).toBe(200);
    const left = await t.request(`/api/teams/${teamId}/leave`, { method: "POST", token: tok.crew });
    expect(left.status).toBe(204);
    expect((await chunkOf("bob", doc.id, first!.id, galley.id)).status).toBe(404);
    expect((await chunkOf("member", doc.id, first!.id, galley.id)).status).toBe(404);
  });
});
