import type { DocumentSummary, DocumentChunk, Source } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";
import { tinyPdf } from "../../test/tiny-pdf";

// Answers grounded on a document's chunks cite the chunk (document, page, passage), and the cited
// passage can be read back to show it in its document: by whoever reads the document, nobody else.
let t: TestApp;
let ada: string;
let bob: string;
let doc: DocumentSummary;

async function indexed(token: string, id: string): Promise<DocumentSummary> {
  for (let i = 0; i < 600; i++) {
    const list = (await (await t.request("/api/documents", { token })).json()) as DocumentSummary[];
    const found = list.find((d) => d.id === id)!;
    if (found.index?.state === "ready" || found.index?.state === "failed") return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("document not indexed in time");
}

beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
  const form = new FormData();
  form.append(
    "file",
    new File(
      [
        tinyPdf([
          "The keeper polishes the brass rails every Monday.",
          "The Quillon lamp is lit at dusk and put out at dawn.",
        ]),
      ],
      "Lighthouse manual.pdf",
    ),
  );
  const res = await t.request("/api/documents/upload", { method: "POST", token: ada, body: form });
  expect(res.status).toBe(201);
  doc = (await res.json()) as DocumentSummary;
  expect((await indexed(ada, doc.id)).index?.state).toBe("ready");
}, 120_000);
afterAll(() => t.close());

describe("cited passages", () => {
  it("cites the chunk an answer drew on, with its page and passage", async () => {
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: ada,
        json: { message: "When is the Quillon lamp lit?", model: "tessera-local" },
      }),
    );
    const sources = (events.at(-1)!.sources ?? []) as Source[];
    const cited = sources.find((s) => s.documentId === doc.id);
    expect(cited).toMatchObject({ documentId: doc.id, page: 2 });
    expect(cited!.chunkId).toMatch(/^[0-9a-f-]{36}$/);
    expect(cited!.snippet).toContain("Quillon lamp is lit at dusk");
    expect(cited!.title).toContain("Lighthouse manual");

    // The stored message keeps the same source.
    const conversationId = events[0]!.conversationId as string;
    const messages = (await (
      await t.request(`/api/conversations/${conversationId}/messages`, { token: ada })
    ).json()) as { sources: Source[] }[] | { messages: { sources: Source[] }[] };
    const list = Array.isArray(messages) ? messages : messages.messages;
    expect(list.flatMap((m) => m.sources).some((s) => s.chunkId === cited!.chunkId)).toBe(true);
  });

  it("reads a cited chunk back for the document's reader only", async () => {
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: ada,
        json: { message: "Who polishes the brass rails?", model: "tessera-local" },
      }),
    );
    const cited = ((events.at(-1)!.sources ?? []) as Source[]).find((s) => s.documentId === doc.id)!;
    const path = `/api/documents/${doc.id}/chunks/${cited.chunkId}`;
    const res = await t.request(path, { token: ada });
    expect(res.status).toBe(200);
    const chunk = (await res.json()) as DocumentChunk;
    expect(chunk).toMatchObject({ id: cited.chunkId, documentId: doc.id, page: 1 });
    expect(chunk.content).toContain("brass rails");

    expect((await t.request(path, { token: bob })).status).toBe(404);
    expect((await t.request(path)).status).toBe(401);
    expect((await t.request(`/api/documents/${doc.id}/chunks/not-a-chunk`, { token: ada })).status).toBe(400);
    const elsewhere = `/api/documents/${doc.id}/chunks/00000000-0000-4000-8000-000000000000`;
    expect((await t.request(elsewhere, { token: ada })).status).toBe(404);
  });
});
