// Full-text retrieval over the knowledge a person may see: shared passages plus their own.
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { rowsOf, type Database } from "../db/client";
import { knowledgePassages } from "../db/schema";
import type { Passage } from "../providers/llm/types";
import { helpInTheirLanguage } from "./help-articles";

/** Words of a question as an OR query: natural questions rarely contain every term of a passage. */
export function toOrQuery(text: string): string | null {
  const terms = queryWords(text);
  return terms.length ? terms.join(" | ") : null;
}

const queryWords = (text: string) =>
  [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 32);

/**
 * The most passages one query ranks. Ranking reads each passage's whole tsvector (ts_rank_cd), so a
 * query sharing one common word with a large part of the knowledge would otherwise rank all of it.
 */
export const RANKED_MAX = 100;
/** Above this many terms, "at least two of them" is no longer asked (the pairs grow as n²). */
const PAIRED_TERMS_MAX = 12;

const lexeme = (l: string) => `'${l.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;

export interface RankedMatch {
  /** Every term of the query, any of which matches (what rank and snippets are computed against). */
  tsquery: SQL;
  /** The order the passages rank in: passages with every term first, then with two, then with one. */
  orderBy: (SQL | typeof knowledgePassages.title)[];
  /** The passages to rank, at most RANKED_MAX. */
  where: SQL;
}

/**
 * Which passages a query ranks. The GIN index answers "has every term", then "has at least two",
 * then "has any" without reading a passage; the strictest of these that fills `want` is taken, and
 * at most RANKED_MAX passages of it (the first the index yields, when a common word matches more).
 * `visible` scopes every step to what the caller may see. Null when the text has no searchable words.
 */
export async function rankedMatch(
  db: Database,
  text: string,
  visible: SQL,
  want: number,
): Promise<RankedMatch | null> {
  const words = queryWords(text);
  if (!words.length) return null;
  // The words as the index stores them: stemmed, stop words dropped.
  const rows = await rowsOf<{ lexemes: string[] }>(
    db,
    sql`select tsvector_to_array(to_tsvector('english', ${words.join(" ")})) as lexemes`,
  );
  const lexemes = (rows[0]?.lexemes ?? []).map(lexeme);
  if (!lexemes.length) return null;
  const any = lexemes.join(" | ");
  const tiers = [lexemes.join(" & ")];
  if (lexemes.length > 2 && lexemes.length <= PAIRED_TERMS_MAX)
    tiers.push(lexemes.flatMap((a, i) => lexemes.slice(i + 1).map((b) => `(${a} & ${b})`)).join(" | "));
  if (lexemes.length > 1) tiers.push(any);
  const found: string[][] = [];
  let count = 0;
  for (const tier of tiers) {
    const seen = found.flat();
    const rows = await db
      .select({ id: knowledgePassages.id })
      .from(knowledgePassages)
      .where(
        and(
          sql`${knowledgePassages.search} @@ ${tier}::tsquery`,
          visible,
          seen.length ? sql`not (${knowledgePassages.id} = any(${sql.param(seen)}::uuid[]))` : undefined,
        ),
      )
      .limit(RANKED_MAX - count);
    found.push(rows.map((r) => r.id));
    count += rows.length;
    if (count >= want || count >= RANKED_MAX) break;
  }
  const tsquery = sql`${any}::tsquery`;
  const ids = found.flat();
  const among = (list: string[]) => sql`${knowledgePassages.id} = any(${sql.param(list)}::uuid[])`;
  // Passages found by a stricter step come first.
  const stricter = found.slice(0, -1).flatMap((f, i) => (f.length ? [sql`when ${among(f)} then ${i}`] : []));
  return {
    tsquery,
    orderBy: [
      ...(stricter.length ? [sql`case ${sql.join(stricter, sql` `)} else ${found.length} end`] : []),
      desc(sql`ts_rank_cd(${knowledgePassages.search}, ${tsquery}, 1)`),
      knowledgePassages.title,
    ],
    where: ids.length ? among(ids) : sql`false`,
  };
}

/** `documentIds`: someone else's documents the caller may read through an assistant they use. */
export async function searchKnowledge(
  db: Database,
  userId: string,
  query: string,
  limit: number,
  documentIds: string[] = [],
): Promise<Passage[]> {
  const want = Math.min(Math.max(limit, 1), 20);
  const visible = and(
    or(
      isNull(knowledgePassages.userId),
      eq(knowledgePassages.userId, userId),
      documentIds.length ? inArray(knowledgePassages.documentId, documentIds) : undefined,
    ),
    helpInTheirLanguage(userId),
  )!;
  const match = await rankedMatch(db, query, visible, want);
  if (!match) return [];
  const rows = await db
    .select({
      id: knowledgePassages.id,
      kind: knowledgePassages.kind,
      title: knowledgePassages.title,
      url: knowledgePassages.url,
      content: knowledgePassages.content,
      documentId: knowledgePassages.documentId,
      rank: sql<number>`ts_rank_cd(${knowledgePassages.search}, ${match.tsquery}, 1)`,
    })
    .from(knowledgePassages)
    .where(match.where)
    .orderBy(...match.orderBy)
    .limit(want);
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
