// History lists threads, not single searches: a question and the follow-ups asked under it
// (each follow-up names its parent). Summaries arrive newest first and may not reach a thread's root.
import type { SearchSummary } from "@tessera/contracts";

export interface SearchThreadSummary {
  /** The first question's id; names the thread. */
  rootId: string;
  query: string;
  /** Oldest first: the order in which the thread is shown. */
  searchIds: string[];
  /** When its latest search ran. */
  lastAt: string;
  status: SearchSummary["status"];
}

export function groupThreads(summaries: SearchSummary[]): SearchThreadSummary[] {
  const byId = new Map(summaries.map((s) => [s.id, s]));
  const rootOf = (summary: SearchSummary): SearchSummary => {
    const seen = new Set<string>();
    let current = summary;
    while (current.parentId && !seen.has(current.id)) {
      seen.add(current.id);
      const parent = byId.get(current.parentId);
      if (!parent) break;
      current = parent;
    }
    return current;
  };
  const threads = new Map<string, SearchSummary[]>();
  for (const summary of summaries) {
    const root = rootOf(summary);
    threads.set(root.id, [...(threads.get(root.id) ?? []), summary]);
  }
  return [...threads.entries()]
    .map(([rootId, members]) => {
      const ordered = [...members].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
      const latest = ordered[ordered.length - 1]!;
      return {
        rootId,
        query: byId.get(rootId)?.query ?? latest.query,
        searchIds: ordered.map((s) => s.id),
        lastAt: latest.createdAt,
        status: latest.status,
      };
    })
    .sort((a, b) => b.lastAt.localeCompare(a.lastAt));
}

/** The latest distinct questions, for the suggestions shown before searching. */
export function recentQueries(summaries: SearchSummary[], count: number): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const s of summaries) {
    const key = s.query.trim().toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(s.query.trim());
    if (out.length === count) break;
  }
  return out;
}
