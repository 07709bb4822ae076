// A PDF's streams are compressed, and a few hundred kilobytes of Flate can expand to gigabytes that
// the PDF reader holds in memory while it reads the page (a decompression bomb). Before a PDF is
// read, its streams are decoded here through their filter chains, counting bytes, and a file whose
// streams would expand past the budget is refused. Encrypted files cannot be checked and are refused.
// Every step is linear in the file's length: a hostile file must not make the check itself slow.
import { constants, createInflate } from "node:zlib";
import { AppError } from "./errors";

/** Decoded bytes of all streams together: ample for text, images and fonts of a 10 MB file. */
export const PDF_DECODED_MAX_BYTES = 64 * 1024 * 1024;

/** A stream dictionary longer than this is not a real one: refused rather than searched. */
const DICTIONARY_MAX_CHARS = 65_536;
/**
 * The first /Filter key and its value, when the value is written plainly: a name, an array of names
 * (no brackets inside, so a file of `[` cannot make this search go over and over the same text), or
 * another object.
 */
const FILTER = /\/Filter(?![^\s/<>[\]()%{}])\s*(\[[^\][]*\]|\/[^\s/<>[\]()]+|\d+\s+\d+\s+R)?/;
/** Filters whose output is never larger than their input, or that the text reader never decodes. */
const IMAGE_ONLY = new Set(["DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"]);
/**
 * What the check may read of dictionaries and stream data, as a multiple of the file's length. Real
 * streams do not overlap, so they read the file about once; `>>stream` written over and over inside
 * one object would otherwise have every one of them read from there to the end.
 */
const READ_MAX_TIMES_FILE = 2;
const READ_MAX_SLACK = 1024 * 1024;

class OverBudget extends Error {}

