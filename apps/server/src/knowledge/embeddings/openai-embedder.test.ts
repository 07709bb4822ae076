import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guardedFetchAsFetch } from "../../lib/guarded-fetch";
import { startEmbeddingsServer, type EmbeddingsServer } from "../../test/embeddings-server";
import { dot } from "./embedder";
import { createOpenAiEmbedder } from "./openai-embedder";

// The embedder against a real HTTP server on loopback, through the guarded client connections use.
let server: EmbeddingsServer;
const KEY = "sk-test-embeddings-0123456789";

const embedderFor = (model: string, batch = 2) =>
  createOpenAiEmbedder({
    id: `connection:test:${model}`,
    baseURL: server.url,
    model,
    apiKey: KEY,
    batch,
    fetch: guardedFetchAsFetch({
      timeoutMs: 5_000,
      maxBytes: 1024 * 1024,
      trustedOrigins: [new URL(server.url).origin],
    }),
  });

beforeAll(async () => {
  server = await startEmbeddingsServer({ models: { "nomic-embed-text": 64, wide: 96 }, apiKey: KEY });
});
afterAll(() => server.close());

describe("OpenAI-compatible embedder", () => {
  it("embeds in batches, in order, unit length, learning the size from the first answer", async () => {
    const embedder = embedderFor("nomic-embed-text");
    expect(embedder.dims).toBe(0);
    const texts = ["tides at the harbour", "library funding", "harbour tides", "council", "boats"];
    const before = server.requests.length;
    const vectors = await embedder.embed(texts);
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.inputs)).toEqual([texts.slice(0, 2), texts.slice(2, 4), texts.slice(4)]);
    expect(sent.every((r) => r.model === "nomic-embed-text" && r.authorization === `Bearer ${KEY}`)).toBe(
      true,
    );
    expect(embedder.dims).toBe(64);
    expect(vectors).toHaveLength(5);
    for (const v of vectors) {
      expect(v).toHaveLength(64);
      expect(dot(v, v)).toBeCloseTo(1, 5);
    }
    // Same words, same direction: the first text is nearer the third than the second.
    expect(dot(vectors[0]!, vectors[2]!)).toBeGreaterThan(dot(vectors[0]!, vectors[1]!) + 0.5);
  });

  it("says why the server refused, in its words, never with the key", async () => {
    await expect(embedderFor("not-pulled").embed(["x"])).rejects.toThrow(
      /answered 404: model "not-pulled" not found/,
    );
    server.failWith(`upstream rejected key ${KEY}`);
    try {
      const err = (await embedderFor("nomic-embed-text")
        .embed(["x"])
        .then(() => new Error("it answered"))
        .catch((e: unknown) => e)) as Error;
      expect(err.message).toContain("answered 500: upstream rejected key [key]");
      expect(err.message).not.toContain(KEY);
    } finally {
      server.failWith(null);
    }
  });

  it("refuses a wrong key with the server's reason", async () => {
    const wrong = createOpenAiEmbedder({
      id: "connection:test:x",
      baseURL: server.url,
      model: "nomic-embed-text",
      apiKey: "sk-wrong-key-000000",
      fetch: guardedFetchAsFetch({
        timeoutMs: 5_000,
        maxBytes: 1024,
        trustedOrigins: [new URL(server.url).origin],
      }),
    });
    await expect(wrong.embed(["x"])).rejects.toThrow(/401: Incorrect API key provided/);
  });

  it("keeps one size: a later answer of another size is an error, not a mixed set", async () => {
    const embedder = embedderFor("nomic-embed-text");
    await embedder.embed(["first"]);
    // The same embedder pointed at a model of another size, as a server whose model was swapped.
    const swapped = createOpenAiEmbedder({
      id: embedder.id,
      baseURL: server.url,
      model: "wide",
      apiKey: KEY,
      fetch: guardedFetchAsFetch({
        timeoutMs: 5_000,
        maxBytes: 1024 * 1024,
        trustedOrigins: [new URL(server.url).origin],
      }),
    });
    await swapped.embed(["a"]);
    expect(swapped.dims).toBe(96);
    const mixed = createOpenAiEmbedder({
      id: "connection:test:mixed",
      baseURL: server.url,
      model: "nomic-embed-text",
      apiKey: KEY,
      fetch: async (input, init) => {
        // The second request asks for the wider model, as a server that changed what it loaded.
        const body = JSON.parse(init?.body as string) as { model: string; input: string[] };
        if (body.input[0] === "second") body.model = "wide";
        return guardedFetchAsFetch({
          timeoutMs: 5_000,
          maxBytes: 1024 * 1024,
          trustedOrigins: [new URL(server.url).origin],
        })(input, { ...init, body: JSON.stringify(body) });
      },
    });
    await mixed.embed(["first"]);
    await expect(mixed.embed(["second"])).rejects.toThrow(/96 numbers, not 64/);
  });
});
