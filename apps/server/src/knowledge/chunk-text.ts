// Splits a document into the chunks that are embedded and searched: by page (a form feed, as PDFs
// are read), then by heading, then by paragraph and sentence, into pieces of about 300–500 tokens.
// A chunk cut for size starts with the last sentences of the one before, so a passage that straddles
// the cut is still found whole in one of them.

export interface Chunk {
  ordinal: number;
  text: string;
  /** The nearest markdown heading above the chunk, if any. */
  heading: string | null;
  /** 1-based page, for text read from a PDF (pages separated by form feeds); else null. */
  page: number | null;
}

export interface ChunkOptions {
  /** A chunk grows up to this many tokens (estimated, see estimateTokens). */
  maxTokens?: number;
  /** How much of the previous chunk a chunk cut for size repeats. */
  overlapTokens?: number;
}

/** About four characters a token in English: good enough to size chunks without a tokenizer. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

const HEADING = /^(#{1,6})\s+(.+?)\s*#*\s*$/;

/** Paragraphs (blank-line separated, whitespace folded); a markdown heading line is one of its own. */
function paragraphsOf(text: string): string[] {
  const paragraphs: string[] = [];
  let lines: string[] = [];
  const end = () => {
    const p = lines.join(" ").replace(/\s+/g, " ").trim();
    if (p) paragraphs.push(p);
    lines = [];
  };
  for (const line of text.split("\n")) {
    if (!line.trim()) end();
    else if (HEADING.test(line.trim())) {
      end();
      lines.push(line.trim());
      end();
    } else lines.push(line);
  }
  end();
  return paragraphs;
}

/** A paragraph too long for one chunk, as sentences (and, failing that, slices). */
function piecesOf(paragraph: string, maxChars: number): string[] {
  if (paragraph.length <= maxChars) return [paragraph];
  const sentences = paragraph.match(/[^.!?]+(?:[.!?]+|$)\s*/g) ?? [paragraph];
  return sentences.flatMap((s) => {
    const t = s.trim();
    if (t.length <= maxChars) return t ? [t] : [];
    const slices: string[] = [];
    for (let at = 0; at < t.length; at += maxChars) slices.push(t.slice(at, at + maxChars));
    return slices;
  });
}

/** The tail of a chunk, whole sentences from its end, at most `maxChars` long. */
function tailOf(text: string, maxChars: number): string {
  if (maxChars <= 0) return "";
  const sentences = text.match(/[^.!?\n]+(?:[.!?]+|$)\s*/g) ?? [];
  let tail = "";
  for (let i = sentences.length - 1; i >= 0; i--) {
    const next = sentences[i]!.trim() + (tail ? " " + tail : "");
    if (next.length > maxChars) break;
    tail = next;
  }
  return tail;
}

export function chunkText(text: string, options: ChunkOptions = {}): Chunk[] {
  const maxChars = (options.maxTokens ?? 500) * 4;
  const overlapChars = (options.overlapTokens ?? 60) * 4;
  const pages = text.replace(/\r\n?/g, "\n").split("\f");
  const paged = pages.length > 1;
  const chunks: Chunk[] = [];
  let heading: string | null = null;
  let current: string[] = [];
  let size = 0;
  let page: number | null = null;

  const flush = (carry: boolean) => {
    const body = current.join("\n\n").trim();
    current = [];
    size = 0;
    if (!body) return;
    chunks.push({ ordinal: chunks.length, text: body, heading, page });
    if (carry) {
      const tail = tailOf(body, overlapChars);
      if (tail && tail.length < body.length) {
        current = [tail];
        size = tail.length;
      }
    }
  };
  const add = (piece: string) => {
    if (size > 0 && size + piece.length + 2 > maxChars) flush(true);
    current.push(piece);
    size += piece.length + 2;
  };

  pages.forEach((pageText, i) => {
    flush(false);
    page = paged ? i + 1 : null;
    for (const paragraph of paragraphsOf(pageText)) {
      const h = HEADING.exec(paragraph);
      if (h) {
        flush(false);
        heading = h[2]!.slice(0, 200);
        current.push(paragraph);
        size = paragraph.length + 2;
        continue;
      }
      for (const piece of piecesOf(paragraph, maxChars)) add(piece);
    }
  });
  flush(false);
  return chunks;
}

/** A unit of a chunk grows up to this many characters (whole sentences), unless one sentence is longer. */
export const UNIT_MAX_CHARS = 400;

/**
 * What is embedded of a chunk: its paragraphs, a long one as windows of whole sentences. A vector of
 * a whole chunk averages its meaning away (and the offline model reads only its first ~1,200
 * characters); a chunk scores as its best unit instead. A heading line stays with the unit after it.
 */
export function embeddingUnits(text: string, maxChars = UNIT_MAX_CHARS): string[] {
  const units: string[] = [];
  let heading = "";
  for (const paragraph of paragraphsOf(text)) {
    if (HEADING.test(paragraph)) {
      heading = heading ? `${heading}\n${paragraph}` : paragraph;
      continue;
    }
    const sentences = paragraph.match(/[^.!?]+(?:[.!?]+|$)\s*/g) ?? [paragraph];
    let current = heading ? `${heading}\n` : "";
    heading = "";
    // A "sentence" longer than a unit (no punctuation) is cut into slices, so none goes unread.
    const pieces = sentences.flatMap((sentence) => {
      const s = sentence.trim();
      const out: string[] = [];
      for (let at = 0; at < s.length; at += maxChars) out.push(s.slice(at, at + maxChars));
      return out;
    });
    for (const s of pieces) {
      if (current && current.length + 1 + s.length > maxChars) {
        units.push(current.trim());
        current = "";
      }
      current = !current ? s : current.endsWith("\n") ? current + s : `${current} ${s}`;
    }
    if (current.trim()) units.push(current.trim());
  }
  if (heading) units.push(heading);
  return units;
}
