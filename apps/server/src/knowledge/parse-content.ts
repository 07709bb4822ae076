// What a parse worker does with one input: a PDF, a Word document, text or a web page made readable
// text. It runs
// inside the worker (parse-worker.ts); the server's thread only hands inputs over (parser-pool.ts).
import { AppError } from "../lib/errors";
import { decodeText } from "../lib/sniff";
import { readDocx } from "./read-docx";
import { loadHtmlReaders, readHtml } from "./read-html";
import { readPdf } from "./read-pdf";
import { tidyText } from "./tidy-text";

export interface ReadContent {
  kind: "pdf" | "docx" | "text" | "html";
  title: string | null;
  text: string;
  /** The page's og:image (absolute), when it names one. */
  image?: string;
  /** The page's icon (absolute): its <link rel="icon">, else /favicon.ico of its origin. */
  favicon?: string;
}

export type ParseInput =
  /** `maxChars`: the pages after the first that many characters are not read. */
  | { kind: "pdf"; bytes: Uint8Array; maxChars?: number }
  /** `notText`: the message (415) when the bytes are not UTF-8 text. */
  | { kind: "docx"; bytes: Uint8Array }
  | { kind: "text"; bytes: Uint8Array; notText: string }
  /** An uploaded page has no address (`url` empty) and must be UTF-8 text (`notText` when not). */
  | { kind: "html"; bytes: Uint8Array; url: string; notText?: string };

/**
 * Loads the libraries that read `kind` (pdf.js, mammoth, the HTML reader), which a worker does once
 * for the first file of each kind; the file's own time limit starts after this (parser-pool.ts).
 */
export async function loadReader(kind: ParseInput["kind"]): Promise<void> {
  // unpdf loads pdf.js itself on first use; this is that use.
  if (kind === "pdf") await (await import("unpdf")).getResolvedPDFJS();
  else if (kind === "docx") await import("mammoth");
  else if (kind === "html") await loadHtmlReaders();
}

export async function parseContent(input: ParseInput): Promise<ReadContent> {
  if (input.kind === "pdf")
    return { kind: "pdf", title: null, text: await readPdf(input.bytes, { maxChars: input.maxChars }) };
  if (input.kind === "docx") return { kind: "docx", title: null, text: await readDocx(input.bytes) };
  if (input.kind === "html") {
    if (input.notText === undefined) return readHtml(new TextDecoder("utf-8").decode(input.bytes), input.url);
    const page = decodeText(input.bytes);
    if (page === null) throw new AppError("UNSUPPORTED_MEDIA_TYPE", input.notText);
    // A file of bare markup (no <html>) is still a page; the HTML reader needs the frame around it.
    return readHtml(/<html[\s>]/i.test(page) ? page : `<html><body>${page}</body></html>`, input.url);
  }
  const decoded = decodeText(input.bytes);
  if (decoded === null) throw new AppError("UNSUPPORTED_MEDIA_TYPE", input.notText);
  return { kind: "text", title: null, text: tidyText(decoded) };
}
