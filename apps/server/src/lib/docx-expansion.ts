// A DOCX is a zip, and a few kilobytes of deflate can inflate to gigabytes (a zip bomb) that the
// Word reader would hold in memory, since it reads each part whole. Before a DOCX is read, every
// entry its central directory lists is inflated here, counting bytes against one budget, and the
// file is refused once they go past it. The sizes the directory declares are checked first, but not
// trusted: a hostile file can declare a few bytes and inflate to far more.
import { inflateRawSync } from "node:zlib";
import { AppError } from "./errors";

/** Inflated bytes of all entries together: text, styles and the pictures of a 10 MB file. */
export const DOCX_INFLATED_MAX_BYTES = 32 * 1024 * 1024;

/** More entries than a real document has (Word writes a few dozen, plus one per picture). */
const ENTRIES_MAX = 10_000;

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;

export const unreadableDocx = (cause?: unknown) =>
  new AppError("BAD_REQUEST", "This DOCX could not be read.", cause === undefined ? undefined : { cause });

class OverBudget extends Error {}

interface Entry {
  method: number;
  compressed: number;
  declared: number;
  localOffset: number;
}

/** Refuses (413) a DOCX whose entries inflate to more than `maxBytes`, and a damaged zip (400). */
export function checkDocxExpansion(bytes: Uint8Array, maxBytes = DOCX_INFLATED_MAX_BYTES) {
  const entries = directoryOf(bytes);
  let left = maxBytes;
  try {
    if (entries.reduce((sum, e) => sum + e.declared, 0) > maxBytes) throw new OverBudget();
    for (const entry of entries) {
      const data = dataOf(bytes, entry);
      if (entry.method === 0) left -= data.length;
      else if (entry.method === 8) {
        try {
          // Inflating stops one byte past what is left, so a bomb costs the budget and no more.
          left -= inflateRawSync(data, { maxOutputLength: Math.max(left, 0) + 1 }).length;
        } catch (cause) {
          if ((cause as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new OverBudget();
          throw unreadableDocx(cause);
        }
      } else throw unreadableDocx();
      if (left < 0) throw new OverBudget();
    }
  } catch (err) {
    if (!(err instanceof OverBudget)) throw err;
    throw new AppError(
      "PAYLOAD_TOO_LARGE",
      `This DOCX expands to more than ${maxBytes / 1024 / 1024} MB when read, so it cannot be used.`,
    );
  }
}

/** The zip's central directory, found from the end record (the last one, as zip readers take it). */
function directoryOf(bytes: Uint8Array): Entry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end record is 22 bytes, followed by a comment of up to 65,535.
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 65_535); i--) {
    if (view.getUint32(i, true) === END_OF_DIRECTORY) {
      end = i;
      break;
    }
  }
  if (end < 0) throw unreadableDocx();
  const count = view.getUint16(end + 10, true);
  const offset = view.getUint32(end + 16, true);
  // 0xFFFF and 0xFFFFFFFF mark a zip64 file, which no document of 10 MB needs.
  if (count === 0xffff || offset === 0xffffffff || count > ENTRIES_MAX) throw unreadableDocx();
  const entries: Entry[] = [];
  let at = offset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== DIRECTORY_ENTRY) throw unreadableDocx();
    const entry = {
      method: view.getUint16(at + 10, true),
      compressed: view.getUint32(at + 20, true),
      declared: view.getUint32(at + 24, true),
      localOffset: view.getUint32(at + 42, true),
    };
    // Bit 0: encrypted, which cannot be read.
    if (view.getUint16(at + 8, true) & 1) throw unreadableDocx();
    entries.push(entry);
    at += 46 + view.getUint16(at + 28, true) + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return entries;
}

/** An entry's stored bytes, after its local header. */
function dataOf(bytes: Uint8Array, entry: Entry): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = entry.localOffset;
  if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL_ENTRY) throw unreadableDocx();
  const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
  if (start + entry.compressed > bytes.length) throw unreadableDocx();
  return bytes.subarray(start, start + entry.compressed);
}
