import { describe, expect, it } from "vitest";
import { chunkText, embeddingUnits, estimateTokens, UNIT_MAX_CHARS } from "./chunk-text";

const sentence = (n: number) => `Sentence number ${n} talks about the subject at some length here.`;
const paragraph = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => sentence(from + i)).join(" ");

describe("chunkText", () => {
  it("keeps a short text whole, without a page or heading", () => {
    expect(chunkText("One short paragraph.\n\nAnother one.")).toEqual([
      { ordinal: 0, text: "One short paragraph.\n\nAnother one.", heading: null, page: null },
    ]);
  });

  it("starts a chunk at every heading and remembers the heading", () => {
    const chunks = chunkText("# Setup\nInstall it.\n\n## Running\nStart it.\nThen wait.\n\nMore on running.");
    expect(chunks.map((c) => [c.heading, c.text])).toEqual([
      ["Setup", "# Setup\n\nInstall it."],
      ["Running", "## Running\n\nStart it. Then wait.\n\nMore on running."],
    ]);
  });

  it("cuts long text into chunks of at most the size, each repeating the end of the one before", () => {
    const text = [paragraph(0, 40), paragraph(40, 40), paragraph(80, 40)].join("\n\n");
    const chunks = chunkText(text, { maxTokens: 400, overlapTokens: 40 });
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) expect(estimateTokens(c.text)).toBeLessThanOrEqual(400);
    for (const [i, c] of chunks.entries()) {
      expect(c.ordinal).toBe(i);
      if (i === 0) continue;
      const previous = chunks[i - 1]!.text;
      const firstSentence = /^.*?\.(?=\s|$)/.exec(c.text)![0];
      // The overlap: the chunk opens with a sentence the previous chunk ended with.
      expect(previous.endsWith(firstSentence) || previous.includes(firstSentence)).toBe(true);
    }
    // Nothing lost: every sentence is in some chunk.
    for (let n = 0; n < 120; n++) expect(chunks.some((c) => c.text.includes(sentence(n)))).toBe(true);
  });

  it("gives PDF text (pages split by form feeds) page numbers, a chunk never spanning two pages", () => {
    const chunks = chunkText(`Cover page.\fIntroduction on page two.\f${paragraph(0, 60)}`, {
      maxTokens: 300,
    });
    expect(chunks[0]).toMatchObject({ page: 1, text: "Cover page." });
    expect(chunks[1]).toMatchObject({ page: 2, text: "Introduction on page two." });
    expect(chunks.slice(2).every((c) => c.page === 3)).toBe(true);
    expect(chunks.length).toBeGreaterThan(3);
  });

  it("slices a sentence longer than a chunk", () => {
    const chunks = chunkText("x".repeat(5000), { maxTokens: 300, overlapTokens: 0 });
    expect(chunks.map((c) => c.text.length)).toEqual([1200, 1200, 1200, 1200, 200]);
  });
});

describe("embeddingUnits", () => {
  it("embeds each paragraph of a chunk on its own, a heading with the paragraph after it", () => {
    expect(embeddingUnits("# Tides\n\nHigh water comes twice daily.\n\nBoats leave before dawn.")).toEqual([
      "# Tides\nHigh water comes twice daily.",
      "Boats leave before dawn.",
    ]);
  });

  it("cuts a long paragraph into windows of whole sentences, none longer than a unit", () => {
    const text = paragraph(0, 30);
    const units = embeddingUnits(text);
    expect(units.length).toBeGreaterThan(3);
    for (const u of units) {
      expect(u.length).toBeLessThanOrEqual(UNIT_MAX_CHARS);
      expect(u).toMatch(/^Sentence number \d+ .*here\.$/);
    }
    expect(units.join(" ")).toBe(text);
  });

  it("slices a run of text without sentence ends, so every part of it is embedded", () => {
    const run = "word ".repeat(300).trim();
    const units = embeddingUnits(run);
    expect(units.every((u) => u.length <= UNIT_MAX_CHARS)).toBe(true);
    expect(units.join("").replace(/\s/g, "")).toBe(run.replace(/\s/g, ""));
  });

  it("has nothing to embed in blank text", () => {
    expect(embeddingUnits(" \n\n ")).toEqual([]);
  });
});
