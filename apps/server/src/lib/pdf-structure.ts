// The shape of a PDF before the reader sees it. The reader parses arrays and dictionaries by
// recursion and keeps every object it meets, so a catalogue nested 50,000 deep, or a file made of
// hundreds of thousands of tiny objects, costs it far more than its size suggests. One pass over the
// file's syntax (strings, comments and stream data skipped) counts both and refuses what no real
// document needs.
import { AppError } from "./errors";

/** Real documents nest arrays and dictionaries a dozen deep at most; this leaves ample room. */
export const PDF_MAX_NESTING = 100;
/**
 * Indirect objects written out in the file. A 2,000-page document has some 30 per page (page,
 * content, resources, fonts, images, annotations); objects packed in object streams are not counted,
 * and the reader's time and memory limits bound what they cost.
 */
export const PDF_MAX_OBJECTS = 100_000;

export const pdfTooComplex = (reason?: string) =>
  new AppError(
    "TOO_COMPLEX",
    reason ? `This PDF is too complex to read: ${reason}.` : "This PDF is too complex to read.",
  );

const SPACE = new Set([0, 9, 10, 12, 13, 32]);
const DELIMITER = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const ENDSTREAM = Buffer.from("endstream");

/** Refuses (422) a PDF nested deeper than `maxNesting` or with more than `maxObjects` objects. */
export function checkPdfStructure(
  bytes: Uint8Array,
  { maxNesting = PDF_MAX_NESTING, maxObjects = PDF_MAX_OBJECTS } = {},
): void {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const n = buffer.length;
  let depth = 0;
  let objects = 0;
  // A `stream` keyword is the start of stream data only right after a dictionary.
  let afterDictionary = false;
  const open = () => {
    if (++depth > maxNesting) throw pdfTooComplex();
  };
  let i = 0;
  while (i < n) {
    const c = buffer[i]!;
    if (SPACE.has(c)) {
      i++;
      continue;
    }
    if (c === 0x25) {
      // A comment runs to the end of its line.
      while (i < n && buffer[i] !== 10 && buffer[i] !== 13) i++;
      continue;
    }
    const closesDictionary = c === 0x3e && buffer[i + 1] === 0x3e;
    if (c === 0x28) i = afterString(buffer, i);
    else if (c === 0x3c && buffer[i + 1] === 0x3c) {
      open();
      i += 2;
    } else if (c === 0x3c) {
      const end = buffer.indexOf(0x3e, i + 1);
      i = end === -1 ? n : end + 1;
    } else if (closesDictionary) {
      depth = Math.max(0, depth - 1);
      i += 2;
    } else if (c === 0x5b) {
      open();
      i++;
    } else if (c === 0x5d) {
      depth = Math.max(0, depth - 1);
      i++;
    } else if (DELIMITER.has(c) && c !== 0x2f) i++;
    else {
      // A name, number or keyword: it runs to the next white space or delimiter.
      const start = i++;
      while (i < n && !SPACE.has(buffer[i]!) && !DELIMITER.has(buffer[i]!)) i++;
      const word = i - start;
      if (word === 3 && buffer.toString("latin1", start, i) === "obj" && ++objects > maxObjects)
        throw pdfTooComplex();
      if (word === 6 && afterDictionary && buffer.toString("latin1", start, i) === "stream") {
        // Stream data is binary and read by its filters, not as syntax.
        const end = buffer.indexOf(ENDSTREAM, i);
        i = end === -1 ? n : end + ENDSTREAM.length;
      }
    }
    afterDictionary = closesDictionary;
  }
}

/** Where a literal string that opens at `at` ends: parentheses nest inside it, `\` escapes one byte. */
function afterString(buffer: Buffer, at: number): number {
  let depth = 0;
  for (let i = at; i < buffer.length; i++) {
    const c = buffer[i];
    if (c === 0x5c) i++;
    else if (c === 0x28) depth++;
    else if (c === 0x29 && --depth === 0) return i + 1;
  }
  return buffer.length;
}