/** Refuses (413) a PDF whose streams decode to more than `maxBytes`, and encrypted PDFs (400). */
export async function checkPdfExpansion(bytes: Uint8Array, maxBytes = PDF_DECODED_MAX_BYTES) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
  if (/\/Encrypt\s*(?:\d+\s+\d+\s+R|<<)/.test(text))
    throw new AppError("BAD_REQUEST", "This PDF is encrypted, so its text cannot be read.");
  let left = maxBytes;
  const spend = (n: number) => {
    left -= n;
    if (left < 0) throw new OverBudget();
  };
  let readLeft = READ_MAX_TIMES_FILE * bytes.length + READ_MAX_SLACK;
  const endstream = nextOccurrence(text, "endstream");
  try {
    const objects = [...text.matchAll(/obj\b/g)].map((m) => m.index + 3);
    let o = 0;
    for (const { keyword, data: start } of streamsOf(text)) {
      while (o + 1 < objects.length && objects[o + 1]! < keyword) o++;
      const from = objects[o] !== undefined && objects[o]! < keyword ? objects[o]! : 0;
      if (keyword - from > DICTIONARY_MAX_CHARS) throw new OverBudget();
      const end = endstream(start);
      const data = bytes.subarray(start, end === -1 ? bytes.length : end);
      readLeft -= keyword - from + data.length;
      if (readLeft < 0) throw new AppError("TOO_COMPLEX", "This PDF is too complex to read.");
      await decodeChain(data, filtersOf(text.slice(from, keyword)), spend);
    }
  } catch (err) {
    if (!(err instanceof OverBudget)) throw err;
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This PDF expands to more than ${maxBytes / 1024 / 1024} MB when read, so it cannot be used.`,
    );
  }
}

/** What \s matches in Latin-1, and NUL, which the PDF reader also takes for white space. */
const SPACE = new Set([0, 9, 10, 11, 12, 13, 32, 160]);
const isLineBreak = (c: number) => c === 10 || c === 13;

/**
 * Each `stream` keyword that follows a dictionary's `>>` across white space and comments, with where
 * its data starts (the next line), as the reader finds them, and also inside other streams' data
 * (an object the cross-reference table points into the middle of one is read too). One pass: the
 * look-behind pattern this replaces went back over the whole line at every character, so 100 KB of
 * `[` on one line held the check for seconds and 400 KB for minutes.
 */
export function* streamsOf(text: string): Generator<{ keyword: number; data: number }> {
  // Whether the text so far ends in `>>` and then white space and comments, outside a comment or in one.
  let between = false;
  let inComment = false;
  let lineBreak = -1;
  for (let i = 0; i < text.length; i++) {
    if ((between || inComment) && text.startsWith("stream", i)) {
      if (lineBreak < i + 6) {
        lineBreak = i + 6;
        while (lineBreak < text.length && !isLineBreak(text.charCodeAt(lineBreak))) lineBreak++;
        // No line break left, so no later keyword starts any data either.
        if (lineBreak === text.length) return;
      }
      const crlf = text.charCodeAt(lineBreak) === 13 && text.charCodeAt(lineBreak + 1) === 10;
      yield { keyword: i, data: lineBreak + (crlf ? 2 : 1) };
    }
    const c = text.charCodeAt(i);
    const wasBetween: boolean = between;
    between = (between && SPACE.has(c)) || (inComment && isLineBreak(c));
    inComment = (wasBetween && c === 37) || (inComment && !isLineBreak(c));
    if (c === 62 && i > 0 && text.charCodeAt(i - 1) === 62) between = true;
  }
}

/** `text.indexOf(word, from)` for `from` that only grows, reading the text once in all. */
function nextOccurrence(text: string, word: string) {
  let searchedFrom = Infinity;
  let found = -1;
  return (from: number) => {
    if (from < searchedFrom || (found !== -1 && found < from)) {
      searchedFrom = from;
      found = text.indexOf(word, from);
    }
    return found;
  };
}

function filtersOf(dictionary: string): string[] {
  const match = FILTER.exec(dictionary);
  if (!match) return [];
  const found = match[1];
  // A filter named through another object is not followed, and one written otherwise (a comment
  // before it, say, which the reader skips) is not guessed at: both count as filters that cannot be
  // checked.
  if (!found || /R$/.test(found)) return ["?"];
  return [...found.matchAll(/\/([^\s/<>[\]()]+)/g)].map((m) => m[1]!);
}

/** Decodes `data` through `filters`, spending each stage's output; bytes are kept only while needed. */
async function decodeChain(data: Uint8Array, filters: string[], spend: (n: number) => void) {
  let current: Uint8Array | null = data;
  for (const filter of filters) {
    if (filter === "FlateDecode" || filter === "Fl") {
      if (!current) throw new OverBudget(); // an expanding stage after one we could not decode
      current = await inflateCounted(current, spend);
    } else if (filter === "RunLengthDecode" || filter === "RL") {
      if (!current) throw new OverBudget();
      current = runLengthDecode(current, spend);
    } else if (filter === "LZWDecode" || filter === "LZW") {
      if (!current) throw new OverBudget();
      spend(lzwDecodedLength(current));
      current = null;
    } else if (filter === "ASCIIHexDecode" || filter === "AHx") {
      if (current) current = asciiHexDecode(current);
    } else if (filter === "ASCII85Decode" || filter === "A85") {
      if (current) current = ascii85Decode(current);
    } else if (IMAGE_ONLY.has(filter)) {
      if (current) spend(current.length);
      current = null;
    } else throw new OverBudget(); // unknown: nothing we can bound
  }
  if (filters.length === 0) spend(data.length);
}

/** Inflates with a running count; a stream that breaks off yields what came out before it broke. */
function inflateCounted(data: Uint8Array, spend: (n: number) => void): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const inflate = createInflate({ finishFlush: constants.Z_SYNC_FLUSH });
    const done = () => resolve(Buffer.concat(chunks));
    inflate.on("data", (chunk: Buffer) => {
      try {
        spend(chunk.length);
        chunks.push(chunk);
      } catch (err) {
        inflate.destroy();
        reject(err instanceof Error ? err : new OverBudget());
      }
    });
    inflate.on("end", done);
    inflate.on("error", done);
    inflate.end(data);
  });
}

function runLengthDecode(data: Uint8Array, spend: (n: number) => void): Uint8Array {
  let length = 0;
  for (let i = 0; i < data.length && data[i] !== 128; i += data[i]! < 128 ? data[i]! + 2 : 2)
    length += data[i]! < 128 ? data[i]! + 1 : 257 - data[i]!;
  spend(length);
  const out = new Uint8Array(length);
  let at = 0;
  for (let i = 0; i < data.length && data[i] !== 128;) {
    const n = data[i]!;
    if (n < 128) {
      out.set(data.subarray(i + 1, i + 2 + n), at);
      at += n + 1;
      i += n + 2;
    } else {
      out.fill(data[i + 1] ?? 0, at, at + 257 - n);
      at += 257 - n;
      i += 2;
    }
  }
  return out;
}

/** The length LZW data decodes to, from each code's string length, without building the strings. */
function lzwDecodedLength(data: Uint8Array): number {
  const lengths = new Uint32Array(4097);
  lengths.fill(1, 0, 256);
  let next = 258;
  let width = 9;
  let previous = -1;
  let total = 0;
  let bits = 0;
  let buffer = 0;
  for (const byte of data) {
    buffer = ((buffer << 8) | byte) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (buffer >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 257) return total;
      if (code === 256) {
        next = 258;
        width = 9;
        previous = -1;
        continue;
      }
      const length = code < next ? lengths[code]! : previous >= 0 ? lengths[previous]! + 1 : 1;
      total += length;
      if (previous >= 0 && next < 4096) lengths[next++] = lengths[previous]! + 1;
      previous = code;
      // Early change (the PDF default): the width grows one code before the table fills it.
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  return total;
}

function asciiHexDecode(data: Uint8Array): Uint8Array {
  const hex = Buffer.from(data)
    .toString("latin1")
    .replace(/>.*$/s, "")
    .replace(/[^0-9a-f]/gi, "");
  return Buffer.from(hex.length % 2 ? `${hex}0` : hex, "hex");
}

function ascii85Decode(data: Uint8Array): Uint8Array {
  const text = Buffer.from(data).toString("latin1").replace(/~>.*$/s, "").replace(/\s/g, "");
  const out: number[] = [];
  let group: number[] = [];
  const flush = (n: number) => {
    let value = 0;
    for (let k = 0; k < 5; k++) value = value * 85 + (group[k] ?? 84);
    for (let k = 0; k < n - 1; k++) out.push((value >>> (24 - 8 * k)) & 0xff);
    group = [];
  };
  for (const ch of text.replace(/^<~/, "")) {
    if (ch === "z" && group.length === 0) out.push(0, 0, 0, 0);
    else if (ch >= "!" && ch <= "u") {
      group.push(ch.charCodeAt(0) - 33);
      if (group.length === 5) flush(5);
    }
  }
  if (group.length > 1) flush(group.length);
  return Uint8Array.from(out);
}
