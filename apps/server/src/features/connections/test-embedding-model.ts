// POST /api/admin/embeddings/test: one sentence embedded by a connection's model, answered with the
// size of the vector it gave, or the server's own reason (never a key).
import type { EmbeddingTest, EmbeddingTestRequest } from "@tessera/contracts";
import type { EmbeddingsDeps } from "./embeddings-deps";
import { embeddingConnection } from "./embeddings-deps";
import { describeFailure, redact } from "./probe-connection";
import { connectionEmbedder } from "./resolve-embedder";

const SENTENCE = "Tessera finds documents by what they mean, not only by their words.";

export async function testEmbeddingModel(
  deps: EmbeddingsDeps,
  input: EmbeddingTestRequest,
): Promise<EmbeddingTest> {
  const c = await embeddingConnection(deps, input.connectionId);
  const embedder = connectionEmbedder(c, input.model, "test", { allowPrivate: deps.allowPrivate });
  const started = performance.now();
  const ms = () => Math.round(performance.now() - started);
  try {
    const [vector] = await embedder.embed([SENTENCE]);
    return { ok: true, dims: vector!.length, ms: ms(), error: null };
  } catch (err) {
    const error = redact(describeFailure(err, null), c.apiKey ? [c.apiKey] : []);
    return { ok: false, dims: null, ms: ms(), error };
  }
}
