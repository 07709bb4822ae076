import { describe, expect, it } from "vitest";
import { readHtml } from "./read-html";

const paragraph = (n: number) =>
  `<p>Paragraph ${n} of the harbour article explains how the tide tables are read, why the pilots ` +
  `board at the outer buoy, and what the harbour master asks of every arriving vessel.</p>`;

describe("readHtml", () => {
  it("keeps the article Readability finds and leaves the page's clutter out", async () => {
    const page =
      `<!doctype html><html><head><title>Harbour guide</title></head><body>` +
      `<div class="sidebar-widget related-links"><p>Subscribe to our newsletter for weekly deals on ` +
      `sailing gear, discount codes and partner offers you will not want to miss.</p></div>` +
      `<article><h1>Harbour guide</h1>${[1, 2, 3, 4, 5].map(paragraph).join("")}</article>` +
      `<div class="comments"><p>Comment: great article, thanks for sharing this with everyone here!</p></div>` +
      `</body></html>`;
    const read = await readHtml(page, "https://example.com/guide");
    expect(read.title).toBe("Harbour guide");
    expect(read.text).toContain("Paragraph 5 of the harbour article");
    // Paragraphs stay apart, as the chunker splits on them.
    expect(read.text).toMatch(/vessel\.\n\nParagraph 2/);
    expect(read.text).not.toContain("newsletter");
    expect(read.text).not.toContain("great article");
  });
});
