// Issue #53: knowledge bases read Word documents and HTML files as well as PDFs and text, and a
// PDF's citations carry the real page number even when its first page has no text.
import type {
  CollectionSummary,
  DocumentDetail,
  DocumentSummary,
  KnowledgeSearchResult,
} from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCX_PACKAGE, documentXml, tinyDocx, zipOf } from "../../test/tiny-docx";
import { createTestApp, type TestApp } from "../../test/test-app";
import { tinyPdf } from "../../test/tiny-pdf";

let t: TestApp;
let ada: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("reader@example.com");
});
afterAll(() => t.close());

const form = (bytes: Uint8Array, name: string) => {
  const body = new FormData();
  body.append("file", new File([bytes], name));
  return body;
};
const upload = (bytes: Uint8Array, name: string, path = "/api/documents/upload") =>
  t.request(path, { method: "POST", token: ada, body: form(bytes, name) });
const errorOf = async (res: Response) => ((await res.json()) as { error: { message: string } }).error.message;

async function detail(id: string): Promise<DocumentDetail> {
  return (await (await t.request(`/api/documents/${id}`, { token: ada })).json()) as DocumentDetail;
}

/** Waits for a document's chunks and embeddings (a job): a busy machine may take a while. */
async function indexed(id: string) {
  for (let i = 0; i < 600; i++) {
    const doc = await detail(id);
    if (doc.index?.state === "ready") return;
    expect(doc.index?.state).not.toBe("failed");
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`document ${id} was not indexed`);
}

const search = async (query: string, collectionIds?: string[]) => {
  const res = await t.request("/api/knowledge/search", {
    method: "POST",
    token: ada,
    json: { query, mode: "keyword", ...(collectionIds ? { collectionIds } : {}) },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: KnowledgeSearchResult[] }).results;
};

const HARBOUR_DOCX = () =>
  tinyDocx([
    { heading: 1, text: "Kestrel harbour rules" },
    "Boats moor at the east quay of Kestrel harbour after the bell.",
    { heading: 2, text: "Tides at Kestrel" },
    "The Kestrel tide table is posted beside the harbourmaster's hut every Monday.",
  ]);

describe("Word documents", () => {
  it("reads a DOCX into a collection with its headings, and search cites the heading of each paragraph", async () => {
    const kb = (await (
      await t.request("/api/knowledge/collections", { method: "POST", token: ada, json: { name: "Harbour" } })
    ).json()) as CollectionSummary;
    const res = await upload(
      HARBOUR_DOCX(),
      "Harbour rules.docx",
      `/api/knowledge/collections/${kb.id}/documents/upload`,
    );
    expect(res.status).toBe(201);
    const doc = (await res.json()) as DocumentSummary;
    expect(doc).toMatchObject({ title: "Harbour rules", collection_id: kb.id });
    expect((await detail(doc.id)).content).toBe(
      "# Kestrel harbour rules\n\nBoats moor at the east quay of Kestrel harbour after the bell.\n\n" +
        "## Tides at Kestrel\n\nThe Kestrel tide table is posted beside the harbourmaster's hut every Monday.",
    );
    await indexed(doc.id);

    const quay = await search("east quay moor", [kb.id]);
    expect(quay[0]).toMatchObject({ documentId: doc.id, heading: "Kestrel harbour rules" });
    expect(quay[0]!.snippet).toContain("quay");
    const tides = await search("tide table harbourmaster", [kb.id]);
    expect(tides[0]).toMatchObject({ documentId: doc.id, heading: "Tides at Kestrel" });
  });

  it("reads a DOCX attached in chat, whatever name it was sent under", async () => {
    const res = await upload(HARBOUR_DOCX(), "attachment.bin", "/api/attachments/extract");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { kind: string; text: string; truncated: boolean };
    expect(body).toMatchObject({ kind: "text", truncated: false });
    expect(body.text).toContain("# Kestrel harbour rules\n\nBoats moor at the east quay");
  });

  it("refuses a zip bomb, whether it declares its size or lies about it, and a damaged DOCX, then reads on", async () => {
    // 40 MB of text inflated from about 40 KB.
    const huge = documentXml(["x".repeat(40 * 1024 * 1024)]);
    const honest = zipOf([...DOCX_PACKAGE, { name: "word/document.xml", data: huge }]);
    const lying = zipOf([...DOCX_PACKAGE, { name: "word/document.xml", data: huge, declared: 2_000 }]);
    expect(honest.length).toBeLessThan(200_000);
    for (const bomb of [honest, lying]) {
      for (const path of ["/api/documents/upload", "/api/attachments/extract"]) {
        const res = await upload(bomb, "bomb.docx", path);
        expect(res.status).toBe(413);
        expect(await errorOf(res)).toBe(
          "This DOCX expands to more than 32 MB when read, so it cannot be used.",
        );
      }
    }
    // Its central directory cut off: the zip cannot be read, though its entries name a document.
    const whole = HARBOUR_DOCX();
    const damaged = whole.slice(0, whole.length - 30);
    const res = await upload(damaged, "damaged.docx");
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("This DOCX could not be read.");

    expect((await t.request("/api/health")).status).toBe(200);
    expect((await upload(HARBOUR_DOCX(), "again.docx")).status).toBe(201);
  });
});

