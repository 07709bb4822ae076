// Full-text retrieval over the knowledge a person may see: shared passages plus their own.
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { knowledgePassages } from "../db/schema";
import type { Passage } from "../providers/llm/types";

/** Words of a question as an OR query: natural questions rarely contain every term of a passage. */
export function toOrQuery(text: string): string | null {
  const terms = [...new Set(text.toLowerCase().match(/[\p{L}\p{N}]{2,}/gu) ?? [])].slice(0, 32);
  return terms.length ? terms.join(" | ") : null;
}

/** `documentIds`: someone else's documents the caller may read through an assistant they use. */
export async function searchKnowledge(
  db: Database,
  userId: string,
  query: string,
  limit: number,
  documentIds: string[] = [],
): Promise<Passage[]> {
  const q = toOrQuery(query);
  if (!q) return [];
  const tsquery = sql`to_tsquery('english', ${q})`;
  const rank = sql<number>`ts_rank_cd(${knowledgePassages.search}, ${tsquery}, 1)`;
  const rows = await db
    .select({
      id: knowledgePassages.id,
      kind: knowledgePassages.kind,
      title: knowledgePassages.title,
      url: knowledgePassages.url,
      content: knowledgePassages.content,
      rank,
    })
    .from(knowledgePassages)
    .where(
      and(
        sql`${knowledgePassages.search} @@ ${tsquery}`,
        or(
          isNull(knowledgePassages.userId),
          eq(knowledgePassages.userId, userId),
          documentIds.length ? inArray(knowledgePassages.documentId, documentIds) : undefined,
        ),
      ),
    )
    .orderBy(desc(rank), knowledgePassages.title)
    .limit(Math.min(Math.max(limit, 1), 20));
  return rows.map((r) => ({ ...r, rank: Number(r.rank) }));
}
