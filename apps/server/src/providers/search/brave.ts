// Brave Search: GET {base}/res/v1/web/search and /images/search with X-Subscription-Token.
import { z } from "zod";
import { httpUrl, requestJson } from "./request-json";
import type { SearchProvider, SearchResults, WebImage, WebResult } from "./types";

export const BRAVE_BASE_URL = "https://api.search.brave.com";

const webSchema = z.object({
  web: z
    .object({
      results: z
        .array(
          z
            .object({
              title: z.string().default(""),
              url: z.string(),
              description: z.string().nullish(),
              thumbnail: z.object({ src: z.string().nullish() }).loose().nullish(),
              meta_url: z.object({ favicon: z.string().nullish() }).loose().nullish(),
            })
            .loose(),
        )
        .default([]),
    })
    .loose()
    .default({ results: [] }),
});

const imagesSchema = z.object({
  results: z
    .array(
      z
        .object({
          title: z.string().nullish(),
          properties: z.object({ url: z.string().nullish() }).loose().nullish(),
          thumbnail: z.object({ src: z.string().nullish() }).loose().nullish(),
        })
        .loose(),
    )
    .default([]),
});

/** Brave's descriptions carry <strong> highlights; the UI renders text. */
const plain = (html: string) => html.replace(/<[^>]*>/g, "");

export function createBrave(config: {
  apiKey: string;
  baseURL?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SearchProvider {
  const base = (config.baseURL ?? BRAVE_BASE_URL).replace(/\/+$/, "");
  const init = (signal?: AbortSignal) => ({
    headers: { "x-subscription-token": config.apiKey },
    timeoutMs: config.timeoutMs,
    signal,
    fetch: config.fetch,
  });
  return {
    id: "brave",
    async search(req): Promise<SearchResults> {
      const web = `${base}/res/v1/web/search?${new URLSearchParams({
        q: req.query,
        count: String(Math.min(req.limit, 20)),
        safesearch: req.safeSearch,
      }).toString()}`;
      // The image endpoint knows only off and strict.
      const pictures = `${base}/res/v1/images/search?${new URLSearchParams({
        q: req.query,
        count: "12",
        safesearch: req.safeSearch === "off" ? "off" : "strict",
      }).toString()}`;
      const [answer, imageAnswer] = await Promise.all([
        requestJson("brave", web, init(req.signal), webSchema),
        requestJson("brave", pictures, init(req.signal), imagesSchema).catch(() => ({ results: [] })),
      ]);
      const results: WebResult[] = answer.web.results.flatMap((r) => {
        const url = httpUrl(r.url);
        if (!url) return [];
        return [
          {
            title: plain(r.title) || url,
            url,
            snippet: plain(r.description ?? ""),
            thumbnail: httpUrl(r.thumbnail?.src),
            favicon: httpUrl(r.meta_url?.favicon),
          },
        ];
      });
      const images: WebImage[] = imageAnswer.results.flatMap((i) => {
        const url = httpUrl(i.properties?.url) ?? httpUrl(i.thumbnail?.src);
        return url ? [{ url, alt: i.title ?? "" }] : [];
      });
      return { provider: "brave", results, images };
    },
  };
}
