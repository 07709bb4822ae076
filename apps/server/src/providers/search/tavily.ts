// Tavily: POST {base}/search with a bearer key; results carry page content, images come along.
import { z } from "zod";
import { httpUrl, requestJson } from "./request-json";
import type { SearchProvider, SearchResults, WebImage } from "./types";

export const TAVILY_BASE_URL = "https://api.tavily.com";

const answerSchema = z.object({
  results: z
    .array(
      z
        .object({
          title: z.string().default(""),
          url: z.string(),
          content: z.string().nullish(),
          raw_content: z.string().nullish(),
          favicon: z.string().nullish(),
        })
        .loose(),
    )
    .default([]),
  images: z
    .array(z.union([z.string(), z.object({ url: z.string(), description: z.string().nullish() }).loose()]))
    .default([]),
});

export function createTavily(config: {
  apiKey: string;
  baseURL?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SearchProvider {
  const base = (config.baseURL ?? TAVILY_BASE_URL).replace(/\/+$/, "");
  return {
    id: "tavily",
    async search(req): Promise<SearchResults> {
      const answer = await requestJson(
        "tavily",
        `${base}/search`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${config.apiKey}` },
          body: {
            query: req.query,
            max_results: Math.min(req.limit, 20),
            search_depth: "basic",
            include_images: true,
            include_image_descriptions: true,
            include_favicon: true,
            // Tavily filters adult content on request; it has no "moderate" level of its own.
            safe_search: req.safeSearch !== "off",
          },
          timeoutMs: config.timeoutMs,
          signal: req.signal,
          fetch: config.fetch,
        },
        answerSchema,
      );
      const results = answer.results.flatMap((r) => {
        const url = httpUrl(r.url);
        if (!url) return [];
        const snippet = r.content ?? "";
        return [
          {
            title: r.title || url,
            url,
            snippet,
            content: r.raw_content ?? snippet,
            favicon: httpUrl(r.favicon),
          },
        ];
      });
      const images: WebImage[] = answer.images.flatMap((i) => {
        const url = httpUrl(typeof i === "string" ? i : i.url);
        return url ? [{ url, alt: typeof i === "string" ? "" : (i.description ?? "") }] : [];
      });
      return { provider: "tavily", results, images };
    },
  };
}
