import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { nestedPdf } from "../test/hostile-pdfs";
import { mainThreadCpuMs } from "../test/main-thread-cpu";
import { checkPdfExpansion } from "./pdf-expansion";

const pdfWith = (filter: string, data: Buffer) =>
  Buffer.concat([
    Buffer.from(`%PDF-1.4\n4 0 obj\n<< /Length ${data.length} /Filter ${filter} >>\nstream\n`),
    data,
    Buffer.from("\nendstream\nendobj\n"),
  ]);

describe("a PDF's decoded size", () => {
  it("counts LZW as the PDF reference's own example decodes: ten bytes", async () => {
    // PDF 1.7 reference, 3.3.3: 45 45 45 45 45 65 45 45 45 66 encodes to these nine bytes.
    const lzw = pdfWith("/LZWDecode", Buffer.from([0x80, 0x0b, 0x60, 0x50, 0x22, 0x0c, 0x0c, 0x85, 0x01]));
    await expect(checkPdfExpansion(lzw, 10)).resolves.toBeUndefined();
    await expect(checkPdfExpansion(lzw, 9)).rejects.toThrow("expands to more than");
  });

  it("counts Flate to the byte, also behind ASCIIHex", async () => {
    const flate = deflateSync(Buffer.alloc(1000));
    await expect(checkPdfExpansion(pdfWith("/FlateDecode", flate), 1000)).resolves.toBeUndefined();
    await expect(checkPdfExpansion(pdfWith("/FlateDecode", flate), 999)).rejects.toThrow("expands");
    const hex = Buffer.from(`${flate.toString("hex")}>`);
    await expect(checkPdfExpansion(pdfWith("[/AHx /Fl]", hex), 999)).rejects.toThrow("expands");
  });

  it("refuses a filter it cannot bound, and a filter named through another object", async () => {
    await expect(checkPdfExpansion(pdfWith("/MadeUpDecode", Buffer.from("x")))).rejects.toThrow("expands");
    await expect(checkPdfExpansion(pdfWith("7 0 R", Buffer.from("x")))).rejects.toThrow("expands");
  });
});

describe("the check on a hostile file", () => {
  const bomb = deflateSync(Buffer.alloc(100 * 1024 * 1024));

  it("reads each file once: a line of 100,000 brackets, comments or keywords takes milliseconds", async () => {
    const line = (unit: string) =>
      Buffer.from(`%PDF-1.4\n1 0 obj\n<< /A ${unit.repeat(100_000 / unit.length)}`);
    for (const pdf of [
      nestedPdf(),
      line("[ "),
      line(">>%"),
      line(">>stream "),
      line(">>\nstream\n"),
      line("/Filter["),
    ]) {
      // CPU time, not wall time: a machine busy with other work must not make it read as slow.
      const started = mainThreadCpuMs();
      await checkPdfExpansion(pdf).catch((err: unknown) => expect(err).toHaveProperty("status"));
      expect(mainThreadCpuMs() - started, pdf.subarray(20, 40).toString()).toBeLessThan(500);
    }
  });

  it("refuses streams written over one another past a few times the file's length (422)", async () => {
    const overlapping = Buffer.from(
      `%PDF-1.4\n1 0 obj\n<< /Filter /A85 ${">>stream\n".repeat(5_000)}endstream`,
    );
    await expect(checkPdfExpansion(overlapping)).rejects.toMatchObject({
      status: 422,
      message: "This PDF is too complex to read.",
    });
  });

  it("finds a bomb behind a comment before its filter, or NUL before its stream keyword", async () => {
    const wrap = (head: string) =>
      Buffer.concat([Buffer.from(`%PDF-1.4\n4 0 obj\n${head}`), bomb, Buffer.from("\nendstream\nendobj\n")]);
    for (const pdf of [
      wrap(`<< /Length ${bomb.length} /Filter %c\n/FlateDecode >>\nstream\n`),
      wrap(`<< /Length ${bomb.length} /Filter /FlateDecode >>\0stream\n`),
    ])
      await expect(checkPdfExpansion(pdf)).rejects.toThrow("expands to more than 64 MB");
  });
});
