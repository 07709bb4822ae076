// Readable text out of what a person uploads or an address answers: plain text as is, PDFs through
// unpdf, and web pages through Readability (title, main text, og:image and favicon). Chat
// attachments, documents and deep crawl all read content here.
import type { Readability } from "@mozilla/readability";
import { AppError } from "../lib/errors";
import { guardedFetch, type GuardedFetchOptions } from "../lib/guarded-fetch";
import { checkPdfExpansion } from "../lib/pdf-expansion";
import { decodeText, isPdf } from "../lib/sniff";

export interface ReadContent {
  kind: "pdf" | "text" | "html";
  title: string | null;
  text: string;
  /** The page's og:image (absolute), when it names one. */
  image?: string;
  /** The page's icon (absolute): its <link rel="icon">, else /favicon.ico of its origin. */
  favicon?: string;
}

const TEXT_TYPES = /^(text\/(plain|markdown|x-markdown|csv)|application\/(json|x-ndjson))$/;
const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)$/;
const BLOCKS = "h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption";

export const unsupportedType = (type: string) =>
  new AppError(
    "UNSUPPORTED_MEDIA_TYPE",
    `That address holds ${type || "an unknown type"}, not a web page, text or PDF.`,
  );

/** Text of an uploaded file, decided by its content: a PDF, or text that decodes as UTF-8. */
export async function readFileContent(bytes: Uint8Array): Promise<ReadContent> {
  if (isPdf(bytes)) return { kind: "pdf", title: null, text: await readPdf(bytes) };
  const decoded = decodeText(bytes);
  if (decoded === null)
    throw new AppError(
      "UNSUPPORTED_MEDIA_TYPE",
      "Only text files (.txt, .md, .csv, .json) and PDFs can be read.",
    );
  return { kind: "text", title: null, text: tidy(decoded) };
}

/** Fetches an address through the guarded client and reads it by its declared type. */
export async function readAddress(
  url: string,
  fetchOpts: GuardedFetchOptions,
): Promise<ReadContent & { url: string }> {
  const res = await guardedFetch(url, fetchOpts);
  if (res.status >= 400) throw new AppError("BAD_REQUEST", `The address answered with status ${res.status}.`);
  const type = (res.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  let content: ReadContent;
  if (HTML_TYPES.test(type)) content = await readHtml(decodeLoose(res.bytes), res.url);
  else if (type === "application/pdf" && isPdf(res.bytes))
    content = { kind: "pdf", title: null, text: await readPdf(res.bytes) };
  else if (TEXT_TYPES.test(type)) {
    const decoded = decodeText(res.bytes);
    if (decoded === null) throw unsupportedType(type);
    content = { kind: "text", title: null, text: tidy(decoded) };
  } else throw unsupportedType(type);
  return { ...content, url: res.url };
}

async function readPdf(bytes: Uint8Array): Promise<string> {
  await checkPdfExpansion(bytes);
  try {
    const { extractText, getDocumentProxy } = await import("unpdf");
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    return tidy((await extractText(pdf, { mergePages: true })).text);
  } catch (cause) {
    throw new AppError("BAD_REQUEST", "This PDF could not be read.", { cause });
  }
}

interface PageElement {
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): Iterable<PageElement>;
  remove(): void;
}
interface PageDocument extends PageElement {
  body: PageElement | null;
  documentElement: PageElement;
}

// linkedom's own types lean on the DOM library, which the server does not load: this is the part
// of its document that is read here.
type ParseHtml = (markup: string) => { document: PageDocument };

/** The HTML reader and Readability load with the first page read, not with the server. */
let readers: Promise<{
  parseHTML: ParseHtml;
  Readability: typeof Readability;
}> | null = null;
const loadReaders = () =>
  (readers ??= Promise.all([import("linkedom"), import("@mozilla/readability")]).then(
    ([linkedom, readability]) => ({
      parseHTML: linkedom.parseHTML as unknown as ParseHtml,
      Readability: readability.Readability,
    }),
  ));

/** A web page's title, main text (paragraphs kept apart), og:image and favicon. */
export async function readHtml(html: string, pageUrl: string): Promise<ReadContent> {
  const { parseHTML, Readability } = await loadReaders();
  const parseDocument = (markup: string) => parseHTML(markup).document;
  const document = parseDocument(html);
  const meta = (selector: string) => document.querySelector(selector)?.getAttribute("content")?.trim();
  const absolute = (href: string | null | undefined) => {
    if (!href) return undefined;
    try {
      const url = new URL(href, pageUrl);
      return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
    } catch {
      return undefined;
    }
  };
  const title =
    meta('meta[property="og:title"]') ||
    document.querySelector("title")?.textContent?.trim() ||
    document.querySelector("h1")?.textContent?.trim() ||
    null;
  const image = absolute(meta('meta[property="og:image"]') ?? meta('meta[name="twitter:image"]'));
  const icon = document.querySelector('link[rel~="icon"]')?.getAttribute("href");
  const favicon = absolute(icon) ?? absolute("/favicon.ico");

  // Readability edits the tree it reads, so the fallback reads a fresh copy.
  let text = "";
  try {
    const article = new Readability(document, {
      charThreshold: 200,
    }).parse();
    if (article?.content) text = blocksOf(parseDocument(`<body>${article.content}</body>`).body);
  } catch {
    // A page Readability cannot handle falls back to its whole body below.
  }
  if (text.length < 200) {
    const whole = parseDocument(html);
    for (const el of whole.querySelectorAll("script,style,noscript,nav,header,footer,aside,form,svg"))
      el.remove();
    const fallback = blocksOf(whole.body ?? whole.documentElement);
    if (fallback.length > text.length) text = fallback;
  }
  return {
    kind: "html",
    title: title ? collapse(title).slice(0, 300) : null,
    text,
    ...(image ? { image } : {}),
    ...(favicon ? { favicon } : {}),
  };
}

function blocksOf(root: PageElement | null | undefined): string {
  if (!root) return "";
  const parts: string[] = [];
  for (const el of root.querySelectorAll(BLOCKS)) {
    // A block holding other blocks (li > p) is read through its children.
    if (el.querySelector(BLOCKS)) continue;
    const line = collapse(el.textContent ?? "");
    if (!line) continue;
    const level = /^H([1-6])$/.exec(el.tagName.toUpperCase())?.[1];
    parts.push(level ? `${"#".repeat(Number(level))} ${line}` : line);
  }
  if (parts.length === 0) return collapse(root.textContent ?? "");
  return parts.join("\n\n");
}

const collapse = (s: string) => s.replace(/\s+/g, " ").trim();
const tidy = (s: string) =>
  s
    .replace(/\r\n?/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

function decodeLoose(bytes: Uint8Array): string {
  return new TextDecoder("utf-8").decode(bytes);
}
