import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
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
