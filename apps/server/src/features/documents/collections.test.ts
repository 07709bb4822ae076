import type { CollectionDetail, CollectionSummary, DocumentSummary } from "@tessera/contracts";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../../db/schema";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";
import { tinyPdf } from "../../test/tiny-pdf";

let t: TestApp;
const tok: Record<string, string> = {};
let teamId = "";

const api = (who: string, path: string, init: { method?: string; json?: unknown; body?: FormData } = {}) =>
  t.request(`/api/knowledge/collections${path}`, { ...init, ...(who === "anon" ? {} : { token: tok[who] }) });
const created = async <T>(res: Response) => {
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as T;
};
const make = async (who: string, json: Record<string, unknown>) =>
  created<CollectionSummary>(await api(who, "", { method: "POST", json }));
const paste = async (who: string, id: string, title: string, content: string) =>
  created<DocumentSummary>(await api(who, `/${id}/documents`, { method: "POST", json: { title, content } }));

/** Asks Tessera Local; the answer's text and the sources it cites. */
async function ask(who: string, message: string, collectionIds?: string[]) {
  const res = await t.request("/api/chat-stream", {
    method: "POST",
    token: tok[who],
    json: { message, model: "tessera-local", ...(collectionIds ? { collectionIds } : {}) },
  });
  if (res.status !== 200) return { status: res.status, text: "", sources: [] as { url: string }[] };
  const events = await readSse(res);
  return {
    status: 200,
    text: events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join(""),
    sources: (events.at(-1)!.sources ?? []) as { title: string; url: string }[],
  };
}

beforeAll(async () => {
  t = await createTestApp();
  for (const who of ["ada", "bob", "owner", "member", "outsider"])
    tok[who] = await t.newUser(`${who}@example.com`);
  await t.setPlan("owner@example.com", "team");
  // Making assistants takes a paid plan.
  await t.setPlan("ada@example.com", "max");
  await t.setPlan("bob@example.com", "max");
  const team = await t.request("/api/teams", { method: "POST", token: tok.owner, json: { name: "Acme" } });
  teamId = (await created<{ id: string }>(team)).id;
  const invite = await t.request(`/api/teams/${teamId}/invitations`, {
    method: "POST",
    token: tok.owner,
    json: { email: "member@example.com", role: "member" },
  });
  const { id } = await created<{ id: string }>(invite);
  const accepted = await t.request(`/api/teams/invitations/${id}/accept`, {
    method: "POST",
    token: tok.member,
  });
  expect(accepted.status).toBe(200);
});
afterAll(() => t.close());

