// A generation's embedder from its id: the built-in model, or a model of a connection that serves
// OpenAI's /embeddings, reached through the connection's own client (guarded, its address trusted)
// with its current key. Built once per connection version, so a changed key or address is used at once.
import { EMBEDDING_CONNECTION_KINDS, type ConnectionKind } from "@tessera/contracts";
import type { Embedder } from "../../knowledge/embeddings/embedder";
import { connectionModelOf, type ResolveEmbedder } from "../../knowledge/embeddings/embedder-generations";
import { LOCAL_EMBEDDER_ID, localEmbedder } from "../../knowledge/embeddings/local-embedder";
import { createOpenAiEmbedder } from "../../knowledge/embeddings/openai-embedder";
import { OPENROUTER_BASE_URL } from "../../providers/llm/remote-models";
import { OPENAI_DEFAULT_BASE_URL } from "../../providers/llm/routing";
import type { LiveConnections } from "./live-connections";
import { connectionFetch, PROBE_DEFAULTS } from "./probe-connection";
import type { StoredConnection } from "./stored-connections";

/** A batch of 32 long chunks can take a while on a CPU-only server. */
const EMBED_TIMEOUT_MS = 120_000;

export const servesEmbeddings = (kind: ConnectionKind) =>
  (EMBEDDING_CONNECTION_KINDS as readonly ConnectionKind[]).includes(kind);

export function embeddingsBaseUrl(c: Pick<StoredConnection, "kind" | "baseUrl">): string {
  if (c.baseUrl) return c.baseUrl;
  return c.kind === "openrouter" ? OPENROUTER_BASE_URL : OPENAI_DEFAULT_BASE_URL;
}

/** An embedder on one connection's model, whatever id it is stored under. */
export function connectionEmbedder(
  c: StoredConnection,
  model: string,
  id: string,
  opts: { allowPrivate: boolean },
): Embedder {
  const baseURL = embeddingsBaseUrl(c);
  const { fetch } = connectionFetch(baseURL, {
    ...PROBE_DEFAULTS,
    timeoutMs: EMBED_TIMEOUT_MS,
    allowPrivate: opts.allowPrivate,
  });
  return createOpenAiEmbedder({ id, baseURL, model, apiKey: c.apiKey, fetch });
}

export function createEmbedderResolver(
  live: Pick<LiveConnections, "current">,
  opts: { allowPrivate: boolean },
): ResolveEmbedder {
  const built = new Map<string, { version: string; embedder: Embedder }>();
  return (id) => {
    if (id === LOCAL_EMBEDDER_ID) return localEmbedder;
    const wanted = connectionModelOf(id);
    if (!wanted) return null;
    const c = live.current().stored.connections.find((x) => x.id === wanted.connectionId);
    if (!c || !c.enabled || c.keyState === "unreadable" || !servesEmbeddings(c.kind)) return null;
    const version = `${c.updatedAt.getTime()}`;
    const known = built.get(id);
    if (known?.version === version) return known.embedder;
    const embedder = connectionEmbedder(c, wanted.model, id, opts);
    built.set(id, { version, embedder });
    return embedder;
  };
}
