import type { CollectionDetail, CollectionSummary, DocumentSummary } from "@tessera/contracts";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { documents, knowledgeChunks, knowledgeCollections, knowledgePassages, user } from "../../db/schema";
import { createTestApp, type TestApp } from "../../test/test-app";

// A team's collections and the documents in them belong to the team: they stay when the person who
// made or added them leaves the team or is deleted; a personal collection goes with its person.
let t: TestApp;
const tok: Record<string, string> = {};
const ids: Record<string, string> = {};
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
const status = async (who: string, path: string) => (await t.request(path, { token: tok[who] })).status;

/** Waits for a document's chunks (its indexing job), so the hand-over is seen on them too. */
async function indexed(documentId: string) {
  for (let i = 0; i < 600; i++) {
    const [doc] = await db()
      .select({ state: documents.indexState })
      .from(documents)
      .where(eq(documents.id, documentId));
    if (doc?.state === "ready") return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${documentId} was never indexed`);
}

/** Who holds a document's rows: the document, its chunks and its passages. */
async function holders(documentId: string) {
  const [doc] = await db()
    .select({ u: documents.userId })
    .from(documents)
    .where(eq(documents.id, documentId));
  const chunks = await db()
    .select({ u: knowledgeChunks.userId })
    .from(knowledgeChunks)
    .where(eq(knowledgeChunks.documentId, documentId));
  const passages = await db()
    .select({ u: knowledgePassages.userId })
    .from(knowledgePassages)
    .where(eq(knowledgePassages.documentId, documentId));
  return {
    doc: doc?.u,
    owners: [...new Set([...chunks, ...passages].map((r) => r.u))],
    chunks: chunks.length,
  };
}

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: "root@example.com" });
  for (const who of ["root", "owner", "maker", "adder", "reader"]) {
    tok[who] = await t.newUser(`${who}@example.com`);
    const [row] = await db()
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, `${who}@example.com`));
    ids[who] = row!.id;
  }
  await t.setPlan("owner@example.com", "team");
  const team = await t.request("/api/teams", { method: "POST", token: tok.owner, json: { name: "Acme" } });
  teamId = (await created<{ id: string }>(team)).id;
  for (const who of ["maker", "adder", "reader"]) {
    const invite = await t.request(`/api/teams/${teamId}/invitations`, {
      method: "POST",
      token: tok.owner,
      json: { email: `${who}@example.com`, role: "member" },
    });
    const { id } = await created<{ id: string }>(invite);
    const accepted = await t.request(`/api/teams/invitations/${id}/accept`, {
      method: "POST",
      token: tok[who],
    });
    expect(accepted.status).toBe(200);
  }
});
afterAll(() => t.close());

describe("team knowledge outlives the member who made it", () => {
  it("stays with the team when its maker leaves, and the leaver no longer reads it", async () => {
    const kb = await collection("maker", { name: "Runbooks", teamId });
    const made = await paste("maker", kb.id, "Outages", "Page the Kestrel rota when the harbour pumps stop.");
    const added = await paste("reader", kb.id, "Tides", "The Kestrel rota also watches spring tides.");
    await indexed(made.id);
    expect((await holders(made.id)).chunks).toBeGreaterThan(0);

    const left = await t.request(`/api/teams/${teamId}/leave`, { method: "POST", token: tok.maker });
    expect(left.status).toBe(204);

    // The team's owner now holds what the maker made; another member's document is theirs still.
    const [row] = await db()
      .select({ u: knowledgeCollections.userId, team: knowledgeCollections.teamId })
      .from(knowledgeCollections)
      .where(eq(knowledgeCollections.id, kb.id));
    expect(row).toEqual({ u: ids.owner, team: teamId });
    expect(await holders(made.id)).toMatchObject({ doc: ids.owner, owners: [ids.owner] });
    expect((await holders(added.id)).doc).toBe(ids.reader);

    const detail = (await (
      await t.request(`/api/knowledge/collections/${kb.id}`, { token: tok.reader })
    ).json()) as CollectionDetail;
    expect(detail.items.map((d) => d.id).sort()).toEqual([made.id, added.id].sort());
    expect(await status("reader", `/api/documents/${made.id}`)).toBe(200);
    // The leaver reads neither the collection nor the document they wrote for it.
    expect(await status("maker", `/api/knowledge/collections/${kb.id}`)).toBe(404);
    expect(await status("maker", `/api/documents/${made.id}`)).toBe(404);
    const search = await t.request("/api/knowledge/search", {
      method: "POST",
      token: tok.maker,
      json: { query: "Kestrel rota harbour pumps", mode: "keyword" },
    });
    expect(((await search.json()) as { results: { documentId: string }[] }).results).toEqual([]);
    const found = await t.request("/api/knowledge/search", {
      method: "POST",
      token: tok.reader,
      json: { query: "Kestrel rota harbour pumps", mode: "keyword", collectionIds: [kb.id] },
    });
    expect(((await found.json()) as { results: { documentId: string }[] }).results[0]?.documentId).toBe(
      made.id,
    );
  });

  it("stays with the team when its maker's account is deleted; their personal one goes with them", async () => {
    const kb = await collection("adder", { name: "Suppliers", teamId });
    const theirs = await paste("adder", kb.id, "Ropes", "Ropes come from the Gullhaven chandlery.");
    const mine = await collection("adder", { name: "Diary" });
    const diary = await paste("adder", mine.id, "Monday", "A personal note about the Gullhaven trip.");
    await indexed(theirs.id);

    const deleted = await t.request(`/api/admin/users/${ids.adder}`, {
      method: "DELETE",
      token: tok.root,
      json: { confirmEmail: "adder@example.com" },
    });
    expect(deleted.status, await deleted.clone().text()).toBe(204);

    expect(await status("owner", `/api/knowledge/collections/${kb.id}`)).toBe(200);
    expect(await status("reader", `/api/documents/${theirs.id}`)).toBe(200);
    expect(await holders(theirs.id)).toMatchObject({ doc: ids.owner, owners: [ids.owner] });
    expect((await holders(theirs.id)).chunks).toBeGreaterThan(0);
    // The personal collection and its document are gone, rows and all.
    expect(
      await db().select().from(knowledgeCollections).where(eq(knowledgeCollections.id, mine.id)),
    ).toEqual([]);
    expect(
      await db()
        .select()
        .from(documents)
        .where(inArray(documents.id, [diary.id])),
    ).toEqual([]);
    expect(
      await db().select().from(knowledgePassages).where(eq(knowledgePassages.documentId, diary.id)),
    ).toEqual([]);
  });
});
