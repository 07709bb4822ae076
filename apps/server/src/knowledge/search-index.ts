// The local search index (DESIGN.md's embedded search default): Postgres full-text search, title
// weighted over body, ranked, with highlighted snippets, over what the person may see: the help
// articles and catalogue, their own documents, and web pages earlier searches brought in.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgePassages } from "../db/schema";
import type { KnowledgeKind } from "../providers/llm/types";
import type { WebResult } from "../providers/search/types";
import { helpInTheirLanguage } from "./help-articles";
import { rankedMatch } from "./search-knowledge";

export interface IndexedResult extends WebResult {
  /** The best fragments, matched words wrapped in ** (markdown bold). */
  snippet: string;
  content: string;
  kind: KnowledgeKind;
}

const HEADLINE = 'StartSel=**, StopSel=**, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "';

export async function searchIndex(
  db: Database,
  query: string,
  opts: { userId: string; limit: number },
): Promise<IndexedResult[]> {
  const limit = Math.min(Math.max(opts.limit, 1), 20);
  const visible = and(
    or(isNull(knowledgePassages.userId), eq(knowledgePassages.userId, opts.userId)),
    helpInTheirLanguage(opts.userId),
  )!;
  const match = await rankedMatch(db, query, visible, limit);
  if (!match) return [];
  const rows = await db
    .select({
      id: knowledgePassages.id,
      title: knowledgePassages.title,
      url: knowledgePassages.url,
      kind: knowledgePassages.kind,
      content: knowledgePassages.content,
      favicon: knowledgePassages.favicon,
      image: knowledgePassages.image,
    })
    .from(knowledgePassages)
    .where(match.where)
    .orderBy(...match.orderBy)
    // A document is split into passages: ask for more, keep the best passage of each address.
    .limit(limit * 3);
  const seen = new Set<string>();
  const kept = rows.filter((r) => !seen.has(r.url) && seen.add(r.url)).slice(0, limit);
  if (kept.length === 0) return [];
  // Snippets only for what is shown: ts_headline re-parses the whole passage.
  const snippets = new Map(
    (
      await db
        .select({
          id: knowledgePassages.id,
          snippet: sql<string>`ts_headline('english', ${knowledgePassages.content}, ${match.tsquery}, ${HEADLINE})`,
        })
        .from(knowledgePassages)
        .where(
          inArray(
            knowledgePassages.id,
            kept.map((r) => r.id),
          ),
        )
    ).map((r) => [r.id, r.snippet]),
  );
  return kept.map((r) => ({
    title: r.title,
    url: r.url,
    snippet: snippets.get(r.id) ?? "",
    content: r.content,
    kind: r.kind,
    favicon: r.favicon ?? undefined,
    thumbnail: r.image ?? undefined,
  }));
}

export interface WebPage {
  url: string;
  title: string;
  content: string;
  favicon?: string;
  image?: string;
}

const PAGE_TEXT_MAX = 20_000;

/** Keeps what a web provider found (read in full where deep crawl could) for offline search. */
export const indexWebResults = (db: Database, userId: string, results: WebResult[]) =>
  indexWebPages(
    db,
    userId,
    results.map((r) => ({
      url: r.url,
      title: r.title,
      content: r.content ?? r.snippet,
      favicon: r.favicon,
      image: r.thumbnail,
    })),
  );

/** Keeps pages a search brought in, so later searches find them offline; a page seen again is refreshed. */
export async function indexWebPages(db: Database, userId: string, pages: WebPage[]): Promise<void> {
  const rows = pages
    .filter((p) => p.content.trim().length > 0)
    .map((p) => ({
      kind: "web" as const,
      userId,
      title: p.title.slice(0, 300),
      url: p.url,
      content: p.content.slice(0, PAGE_TEXT_MAX),
      favicon: p.favicon ?? null,
      image: p.image ?? null,
    }));
  if (rows.length === 0) return;
  const unique = [...new Map(rows.map((r) => [r.url, r])).values()];
  await db
    .insert(knowledgePassages)
    .values(unique)
    .onConflictDoUpdate({
      target: [knowledgePassages.userId, knowledgePassages.url],
      targetWhere: sql`kind = 'web'`,
      set: {
        title: sql`excluded.title`,
        // A deep-crawled page's full text is not replaced by a later, shorter snippet.
        content: sql`case when length(excluded.content) > length(${knowledgePassages.content}) then excluded.content else ${knowledgePassages.content} end`,
        favicon: sql`coalesce(excluded.favicon, ${knowledgePassages.favicon})`,
        image: sql`coalesce(excluded.image, ${knowledgePassages.image})`,
      },
    });
}
