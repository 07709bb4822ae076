// A web page's title, main text, og:image and favicon, read in a parse worker (parse-worker.ts):
// linkedom builds the page and Readability finds its article, which for a large or deeply nested
// page takes seconds, too long for the server's own thread.
import type { Readability } from "@mozilla/readability";
import type { ReadContent } from "./parse-content";

const BLOCKS = "h1,h2,h3,h4,h5,h6,p,li,pre,blockquote,td,th,dt,dd,figcaption";

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

/** The HTML reader and Readability load with the first page a worker reads, not with the worker. */
let readers: Promise<{
  parseHTML: ParseHtml;
  Readability: typeof Readability;
}> | null = null;
export const loadHtmlReaders = () =>
  (readers ??= Promise.all([import("linkedom"), import("@mozilla/readability")]).then(
    ([linkedom, readability]) => ({
      parseHTML: linkedom.parseHTML as unknown as ParseHtml,
      Readability: readability.Readability,
    }),
  ));

/** A web page's title, main text (paragraphs kept apart), og:image and favicon. */
export async function readHtml(html: string, pageUrl: string): Promise<ReadContent> {
  const { parseHTML, Readability } = await loadHtmlReaders();
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
    // linkedom leaves <body> empty unless <html> is written around it.
    if (article?.content) text = blocksOf(parseDocument(`<html><body>${article.content}</body></html>`).body);
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

/** An HTML fragment's text, paragraphs kept apart and headings as markdown heading lines. */
export async function htmlBlocks(html: string): Promise<string> {
  const { parseHTML } = await loadHtmlReaders();
  // linkedom leaves <body> empty unless <html> is written around it.
  return blocksOf(parseHTML(`<html><body>${html}</body></html>`).document.body);
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
