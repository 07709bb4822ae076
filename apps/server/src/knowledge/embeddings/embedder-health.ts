// Whether the embedding model answered the last search that asked it. A connection that is down
// makes search fall back to words (hybrid-search.ts); this is what /api/health reports meanwhile.
// Kept per process: each process finds out on its own next search.

export interface EmbedderHealth {
  failed(embedder: string, error: string): void;
  worked(embedder: string): void;
  /** "failing" from the first failed search until the same model answers again. */
  state(): { status: "ok" | "failing"; embedder?: string; error?: string; since?: string };
}

export function createEmbedderHealth(): EmbedderHealth {
  let failing: { embedder: string; error: string; since: string } | null = null;
  return {
    failed(embedder, error) {
      failing = {
        embedder,
        error,
        since: failing?.embedder === embedder ? failing.since : new Date().toISOString(),
      };
    },
    worked(embedder) {
      if (failing?.embedder === embedder) failing = null;
    },
    state: () => (failing ? { status: "failing", ...failing } : { status: "ok" }),
  };
}
