// Which chunks a person may read, as a condition on knowledge_chunks (alias c). Every search over
// chunks goes through here, so one place decides access: the person's own documents, documents
// shared with them for this search (an assistant's knowledge), or the chosen knowledge bases.
import { sql, type SQL } from "drizzle-orm";

export interface Visibility {
  userId: string;
  /** Other people's documents the caller may read for this search (an assistant they use). */
  sharedDocumentIds?: string[];
  /** Only these documents (still only among those visible). */
  documentIds?: string[];
  /**
   * Only the documents of these knowledge bases, whoever in a team added them. The caller checks
   * that the person reads each one (readableCollectionIds) before searching.
   */
  collectionIds?: string[];
}

const uuids = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

export function visibleChunks(v: Visibility): SQL {
  const only = v.documentIds ? sql` and c.document_id = any(${uuids(v.documentIds)})` : sql``;
  if (v.collectionIds) {
    // Chosen knowledge bases: their documents and no others (none at all when none was chosen).
    return sql`(c.document_id in (select d.id from documents d
      where d.collection_id = any(${uuids(v.collectionIds)}))${only})`;
  }
  const shared = v.sharedDocumentIds?.length
    ? sql` or c.document_id = any(${uuids(v.sharedDocumentIds)})`
    : sql``;
  return sql`((c.user_id = ${v.userId}${shared})${only})`;
}
