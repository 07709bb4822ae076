// A PDF's text, read in a parse worker (parse-worker.ts): its syntax and its streams' decoded size
// are checked first, then pdf.js reads it one page at a time, each page released before the next,
// so memory follows the largest page rather than the whole document.
import { AppError } from "../lib/errors";
import { checkPdfExpansion } from "../lib/pdf-expansion";
import { checkPdfStructure, pdfTooComplex } from "../lib/pdf-structure";
import { trimKeepingPages } from "./tidy-text";

/**
 * pdf.js reads 2,000 pages of text in about 2 s here, and its time grows faster than the page count
 * (20,000 pages took 210 s): far beyond this, a document is a book to split, not a file to attach.
 */
export const PDF_MAX_PAGES = 2_000;

const unreadable = (cause: unknown) => new AppError("BAD_REQUEST", "This PDF could not be read.", { cause });

/** The text of every page; with `maxChars`, pages stop being read once the text is longer than that. */
export async function readPdf(bytes: Uint8Array, { maxChars }: { maxChars?: number } = {}) {
  checkPdfStructure(bytes);
  await checkPdfExpansion(bytes);
  const { getDocumentProxy } = await import("unpdf");
  // pdf.js refuses a Buffer (what the worker receives) and may take over the array it is given.
  const pdf = await getDocumentProxy(new Uint8Array(bytes)).catch((cause: unknown) => {
    throw unreadable(cause);
  });
  try {
    if (pdf.numPages > PDF_MAX_PAGES)
      throw pdfTooComplex(
        `it has ${pdf.numPages.toLocaleString("en-US")} pages, and at most ${PDF_MAX_PAGES.toLocaleString("en-US")} are read`,
      );
    const pages: string[] = [];
    let length = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const { items } = await page.getTextContent();
      const text = items.map((item) => ("str" in item ? item.str + (item.hasEOL ? "\n" : "") : "")).join("");
      page.cleanup();
      pages.push(text);
      length += text.length + 1;
      if (maxChars !== undefined && length > maxChars && mergePages(pages).length > maxChars) break;
    }
    return mergePages(pages);
  } catch (cause) {
    if (cause instanceof AppError) throw cause;
    throw unreadable(cause);
  } finally {
    await pdf.destroy();
  }
}

/**
 * The pages as one text, spaced as unpdf's extractText({ mergePages: true }) spaces them, each page
 * after the first opening with a form feed: chunking for search reads page numbers from them, so a
 * page without text keeps its form feed, at the start too. A PDF with no text at all is "".
 */
function mergePages(pages: string[]) {
  const text = trimKeepingPages(
    pages
      .join("\n\f")
      .replace(/\r\n?/g, "\n")
      .replace(/[^\S\n\f]+/g, " ")
      .replace(/ ?\n ?/g, "\n")
      .replace(/\n{3,}/g, "\n\n"),
  );
  return /[^\s]/.test(text) ? text : "";
}
