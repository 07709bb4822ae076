import { describe, expect, it } from "vitest";
import { nestedPdf, pdfOf } from "../test/hostile-pdfs";
import { mainThreadCpuMs } from "../test/main-thread-cpu";
import { tinyPdf } from "../test/tiny-pdf";
import { checkPdfStructure } from "./pdf-structure";

describe("a PDF's structure", () => {
  it("refuses (422) a catalogue nested 50,000 deep, in a few milliseconds", () => {
    const pdf = nestedPdf();
    expect(pdf.length).toBeGreaterThan(100_000);
    // CPU time, not wall time: a machine busy with other work must not make it read as slow.
    const started = mainThreadCpuMs();
    expect(() => checkPdfStructure(pdf)).toThrow(
      expect.objectContaining({ status: 422, message: "This PDF is too complex to read." }),
    );
    expect(mainThreadCpuMs() - started).toBeLessThan(200);
    // The catalogue's own dictionary is one level: 99 arrays inside it are 100 deep.
    expect(() => checkPdfStructure(nestedPdf(99))).not.toThrow();
    expect(() => checkPdfStructure(nestedPdf(100))).toThrow("too complex");
  });

  it("counts dictionaries as nesting, and not brackets inside strings, comments or stream data", () => {
    const dictionaries = pdfOf([`<< /Type /Catalog /A ${"<< /B ".repeat(120)}${">> ".repeat(120)}>>`]);
    expect(() => checkPdfStructure(dictionaries)).toThrow("too complex");
    const quoted = pdfOf([
      `<< /Type /Catalog /Title (${"[".repeat(500)} \\) ${"(".repeat(50)}${")".repeat(50)}) >>`,
      `% ${"[".repeat(500)}\n<< /Hex <${"5b".repeat(500)}> >>`,
      { dictionary: "", data: Buffer.from("[".repeat(5000)) },
    ]);
    expect(() => checkPdfStructure(quoted)).not.toThrow();
    expect(() => checkPdfStructure(tinyPdf("Harbour notes"))).not.toThrow();
  });

  it("refuses more objects than the cap", () => {
    const many = pdfOf(Array.from({ length: 1_001 }, () => "null"));
    expect(() => checkPdfStructure(many, { maxObjects: 1_000 })).toThrow("too complex");
    expect(() => checkPdfStructure(many, { maxObjects: 1_001 })).not.toThrow();
  });
});