describe("/api/knowledge/collections", () => {
  it("creates, lists, renames and deletes a person's collections, and hides them from others", async () => {
    expect((await api("anon", "")).status).toBe(401);
    expect((await api("anon", "", { method: "POST", json: { name: "X" } })).status).toBe(401);
    for (const json of [{}, { name: "  " }, { name: "x".repeat(81) }, { name: "A", extra: 1 }])
      expect((await api("ada", "", { method: "POST", json })).status, JSON.stringify(json)).toBe(400);

    const mine = await make("ada", { name: "  Handbook  ", description: "How we work" });
    expect(mine).toMatchObject({ name: "Handbook", description: "How we work", team_id: null, documents: 0 });
    const list = (await (await api("ada", "")).json()) as CollectionSummary[];
    expect(list.map((c) => c.id)).toContain(mine.id);
    expect(((await (await api("bob", "")).json()) as CollectionSummary[]).map((c) => c.id)).not.toContain(
      mine.id,
    );

    for (const [method, path, json] of [
      ["GET", "", undefined],
      ["PATCH", "", { name: "Mine now" }],
      ["DELETE", "", undefined],
      ["POST", "/documents", { title: "T", content: "x" }],
    ] as const)
      expect((await api("bob", `/${mine.id}${path}`, { method, json })).status, `${method} ${path}`).toBe(
        404,
      );
    expect((await api("ada", "/not-an-id")).status).toBe(400);
    expect((await api("ada", `/${crypto.randomUUID()}`)).status).toBe(404);

    const renamed = await api("ada", `/${mine.id}`, { method: "PATCH", json: { name: "Field handbook" } });
    expect(((await renamed.json()) as CollectionSummary).name).toBe("Field handbook");
    expect((await api("ada", `/${mine.id}`, { method: "PATCH", json: {} })).status).toBe(400);

    const doc = await paste("ada", mine.id, "Onboarding", "Laptops are issued on the first morning.");
    expect((await api("ada", `/${mine.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api("ada", `/${mine.id}`)).status).toBe(404);
    // Its documents go with it.
    expect((await t.request(`/api/documents/${doc.id}`, { token: tok.ada })).status).toBe(404);
  });

  it("adds pasted text and a PDF, re-indexes and deletes them, and answers only from chosen collections", async () => {
    const kb = await make("ada", { name: "Ferries" });
    const text = await paste(
      "ada",
      kb.id,
      "Harbour notes",
      "The Quillmoor ferry timetable changed in spring.\n\nThe Quillmoor ferry now leaves at half past seven.",
    );
    expect(text).toMatchObject({ title: "Harbour notes", collection_id: kb.id });
    expect(text.passages).toBeGreaterThan(0);
    const form = new FormData();
    form.append(
      "file",
      new Blob([tinyPdf("The Quillmoor night ferry leaves at eleven.")]),
      "Night ferry.pdf",
    );
    const pdf = await created<DocumentSummary>(
      await api("ada", `/${kb.id}/documents/upload`, { method: "POST", body: form }),
    );
    expect(pdf).toMatchObject({ title: "Night ferry", collection_id: kb.id });
    expect(
      (await api("ada", `/${kb.id}/documents`, { method: "POST", json: { title: "T", content: " " } }))
        .status,
    ).toBe(400);

    const detail = (await (await api("ada", `/${kb.id}`)).json()) as CollectionDetail;
    expect(detail.documents).toBe(2);
    expect(detail.items.map((d) => d.title).sort()).toEqual(["Harbour notes", "Night ferry"]);

    // A document of ada's outside the collection is not used when the collection is chosen.
    await t.request("/api/documents", {
      method: "POST",
      token: tok.ada,
      json: { title: "Quillmoor gossip", content: "The Quillmoor ferry captain is called Morwenna." },
    });
    const answer = await ask("ada", "When does the Quillmoor ferry leave?", [kb.id]);
    expect(answer.status).toBe(200);
    expect(answer.sources.map((s) => s.url)).toContain(`/dashboard/documents/${text.id}`);
    expect(answer.text).not.toContain("Morwenna");
    expect(answer.sources.every((s) => [text.id, pdf.id].some((id) => s.url.includes(id)))).toBe(true);
    // Someone else cannot ask with it.
    expect((await ask("bob", "When does the Quillmoor ferry leave?", [kb.id])).status).toBe(404);
    expect((await ask("ada", "Ferry?", ["nope"])).status).toBe(400);

    const reindexed = await api("ada", `/${kb.id}/documents/${text.id}/reindex`, { method: "POST" });
    expect(reindexed.status).toBe(202);
    expect(((await reindexed.json()) as DocumentSummary).passages).toBe(text.passages);
    expect((await api("bob", `/${kb.id}/documents/${text.id}/reindex`, { method: "POST" })).status).toBe(404);
    expect((await api("bob", `/${kb.id}/documents/${text.id}`, { method: "DELETE" })).status).toBe(404);
    expect((await api("ada", `/${kb.id}/documents/${pdf.id}`, { method: "DELETE" })).status).toBe(204);
    expect((await api("ada", `/${kb.id}/documents/${pdf.id}`)).status).toBe(404);
    expect(((await (await api("ada", `/${kb.id}`)).json()) as CollectionDetail).documents).toBe(1);
  });

  it("keeps a team's collection to its members, and ends a removed member's access at once", async () => {
    expect((await api("outsider", "", { method: "POST", json: { name: "Sneaky", teamId } })).status).toBe(
      404,
    );
    const kb = await make("owner", { name: "Acme playbook", teamId });
    expect(kb.team_id).toBe(teamId);
    const byMember = await paste("member", kb.id, "Escalation", "Page the Pelican rota for outages.");
    expect((await api("member", `/${kb.id}`)).status).toBe(200);
    expect((await t.request(`/api/documents/${byMember.id}`, { token: tok.owner })).status).toBe(200);
    // A collection is searched by its indexed chunks: on a busy machine the indexing job takes a moment.
    let seen = await ask("owner", "Whom do we page for outages? Pelican rota", [kb.id]);
    for (let i = 0; i < 300 && !seen.sources.some((s) => s.url.endsWith(byMember.id)); i++) {
      await new Promise((r) => setTimeout(r, 100));
      seen = await ask("owner", "Whom do we page for outages? Pelican rota", [kb.id]);
    }
    expect(seen.sources.map((s) => s.url)).toContain(`/dashboard/documents/${byMember.id}`);
    for (const path of ["", "/documents"])
      expect(
        (
          await api("outsider", `/${kb.id}${path}`, {
            method: path ? "POST" : "GET",
            json: path ? { title: "T", content: "x" } : undefined,
          })
        ).status,
      ).toBe(404);
    expect((await t.request(`/api/documents/${byMember.id}`, { token: tok.outsider })).status).toBe(404);

    const [found] = await t.services.database.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, "member@example.com"));
    const removed = await t.request(`/api/teams/${teamId}/members/${found!.id}`, {
      method: "DELETE",
      token: tok.owner,
    });
    expect(removed.status).toBe(204);
    expect((await api("member", `/${kb.id}`)).status).toBe(404);
    expect(((await (await api("member", "")).json()) as CollectionSummary[]).map((c) => c.id)).not.toContain(
      kb.id,
    );
    expect((await ask("member", "Pelican rota", [kb.id])).status).toBe(404);
    // The document they added stays the team's; they keep it only through the team, which they left.
    expect((await api("member", `/${kb.id}/documents/${byMember.id}`)).status).toBe(404);
    expect((await api("owner", `/${kb.id}/documents/${byMember.id}`)).status).toBe(200);
  });

  it("limits POST /api/knowledge/search to chosen collections, a team's included", async () => {
    const kb = await make("owner", { name: "Acme search", teamId });
    const outside = await t.request("/api/documents", {
      method: "POST",
      token: tok.owner,
      json: { title: "Saltmarsh outside", content: "The saltmarsh survey outside any collection." },
    });
    expect(outside.status).toBe(201);
    const inside = await paste("owner", kb.id, "Saltmarsh inside", "The saltmarsh survey counted herons.");
    const search = (who: string, json: unknown) =>
      t.request("/api/knowledge/search", { method: "POST", token: tok[who], json });
    let ids: string[] = [];
    for (let i = 0; i < 300 && !ids.length; i++) {
      const res = await search("owner", {
        query: "saltmarsh survey",
        mode: "keyword",
        collectionIds: [kb.id],
      });
      expect(res.status).toBe(200);
      ids = ((await res.json()) as { results: { documentId: string }[] }).results.map((r) => r.documentId);
      if (!ids.length) await new Promise((r) => setTimeout(r, 100));
    }
    expect(ids).toEqual([inside.id]);
    expect((await search("outsider", { query: "saltmarsh", collectionIds: [kb.id] })).status).toBe(404);
  });

  it("lets assistants answer from their owner's collections only", async () => {
    const kb = await make("ada", { name: "Recipes" });
    await paste("ada", kb.id, "Soup", "The Brambleby soup needs three leeks and a bay leaf.");
    const assistant = {
      name: "Cook",
      systemPrompt: "Cook well.",
      settings: {
        model: "tessera-local",
        temperature: 0.7,
        maxTokens: 1000,
        personality: "friendly",
        responseStyle: "conversational",
        language: "en",
      },
    };
    const theirs = await t.request("/api/assistants", {
      method: "POST",
      token: tok.bob,
      json: { ...assistant, knowledgeBase: { collections: [kb.id] } },
    });
    expect(theirs.status).toBe(400);
    const res = await t.request("/api/assistants", {
      method: "POST",
      token: tok.ada,
      json: { ...assistant, isPublic: true, knowledgeBase: { collections: [kb.id] } },
    });
    const cook = await created<{ id: string; knowledgeBase: { collections: string[] } }>(res);
    expect(cook.knowledgeBase.collections).toEqual([kb.id]);
    // Whoever uses the public assistant reads its knowledge through it.
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: tok.bob,
        json: { message: "What goes in the Brambleby soup?", model: "tessera-local", assistantId: cook.id },
      }),
    );
    const text = events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join("");
    expect(text).toContain("leeks");
  });
});

describe("adding a page by address", () => {
  let site: Server;
  let base = "";
  const hits: string[] = [];
  beforeAll(async () => {
    site = createServer((req, res) => {
      hits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        "<html><head><title>Tide tables</title></head><body><main><p>High tide is at noon.</p></main></body></html>",
      );
    });
    await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it("refuses a private address through the guarded client and never contacts it", async () => {
    const kb = await make("ada", { name: "Tides" });
    const refused = await api("ada", `/${kb.id}/documents/from-url`, {
      method: "POST",
      json: { url: `${base}/tides` },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      "not reachable",
    );
    expect(hits).toEqual([]);
    expect(
      (await api("bob", `/${kb.id}/documents/from-url`, { method: "POST", json: { url: `${base}/x` } }))
        .status,
    ).toBe(404);
  });

  it("reads a page's text into the collection where private addresses are allowed", async () => {
    const open = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: "true" });
    try {
      const token = await open.newUser("sailor@example.com");
      const kb = (await (
        await open.request("/api/knowledge/collections", { method: "POST", token, json: { name: "Sea" } })
      ).json()) as CollectionSummary;
      const res = await open.request(`/api/knowledge/collections/${kb.id}/documents/from-url`, {
        method: "POST",
        token,
        json: { url: `${base}/tides` },
      });
      const doc = await created<DocumentSummary>(res);
      expect(doc).toMatchObject({ title: "Tide tables", source_url: `${base}/tides`, collection_id: kb.id });
    } finally {
      await open.close();
    }
  });
});
