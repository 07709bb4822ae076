import type { DocumentDetail, DocumentSummary } from "@tessera/contracts";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";
import { DOCX_PACKAGE, documentXml, tinyDocx, zipOf } from "../../test/tiny-docx";
import { tinyPdf } from "../../test/tiny-pdf";
import { splitPassages } from "./split-passages";

let t: TestApp;
let ada: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(() => t.close());

const QUESTION = "What is the Zanzibar rollout codename for the billing migration?";
const askTessa = async (token: string) => {
  const events = await readSse(
    await t.request("/api/chat-stream", {
      method: "POST",
      token,
      json: { message: QUESTION, model: "tessera-local" },
    }),
  );
  const done = events.at(-1)!;
  return {
    text: events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join(""),
    sources: (done.sources ?? []) as { title: string; url: string }[],
  };
};

describe("/api/documents", () => {
  it("indexes a person's document so Tessera Local answers from it and cites it, for them only", async () => {
    const res = await t.request("/api/documents", {
      method: "POST",
      token: ada,
      json: {
        title: "Billing migration plan",
        content:
          "The billing migration ships in three waves.\n\nThe Zanzibar rollout codename for the billing migration is Bluefin. Wave one moves invoices.",
      },
    });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as { id: string; passages: number };
    expect(doc.passages).toBeGreaterThan(0);

    const mine = await askTessa(ada);
    expect(mine.text).toContain("Bluefin");
    expect(mine.sources.some((s) => s.url === `/dashboard/documents/${doc.id}`)).toBe(true);

    const theirs = await askTessa(bob);
    expect(theirs.text).not.toContain("Bluefin");
    expect(theirs.sources.some((s) => s.url.includes(doc.id))).toBe(false);

    expect((await t.request(`/api/documents/${doc.id}`, { token: bob })).status).toBe(404);
    expect((await t.request(`/api/documents/${doc.id}`, { method: "DELETE", token: bob })).status).toBe(404);
    const list = (await (await t.request("/api/documents", { token: ada })).json()) as { id: string }[];
    expect(list.map((d) => d.id)).toEqual([doc.id]);
    expect(await (await t.request("/api/documents", { token: bob })).json()).toEqual([]);

    expect((await t.request(`/api/documents/${doc.id}`, { method: "DELETE", token: ada })).status).toBe(204);
    expect((await askTessa(ada)).text).not.toContain("Bluefin");
  });

  it("refuses blank, oversized or malformed documents", async () => {
    for (const json of [
      { title: "", content: "x" },
      { title: "T", content: "   " },
      { title: "T" },
      { title: "T", content: "x", extra: 1 },
    ]) {
      expect(
        (await t.request("/api/documents", { method: "POST", token: ada, json })).status,
        JSON.stringify(json),
      ).toBe(400);
    }
    const long = await t.request("/api/documents", {
      method: "POST",
      token: ada,
      json: { title: "T", content: "x".repeat(200_001) },
    });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe(
      "content: must be at most 200,000 characters",
    );
    expect(
      (await t.request("/api/documents", { method: "POST", json: { title: "T", content: "x" } })).status,
    ).toBe(401);
  });
});

describe("splitPassages", () => {
  it("keeps paragraphs together and cuts long text near the size", () => {
    expect(splitPassages("One.\n\nTwo.")).toEqual(["One.\n\nTwo."]);
    const long = Array.from({ length: 50 }, (_, i) => `Sentence number ${i} is here.`).join(" ");
    const parts = splitPassages(long, 200);
    expect(parts.length).toBeGreaterThan(5);
    for (const p of parts) expect(p.length).toBeLessThanOrEqual(200);
    expect(parts.join(" ").replace(/\s+/g, " ")).toBe(long);
  });
});

describe("a document that opens with a markdown heading", () => {
  it("is still quoted by Tessera Local (the heading stays a line of its own)", async () => {
    const res = await t.request("/api/documents", {
      method: "POST",
      token: bob,
      json: {
        title: "Kestrel notes",
        content: "# Kestrel project\n\nThe Kestrel project codename is TANHERON.",
      },
    });
    expect(res.status).toBe(201);
    const events = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: bob,
        json: { message: "What is the Kestrel project codename?", model: "tessera-local" },
      }),
    );
    const text = events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join("");
    expect(text).toContain("TANHERON");
  });
});

