// JigsawStack web search: GET {base}/v1/web/search with x-api-key; its own AI overview is not asked
// for (Tessera writes the overview from the sources with the search model).
import { z } from "zod";
import { httpUrl, requestJson } from "./request-json";
import type { SearchProvider, SearchResults, WebImage } from "./types";

export const JIGSAWSTACK_BASE_URL = "https://api.jigsawstack.com";

const answerSchema = z.object({
  results: z
    .array(
      z
        .object({
          title: z.string().default(""),
          url: z.string(),
          description: z.string().nullish(),
          content: z.string().nullish(),
          favicon: z.string().nullish(),
          thumbnail: z.string().nullish(),
        })
        .loose(),
    )
    .default([]),
  image_urls: z.array(z.string()).nullish(),
});

export function createJigsawStack(config: {
  apiKey: string;
  baseURL?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}): SearchProvider {
  const base = (config.baseURL ?? JIGSAWSTACK_BASE_URL).replace(/\/+$/, "");
  return {
    id: "jigsawstack",
    async search(req): Promise<SearchResults> {
      const url = `${base}/v1/web/search?${new URLSearchParams({
        query: req.query,
        ai_overview: "false",
        safe_search: req.safeSearch,
      }).toString()}`;
      const answer = await requestJson(
        "jigsawstack",
        url,
        {
          headers: { "x-api-key": config.apiKey },
          timeoutMs: config.timeoutMs,
          signal: req.signal,
          fetch: config.fetch,
        },
        answerSchema,
      );
      const results = answer.results.flatMap((r) => {
        const link = httpUrl(r.url);
        if (!link) return [];
        return [
          {
            title: r.title || link,
            url: link,
            snippet: r.description ?? "",
            content: r.content ?? undefined,
            favicon: httpUrl(r.favicon),
            thumbnail: httpUrl(r.thumbnail),
          },
        ];
      });
      const images: WebImage[] = (answer.image_urls ?? []).flatMap((u) => {
        const link = httpUrl(u);
        return link ? [{ url: link, alt: "" }] : [];
      });
      return { provider: "jigsawstack", results: results.slice(0, req.limit), images };
    },
  };
}