describe("HTML files", () => {
  const PAGE = `<!DOCTYPE html><html><head><title>Orran sailings for visitors</title>
    <style>body { color: red }</style><script>alert("Selkie script ran")</script></head>
    <body><nav>Home · Shop · Login</nav><main><h1>Selkie ferry timetable</h1>
    <p>The Selkie ferry crosses to Orran island at seven, noon and five on weekdays.</p>
    <p>${"Tickets are sold on board, and bicycles travel free of charge. ".repeat(5)}</p></main>
    <footer>Selkie ferry company</footer></body></html>`;

  it("reads an uploaded page's text, without its tags, scripts or styles, by content or by name", async () => {
    for (const name of ["timetable.html", "timetable.txt"]) {
      const res = await upload(new TextEncoder().encode(PAGE), name);
      expect(res.status).toBe(201);
      const doc = (await res.json()) as DocumentSummary;
      // A page is titled by its <title>, not by the name it was uploaded under.
      expect(doc.title).toBe("Orran sailings for visitors");
      const { content } = await detail(doc.id);
      expect(content).toContain("# Selkie ferry timetable");
      expect(content).toContain(
        "The Selkie ferry crosses to Orran island at seven, noon and five on weekdays.",
      );
      expect(content).not.toMatch(/[<>]|Selkie script|color: red|Home · Shop/);
    }
    // A fragment is read as a page when its name says HTML, and as text otherwise.
    const fragment = new TextEncoder().encode("<p>Orran <b>harbour</b> lights</p>");
    const page = (await (await upload(fragment, "lights.htm")).json()) as DocumentSummary;
    expect((await detail(page.id)).content).toBe("Orran harbour lights");
    // Without a title of its own, a page is titled by its file name.
    expect(page.title).toBe("lights");
  });

  it("names what can be read when a file is none of it", async () => {
    const res = await upload(Uint8Array.from([0, 1, 2, 0xff]), "blob.bin");
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toBe(
      "Only PDF, DOCX, HTML, Markdown, CSV, JSON and plain text files can be read.",
    );
    const binaryPage = await upload(Uint8Array.from([0x3c, 0, 0xff]), "page.html");
    expect(binaryPage.status).toBe(415);
  });
});

describe("PDF pages", () => {
  it("numbers pages from the real first page when it has no text", async () => {
    const pdf = tinyPdf([
      "",
      "The Kittiwake lighthouse logs fog on page two.",
      "",
      "Gannet rock on page four.",
    ]);
    const res = await upload(pdf, "log.pdf");
    expect(res.status).toBe(201);
    const doc = (await res.json()) as DocumentSummary;
    const { content } = await detail(doc.id);
    expect(content.split("\f").map((page) => page.trim())).toEqual([
      "",
      "The Kittiwake lighthouse logs fog on page two.",
      "",
      "Gannet rock on page four.",
    ]);
    await indexed(doc.id);
    expect((await search("Kittiwake lighthouse fog"))[0]).toMatchObject({ documentId: doc.id, page: 2 });
    expect((await search("Gannet rock"))[0]).toMatchObject({ documentId: doc.id, page: 4 });
  });

  it("still finds no text in a PDF whose pages are all empty", async () => {
    const res = await upload(tinyPdf(["", ""]), "blank.pdf");
    expect(res.status).toBe(400);
    expect(await errorOf(res)).toBe("There is no text in this document.");
  });
});