describe("adding documents from files and addresses", () => {
  let site: Server;
  let siteBase: string;
  let open: TestApp;
  const siteHits: string[] = [];
  beforeAll(async () => {
    site = createServer((req, res) => {
      siteHits.push(req.url ?? "");
      if (req.url === "/guide") {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        return res.end(`<html><head><title>Orchard pruning guide</title></head><body>
          <nav>Menu · Shop · Login</nav><main><h1>Pruning</h1>
          <p>Prune the Ashgrove orchard's pear trees in late winter, before the buds swell, and never in frost.</p>
          <p>${"Cut back to an outward-facing bud and keep the centre open to light. ".repeat(6)}</p></main>
          <footer>Ashgrove orchard society</footer></body></html>`);
      }
      if (req.url === "/notes.txt") {
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("The Ashgrove cider press opens on the first Saturday of October.");
      }
      // A Word document named by its type, one sent as a plain download, and a zip bomb.
      if (req.url === "/minutes.docx" || req.url === "/download?id=7") {
        const docx = req.url === "/minutes.docx";
        res.writeHead(200, {
          "content-type": docx
            ? "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            : "application/octet-stream",
        });
        return res.end(
          tinyDocx([
            { heading: 1, text: docx ? "Ashgrove committee minutes" : "Ashgrove planting list" },
            docx
              ? "The committee agreed to graft the Quarrendon apple onto the old rootstock in March."
              : "Plant the Tydeman's Late Orange beside the wall in November.",
          ]),
        );
      }
      if (req.url === "/bomb.docx") {
        res.writeHead(200, { "content-type": "application/octet-stream" });
        const huge = documentXml(["x".repeat(40 * 1024 * 1024)]);
        return res.end(zipOf([...DOCX_PACKAGE, { name: "word/document.xml", data: huge, declared: 2_000 }]));
      }
      if (req.url === "/ferry.pdf") {
        res.writeHead(200, { "content-type": "application/pdf" });
        return res.end(tinyPdf("The Ferrowick night ferry leaves at eleven."));
      }
      if (req.url === "/photo") {
        res.writeHead(200, { "content-type": "image/jpeg" });
        return res.end(Buffer.from([0xff, 0xd8, 0xff, 0xe0]));
      }
      if (req.url === "/huge") {
        res.writeHead(200, { "content-type": "text/plain" });
        return res.end("y".repeat(11 * 1024 * 1024));
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((r) => site.listen(0, "127.0.0.1", r));
    siteBase = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    // The site lives on loopback, so this app allows private addresses the way development does.
    open = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: "true" });
  });
  afterAll(async () => {
    await open.close();
    await new Promise<void>((r) => site.close(() => r()));
  });

  const upload = (app: TestApp, token: string, bytes: Uint8Array, name: string, title?: string) => {
    const form = new FormData();
    form.append("file", new File([bytes], name));
    if (title) form.append("title", title);
    return app.request("/api/documents/upload", { method: "POST", token, body: form });
  };

  it("reads an uploaded markdown file and PDF in full, titled from the file name", async () => {
    const long = `# Field guide\n\n${"Moss grows on the north side of the old wall. ".repeat(100)}\n\nThe last line mentions the Quillon marker.`;
    const res = await upload(t, ada, new TextEncoder().encode(long), "notes/Field guide.md");
    expect(res.status).toBe(201);
    const doc = (await res.json()) as DocumentSummary;
    expect(doc).toMatchObject({ title: "Field guide", characters: long.length, source_url: null });
    // Attachments in chat are cut to 2,000 characters; a document keeps everything.
    const detail = (await (
      await t.request(`/api/documents/${doc.id}`, { token: ada })
    ).json()) as DocumentDetail;
    expect(detail.content).toContain("Quillon marker");
    expect(detail.passages).toBe(doc.passages);

    const pdf = await upload(
      t,
      ada,
      tinyPdf("The Ferrowick ferry leaves at nine."),
      "ferry.pdf",
      "Ferry times",
    );
    expect(pdf.status).toBe(201);
    const pdfDoc = (await pdf.json()) as DocumentSummary;
    expect(pdfDoc.title).toBe("Ferry times");
    const pdfDetail = (await (
      await t.request(`/api/documents/${pdfDoc.id}`, { token: ada })
    ).json()) as DocumentDetail;
    expect(pdfDetail.content).toContain("Ferrowick ferry leaves at nine");
  });

  it("refuses binary files, missing files and files over 10 MB", async () => {
    expect((await upload(t, ada, Uint8Array.from([0, 1, 2, 0xff]), "blob.bin")).status).toBe(415);
    const none = await t.request("/api/documents/upload", {
      method: "POST",
      token: ada,
      body: new FormData(),
    });
    expect(none.status).toBe(400);
    expect((await upload(t, ada, new Uint8Array(10 * 1024 * 1024 + 1).fill(97), "big.txt")).status).toBe(413);
    expect((await upload(t, "", new TextEncoder().encode("hello"), "a.txt")).status).toBe(401);
  });

  it("reads a web page's main text or a text file from an address, and cites the address", async () => {
    const token = await open.newUser("grower@example.com");
    const res = await open.request("/api/documents/from-url", {
      method: "POST",
      token,
      json: { url: `${siteBase}/guide` },
    });
    expect(res.status).toBe(201);
    const doc = (await res.json()) as DocumentSummary;
    expect(doc).toMatchObject({ title: "Orchard pruning guide", source_url: `${siteBase}/guide` });
    const detail = (await (
      await open.request(`/api/documents/${doc.id}`, { token })
    ).json()) as DocumentDetail;
    expect(detail.content).toContain("Prune the Ashgrove orchard's pear trees in late winter");
    expect(detail.content).not.toContain("Menu · Shop");

    const notes = await open.request("/api/documents/from-url", {
      method: "POST",
      token,
      json: { url: `${siteBase}/notes.txt`, title: "Cider press" },
    });
    expect(((await notes.json()) as DocumentSummary).title).toBe("Cider press");

    const events = await readSse(
      await open.request("/api/jigsaw-search", {
        method: "POST",
        token,
        json: { query: "When should the Ashgrove pear trees be pruned?" },
      }),
    );
    const sources = events.find((e) => e.type === "sources")!.sources as { url: string }[];
    expect(sources[0]!.url).toBe(`${siteBase}/guide`);
  });

  it("reads a Word document or a PDF from an address, by its type or by its content", async () => {
    const token = await open.newUser("minutes@example.com");
    const from = async (path: string) => {
      const res = await open.request("/api/documents/from-url", {
        method: "POST",
        token,
        json: { url: `${siteBase}${path}` },
      });
      expect(res.status).toBe(201);
      const doc = (await res.json()) as DocumentSummary;
      const { content } = (await (
        await open.request(`/api/documents/${doc.id}`, { token })
      ).json()) as DocumentDetail;
      return { doc, content };
    };
    const minutes = await from("/minutes.docx");
    // A document has no title of its own: the address names it.
    expect(minutes.doc.title).toBe(`${siteBase.replace("http://", "")}/minutes.docx`);
    expect(minutes.content).toBe(
      "# Ashgrove committee minutes\n\nThe committee agreed to graft the Quarrendon apple onto the old rootstock in March.",
    );
    const planting = await from("/download?id=7");
    expect(planting.content).toBe(
      "# Ashgrove planting list\n\nPlant the Tydeman's Late Orange beside the wall in November.",
    );
    const ferry = await from("/ferry.pdf");
    expect(ferry.content).toContain("The Ferrowick night ferry leaves at eleven.");

    // A Word document from an address passes the same zip-bomb guard as an uploaded one.
    const bomb = await open.request("/api/documents/from-url", {
      method: "POST",
      token,
      json: { url: `${siteBase}/bomb.docx` },
    });
    expect(bomb.status).toBe(413);
    expect(((await bomb.json()) as { error: { message: string } }).error.message).toBe(
      "This DOCX expands to more than 32 MB when read, so it cannot be used.",
    );
  });

  it("skips addresses of the wrong type, too large, missing or private, with a reason", async () => {
    const token = await open.newUser("picky@example.com");
    const from = (url: string, app = open, who = token) =>
      app.request("/api/documents/from-url", { method: "POST", token: who, json: { url } });
    const photo = await from(`${siteBase}/photo`);
    expect(photo.status).toBe(415);
    expect(((await photo.json()) as { error: { message: string } }).error.message).toContain("image/jpeg");
    expect((await from(`${siteBase}/huge`)).status).toBe(413);
    expect((await from(`${siteBase}/missing`)).status).toBe(400);
    expect((await from("ftp://example.com/file")).status).toBe(400);
    expect((await from("not a url")).status).toBe(400);
    // Without the development switch, the same loopback site is out of reach and is never contacted.
    siteHits.length = 0;
    const refused = await from(`${siteBase}/guide`, t, ada);
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toContain(
      "not reachable",
    );
    expect(siteHits).toEqual([]);
    expect(await (await open.request("/api/documents", { token })).json()).toEqual([]);
  });
});
