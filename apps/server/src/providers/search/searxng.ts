// SearXNG (self-hosted): GET {SEARXNG_URL}/search?format=json. The instance must allow the json
// format (search.formats in its settings). Safe search: 0 off, 1 moderate, 2 strict.
import { z } from "zod";
import { httpUrl, requestJson } from "./request-json";
import type { SearchProvider, SearchResults, WebImage, WebResult } from "./types";

const SAFE = { off: "0", moderate: "1", strict: "2" } as const;

const answerSchema = z.object({
  results: z
    .array(
      z
        .object({
          url: z.string(),
          title: z.string().default(""),
          content: z.string().nullish(),
          thumbnail: z.string().nullish(),
          img_src: z.string().nullish(),
          category: z.string().nullish(),
        })
        .loose(),
    )
    .default([]),
});

export function createSearxng(config: {
  url: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SearchProvider {
  const base = config.url.replace(/\/+$/, "");
  const query = (q: string, safe: string, categories: string) =>
    `${base}/search?${new URLSearchParams({ q, format: "json", safesearch: safe, categories }).toString()}`;
  return {
    id: "searxng",
    async search(req): Promise<SearchResults> {
      const opts = { timeoutMs: config.timeoutMs, signal: req.signal, fetch: config.fetch };
      const [general, pictures] = await Promise.all([
        requestJson("searxng", query(req.query, SAFE[req.safeSearch], "general"), opts, answerSchema),
        // Images are a bonus: a failure there leaves the sources intact.
        requestJson("searxng", query(req.query, SAFE[req.safeSearch], "images"), opts, answerSchema).catch(
          () => ({ results: [] }),
        ),
      ]);
      const results: WebResult[] = [];
      for (const r of general.results) {
        const url = httpUrl(r.url);
        if (!url || r.img_src) continue;
        results.push({
          title: r.title || url,
          url,
          snippet: r.content ?? "",
          thumbnail: httpUrl(r.thumbnail),
        });
      }
      const images: WebImage[] = [];
      for (const r of pictures.results) {
        const url = httpUrl(r.img_src);
        if (url) images.push({ url, alt: r.title });
      }
      return { provider: "searxng", results: results.slice(0, req.limit), images };
    },
  };
}
