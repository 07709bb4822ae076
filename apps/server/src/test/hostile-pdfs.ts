// PDFs built to hurt a reader, for the tests of the document limits (knowledge/parser-pool.ts,
// lib/pdf-structure.ts): each is small to send and costly to read without limits.
import { deflateSync } from "node:zlib";

/** A PDF of `objects` (object n is objects[n - 1]; a Buffer is a stream's data, Flate-compressed). */
export function pdfOf(objects: (string | { dictionary: string; data: Buffer })[]): Buffer {
  const parts: Buffer[] = [Buffer.from("%PDF-1.4\n")];
  let length = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    length += b.length;
  };
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    if (typeof body === "string") push(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
    else {
      const data = deflateSync(body.data, { level: 9 });
      push(
        Buffer.from(
          `${i + 1} 0 obj\n<< ${body.dictionary} /Length ${data.length} /Filter /FlateDecode >>\nstream\n`,
        ),
      );
      push(data);
      push(Buffer.from("\nendstream\nendobj\n"));
    }
  });
  let tail = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) tail += `${String(o).padStart(10, "0")} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  push(Buffer.from(tail));
  return Buffer.concat(parts);
}

const FONT = "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>";

/** `pages` pages that all show one content stream (object 3) with font F1 (object 4). */
function pagesOf(pages: number, content: string | { dictionary: string; data: Buffer }): Buffer {
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(" ");
  return pdfOf([
    "<< /Type /Catalog /Pages 2 0 R >>",
    // Pages take their size and resources from here, so each is a few bytes.
    `<< /Type /Pages /Kids [${kids}] /Count ${pages} /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> >>`,
    content,
    FONT,
    ...Array.from({ length: pages }, () => "<< /Type /Page /Parent 2 0 R /Contents 3 0 R >>"),
  ]);
}

/** The probe's file: a catalogue holding an array nested `depth` deep (100 KB at 50,000). */
export const nestedPdf = (depth = 50_000) =>
  pdfOf([
    `<< /Type /Catalog /Pages 2 0 R /Nest ${"[".repeat(depth)}${"]".repeat(depth)} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
  ]);

/** A text page repeated `pages` times (20,000 pages: 1.3 MB, and minutes of reading without a cap). */
export const manyPagesPdf = (pages = 20_000) => pagesOf(pages, textStream(["A page among many."]));

/**
 * 2,000 pages (within the page cap) that all draw one content stream of 200,000 path operators:
 * 60 KB to send, a few megabytes decoded, and each page parses all of it again.
 */
export const slowPdf = (pages = 2_000) =>
  pagesOf(pages, { dictionary: "", data: Buffer.from("1 2 m 3 4 l S\n".repeat(200_000)) });

/**
 * One page showing one string of 60 million characters (within the 64 MB decoded budget): 60 KB of
 * Flate that the reader collects character by character into a heap far larger than the string.
 */
export const heapBombPdf = () =>
  pagesOf(1, {
    dictionary: "",
    data: Buffer.concat([
      Buffer.from("BT /F1 10 Tf ("),
      Buffer.alloc(60_000_000, "A"),
      Buffer.from(") Tj ET"),
    ]),
  });

/** An ordinary document: `pages` pages of `lines` lines of text each. */
export function bookPdf(pages: number, lines = 40): Buffer {
  const objects: (string | { dictionary: string; data: Buffer })[] = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "",
    FONT,
  ];
  const kids: string[] = [];
  for (let p = 1; p <= pages; p++) {
    const text = Array.from(
      { length: lines },
      (_, l) => `Page ${p}, line ${l + 1}: the tide tables for the harbour.`,
    );
    objects.push(textStream(text));
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${objects.length} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
    );
    kids.push(`${objects.length} 0 R`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(" ")}] /Count ${pages} >>`;
  return pdfOf(objects);
}

function textStream(lines: string[]) {
  const shown = lines.map((l) => `(${l.replace(/[\\()]/g, (c) => `\\${c}`)}) '`).join("\n");
  return { dictionary: "", data: Buffer.from(`BT /F1 10 Tf 72 760 Td 12 TL\n${shown}\nET`) };
}
