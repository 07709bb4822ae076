// Readable text out of what a person uploads or an address answers: plain text as is, PDFs through
// pdf.js, Word documents through mammoth, and web pages (and uploaded HTML) through Readability
// (title, main text, og:image and favicon). Chat
// attachments, documents and deep crawl all read content here; the reading itself happens in a
// worker (parser-pool.ts), one file at a time per person, within a time and a memory limit.
import { AppError } from "../lib/errors";
import { guardedFetch, type GuardedFetchOptions } from "../lib/guarded-fetch";
import { isDocx, isHtml, isPdf } from "../lib/sniff";
import type { ParseInput, ReadContent } from "./parse-content";
import { parsers } from "./parser-pool";

export type { ReadContent } from "./parse-content";

export interface ReadOptions {
  /** Who the file is read for: each person has one file read at a time. */
  owner: string;
  /** Only this many characters are needed: a PDF's pages after them are not read. */
  maxChars?: number;
  /** The uploaded file's name: a .html file is read as a page even when it does not open as one. */
  name?: string;
}

const TEXT_TYPES = /^(text\/(plain|markdown|x-markdown|csv)|application\/(json|x-ndjson))$/;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;
const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

export const unsupportedType = (type: string) =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `That address holds ${type || "an unknown type"}, not a web page, text, PDF or DOCX.`,
  );

/** What an upload may be, named when it is something else. */
export const NOT_READABLE = "Only PDF, DOCX, HTML, Markdown, CSV, JSON and plain text files can be read.";

const HTML_NAME = /\.x?html?$/i;

/**
 * Text of an uploaded file, decided by its content: a PDF, a DOCX, an HTML page (or a file named
 * .html), else text that decodes as UTF-8.
 */
export function readFileContent(
  bytes: Uint8Array,
  { owner, maxChars, name }: ReadOptions,
): Promise<ReadContent> {
  let input: ParseInput;
  if (isPdf(bytes)) input = { kind: "pdf", bytes, maxChars };
  else if (isDocx(bytes)) input = { kind: "docx", bytes };
  else if (isHtml(bytes) || HTML_NAME.test(name ?? ""))
    input = { kind: "html", bytes, url: "", notText: NOT_READABLE };
  else input = { kind: "text", bytes, notText: NOT_READABLE };
  return parsers().parse(owner, input);
}

/** Fetches an address through the guarded client and reads it by its declared type (a DOCX also by content). */
export async function readAddress(
  url: string,
  fetchOpts: GuardedFetchOptions,
  { owner }: ReadOptions,
): Promise<ReadContent & { url: string }> {
  const res = await guardedFetch(url, fetchOpts);
  if (res.status >= 400) throw new AppError("BAD_REQUEST", `The address answered with status ${res.status}.`);
  const type = (res.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  let input: ParseInput;
  if (HTML_TYPES.test(type)) input = { kind: "html", bytes: res.bytes, url: res.url };
  else if (type === "application/pdf" && isPdf(res.bytes)) input = { kind: "pdf", bytes: res.bytes };
  // Servers often send a Word document as a plain download (octet-stream, zip): its content says.
  else if (type === DOCX_TYPE || isDocx(res.bytes)) input = { kind: "docx", bytes: res.bytes };
  else if (TEXT_TYPES.test(type))
    input = { kind: "text", bytes: res.bytes, notText: unsupportedType(type).message };
  else throw unsupportedType(type);
  return { ...(await parsers().parse(owner, input)), url: res.url };
}
