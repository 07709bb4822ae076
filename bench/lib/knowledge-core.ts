// What the knowledge benches share: the product's retrieval modules, loaded from source so the bench
// measures what ships, and the two people whose documents they store.
import { serverModule, type BenchDatabase } from "./database";

export type Mode = "hybrid" | "vector" | "keyword";
export interface Hit {
  documentId: string;
  chunkId: string;
  score: number;
}
export interface Embedder {
  id: string;
  dims: number;
  embed(texts: string[]): Promise<number[][]>;
}
export interface Deps {
  db: unknown;
  embedders: unknown;
}
export interface HybridModule {
  searchKnowledge(
    deps: Deps,
    q: { userId: string; query: string; limit: number; mode?: Mode },
  ): Promise<Hit[]>;
  onlyEmbedder(e: Embedder): unknown;
}
export interface IndexModule {
  indexDocument(deps: Deps, documentId: string): Promise<{ chunks: number }>;
  indexJobKind(deps: Deps): { concurrency: number };
}
export interface StoreModule {
  prepareVectorStore(
    db: unknown,
    dims: number[],
    options?: { inProcess?: boolean },
  ): Promise<"pgvector" | "memory" | "exact">;
  ensureIndex(db: unknown, dims: number): Promise<void>;
  firstPassUnits(want: number): number;
}
export interface MemoryModule {
  packVector(vector: ArrayLike<number>): Uint8Array;
  nearestInMemory(
    db: unknown,
    q: { embedder: string; vector: number[]; limit: number; who: { userId: string }; firstPass?: number },
  ): Promise<{ chunkId: string; unit: number }[]>;
}
export interface LocalModule {
  localEmbedder: Embedder;
  localModelLoadMs(): Promise<number>;
  configureLocalEmbedder(options: { maxWorkers?: number }): void;
  stopLocalEmbedder(): Promise<void>;
}
export interface LegacyModule {
  searchIndex(
    db: unknown,
    query: string,
    opts: { userId: string; limit: number },
  ): Promise<{ url: string }[]>;
}
export interface SplitModule {
  splitPassages(text: string, size?: number): string[];
}

export interface Core {
  hybrid: HybridModule;
  index: IndexModule;
  store: StoreModule;
  local: LocalModule;
  memory: MemoryModule;
}

export async function loadCore(root: string): Promise<Core> {
  const [hybrid, index, store, local, memory] = await Promise.all([
    serverModule<HybridModule>(root, "knowledge/hybrid-search.ts"),
    serverModule<IndexModule>(root, "knowledge/index-documents.ts"),
    serverModule<StoreModule>(root, "knowledge/vector-store.ts"),
    serverModule<LocalModule>(root, "knowledge/embeddings/local-embedder.ts"),
    serverModule<MemoryModule>(root, "knowledge/memory-index.ts"),
  ]);
  return { hybrid, index, store, local, memory };
}

export const READER = "bench-reader";
/** Someone else, whose chunks search must leave out. */
export const OTHER = "bench-other";

/**
 * Indexes the documents through the product's indexDocument, `lanes` at a time (the indexing job
 * runs `indexJobKind(deps).concurrency`); `onIndexed` hears each one done. Answers the chunks made.
 */
export async function indexInLanes(
  core: Core,
  deps: Deps,
  documentIds: string[],
  lanes: number,
  onIndexed: (done: number) => void = () => undefined,
): Promise<number> {
  let chunks = 0;
  let next = 0;
  let done = 0;
  const lane = async () => {
    for (let i = next++; i < documentIds.length; i = next++) {
      const indexed = await core.index.indexDocument(deps, documentIds[i]!);
      chunks += indexed.chunks;
      onIndexed(++done);
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  return chunks;
}

export async function insertUsers(d: BenchDatabase) {
  await d.exec(`insert into "user" (id, name, email, email_verified) values
    ('${READER}', 'Reader', 'reader@bench.test', true), ('${OTHER}', 'Other', 'other@bench.test', true)`);
}
