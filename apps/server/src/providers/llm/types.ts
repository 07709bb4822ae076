// The contract between the chat feature and the language-model providers. Only providers/llm
// names a vendor; features ask the registry for a model by catalogue id.
import type { LanguageModelV3 } from "@ai-sdk/provider";
import type { LanguageCode, ModelsResponse, ProviderId } from "@tessera/contracts";

/**
 * Where a passage of knowledge comes from: a help article, the model catalogue, one of the person's
 * documents, or a web page a search brought in.
 */
export type KnowledgeKind = "help" | "catalogue" | "document" | "web";

/** A passage of workspace knowledge that Tessera Local may quote and cite. */
export interface Passage {
  id: string;
  kind: KnowledgeKind;
  title: string;
  /** Where the person can read it: an in-app path (`/help/...`, `/dashboard/chat?model=...`) or a URL. */
  url: string;
  content: string;
  /** Relevance; higher is better (comparable within one retrieval only). */
  rank: number;
  /** The document a passage or chunk of a person's document belongs to. */
  documentId?: string | null;
  /** Where in it: the chunk's page (PDFs) and heading. */
  page?: number | null;
  heading?: string | null;
  /** The chunk it is, when it is one: citations open the document at it. */
  chunkId?: string | null;
  /** How close in meaning its best paragraph is to the question (cosine), when found by meaning. */
  similarity?: number;
  /** Found by words only, because the embedding model did not answer the question. */
  fallback?: "keyword";
}

/** Looks up the caller's workspace knowledge (help, catalogue, their own documents). */
export type Retrieve = (query: string, limit: number) => Promise<Passage[]>;

/** What one call brings to `resolve`: its retrieval, and whom Tessera Local answers as and to. */
export interface ResolveContext {
  retrieve: Retrieve;
  /** The name the person chose to talk to (an assistant's); the catalogue model's name when unset. */
  speaker?: string;
  /** The caller is an instance admin: Tessera Local may point them to Connections. */
  admin?: boolean;
  /** The reader's language: Tessera Local words its answers in it. English when unset. */
  language?: LanguageCode;
}

export type LlmEndpointKind = "openrouter" | "openai" | "anthropic" | "google" | "openai-compatible";

/** One place models can be called: a connection made on the admin's page, or the environment's. */
export interface LlmEndpoint {
  /** The connection's id; for the environment's, the provider's name (`openrouter`). */
  id: string;
  kind: LlmEndpointKind;
  /** How the admin named it, for the admin's eyes ("Ollama in the lab"). */
  name: string;
  baseURL?: string;
  apiKey?: string;
  /** Models an OpenAI-compatible server serves without listing them. */
  extraModels?: string[];
}

/** A model an admin added to the catalogue from a connection's list. */
export interface AddedModel {
  id: string;
  name: string;
  description: string;
  group: "tessera" | "industry" | "open-source";
  vision: boolean;
  /** Null once its connection was removed: listed, and not enabled. */
  endpointId: string | null;
  upstream: string;
}

/** The admin's layer over the built-in catalogue. */
export interface CatalogueLayer {
  /** Switched off: listed for nobody, and refused. */
  off: ReadonlySet<string>;
  /** Built-in models served through a chosen endpoint (its usual name there when upstream is null). */
  via: ReadonlyMap<string, { endpointId: string; upstream: string | null }>;
  added: readonly AddedModel[];
}

export interface LlmConfig {
  openrouter?: { apiKey: string; baseURL?: string };
  openaiCompatible?: { baseURL?: string; apiKey?: string; extraModels: string[] };
  anthropic?: { apiKey: string; baseURL?: string };
  google?: { apiKey: string; baseURL?: string };
  /**
   * Every endpoint, the Connections page's before the environment's; when set, the four fields above
   * are not read (routing.ts `endpointsOf`).
   */
  endpoints?: LlmEndpoint[];
  catalogue?: CatalogueLayer;
  /** Delay between Tessera Local's streamed chunks, so a person sees it stream; 0 in tests. */
  localPaceMs: number;
}

export type ResolvedModel =
  | { ok: true; model: LanguageModelV3; provider: ProviderId; catalogueId: string; upstream: string }
  | { ok: false; reason: "unsupported" | "unavailable"; detail: string };

export interface LlmRegistry {
  /** The catalogue grouped as in spec §3 with the admin's additions, each model with its availability. */
  listModels(): Promise<ModelsResponse>;
  /** The model to call for one request; Tessera Local is built around the caller's retrieval. */
  resolve(modelId: string, ctx: ResolveContext): Promise<ResolvedModel>;
}
