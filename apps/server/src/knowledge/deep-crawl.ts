// Deep crawl: reads the top pages of a web search in full through the guarded client, in parallel
// and each within its own caps. A page that cannot be read is not an error for the search: it keeps
// its snippet and carries a note saying why it was skipped.
import { DEEP_CRAWL_PAGES } from "@tessera/contracts";
import { AppError } from "../lib/errors";
import type { GuardedFetchOptions } from "../lib/guarded-fetch";
import type { WebImage, WebResult } from "../providers/search/types";
import { readAddress, type ReadContent } from "./read-content";

export const CRAWL_PAGE_MAX_BYTES = 2 * 1024 * 1024;
export const CRAWL_PAGE_TIMEOUT_MS = 8_000;

export type Crawled = { ok: true; page: ReadContent & { url: string } } | { ok: false; note: string };

export interface CrawlOptions {
  /** Who the pages are read for (each person has one page or file read at a time). */
  owner: string;
  allowPrivate?: boolean;
  signal?: AbortSignal;
  maxBytes?: number;
  timeoutMs?: number;
}

export function skipNote(err: unknown): string {
  if (!(err instanceof AppError)) return "Skipped: the page could not be read.";
  if (err.code === "PAYLOAD_TOO_LARGE")
    return `Skipped: the page is larger than ${CRAWL_PAGE_MAX_BYTES / 1024 / 1024} MB.`;
  return `Skipped: ${err.message.charAt(0).toLowerCase()}${err.message.slice(1)}`;
}

/** Reads every address at once; the answer lists them in the order given. */
export async function deepCrawl(urls: string[], opts: CrawlOptions): Promise<Crawled[]> {
  const fetchOpts: GuardedFetchOptions = {
    timeoutMs: opts.timeoutMs ?? CRAWL_PAGE_TIMEOUT_MS,
    maxBytes: opts.maxBytes ?? CRAWL_PAGE_MAX_BYTES,
    allowPrivate: opts.allowPrivate,
    signal: opts.signal,
  };
  return Promise.all(
    urls.map(async (url): Promise<Crawled> => {
      try {
        const page = await readAddress(url, fetchOpts, { owner: opts.owner });
        if (!page.text.trim()) return { ok: false, note: "Skipped: the page has no readable text." };
        return { ok: true, page };
      } catch (err) {
        return { ok: false, note: skipNote(err) };
      }
    }),
  );
}

/**
 * Search results with the top ones read in full: their text becomes `content`, their icon and
 * og:image fill in what the provider left out. Skipped pages keep their snippet and get a note.
 */
export async function readTopResults(
  results: WebResult[],
  opts: CrawlOptions,
): Promise<{ results: WebResult[]; notes: Map<number, string>; images: WebImage[] }> {
  const out = results.map((r) => ({ ...r }));
  const notes = new Map<number, string>();
  const images: WebImage[] = [];
  const crawled = await deepCrawl(
    out.slice(0, DEEP_CRAWL_PAGES).map((r) => r.url),
    opts,
  );
  crawled.forEach((c, i) => {
    const r = out[i]!;
    if (!c.ok) return void notes.set(i, c.note);
    r.title ||= c.page.title ?? r.url;
    r.content = c.page.text;
    r.favicon ??= c.page.favicon;
    r.thumbnail ??= c.page.image;
    if (c.page.image) images.push({ url: c.page.image, alt: r.title });
  });
  return { results: out, notes, images };
}
