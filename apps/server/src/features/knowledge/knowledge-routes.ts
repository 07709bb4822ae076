import { knowledgeSearchRequestSchema, type KnowledgeSearchResponse } from "@tessera/contracts";
import { Hono } from "hono";
import { readableCollectionIds } from "../../knowledge/collections";
import { searchKnowledgeReport, type KnowledgeDeps } from "../../knowledge/hybrid-search";
import type { AppEnv } from "../../lib/context";
import { enforceLimit, type RateLimiter } from "../../lib/rate-limiter";
import { readJson } from "../../lib/validate";

export interface KnowledgeRouteDeps {
  knowledge: KnowledgeDeps;
  limiter: RateLimiter;
  /** Searches a person may run a minute. */
  searchesPerMinute?: number;
}

const DEFAULT_LIMIT = 10;

export function knowledgeRoutes(deps: KnowledgeRouteDeps) {
  return new Hono<AppEnv>().post("/search", async (c) => {
    const userId = c.get("session").user.id;
    await enforceLimit(
      deps.limiter,
      `knowledge-search:${userId}`,
      { windowMs: 60_000, max: deps.searchesPerMinute ?? 60 },
      (wait) => `Too many searches. Try again in ${wait} s.`,
    );
    const input = await readJson(c, knowledgeSearchRequestSchema);
    // Chosen knowledge bases (each the caller's or their team's, else 404): only their documents,
    // whoever in the team added them.
    const collectionIds = input.collectionIds
      ? await readableCollectionIds(deps.knowledge.db, userId, input.collectionIds)
      : undefined;
    const { hits, fallback } = await searchKnowledgeReport(deps.knowledge, {
      userId,
      query: input.query,
      limit: input.limit ?? DEFAULT_LIMIT,
      ...(collectionIds ? { collectionIds } : {}),
      mode: input.mode,
    });
    // The similarity behind a hit is the offline model's business (Tessera Local reads it), not the API's.
    const body: KnowledgeSearchResponse = {
      results: hits.map(({ similarity: _, ...hit }) => hit),
      ...(fallback ? { fallback } : {}),
    };
    return c.json(body);
  });
}
