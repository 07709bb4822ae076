// Which chunks a person may read, as a condition on knowledge_chunks (alias c). Every search over
// chunks goes through here, so one place decides access: the person's own documents, and documents
// shared with them for this search (an assistant's knowledge). Collections add their rule here.
import { sql, type SQL } from "drizzle-orm";

export interface Visibility {
  userId: string;
  /** Other people's documents the caller may read for this search (an assistant they use). */
  sharedDocumentIds?: string[];
  /** Only these documents (still only among those visible). */
  documentIds?: string[];
}

const uuids = (ids: string[]) => sql`${`{${ids.join(",")}}`}::uuid[]`;

export function visibleChunks(v: Visibility): SQL {
  const shared = v.sharedDocumentIds?.length
    ? sql` or c.document_id = any(${uuids(v.sharedDocumentIds)})`
    : sql``;
  const only = v.documentIds ? sql` and c.document_id = any(${uuids(v.documentIds)})` : sql``;
  return sql`((c.user_id = ${v.userId}${shared})${only})`;
}
