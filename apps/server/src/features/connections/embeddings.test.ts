// Admin → Connections → Embedding model through the API: who may call it, what it refuses, a test of a
// connection's model, and a change of model end to end: re-embedding in the background on the real job
// queue (against a protocol-faithful loopback /embeddings server), search answering from the old
// vectors mid-way, the switch-over, a failure that keeps the old set, and a retry that goes on.
import type {
  DocumentSummary,
  EmbeddingsStatus,
  HealthResponse,
  KnowledgeSearchResponse,
} from "@tessera/contracts";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rowsOf } from "../../db/client";
import { knowledgeVectors } from "../../db/schema";
import { heldMemoryIndexes } from "../../knowledge/memory-index";
import { reembedJobKind } from "../../knowledge/reembed";
import { startEmbeddingsServer, type EmbeddingsServer } from "../../test/embeddings-server";
import { createTestApp, eventually, readSse, type TestApp } from "../../test/test-app";
import { createEmbedderResolver } from "./resolve-embedder";

let t: TestApp;
let server: EmbeddingsServer;
let admin: string;
let member: string;
let connectionId: string;
const docs: string[] = [];

const DOCS = [
  {
    title: "Council minutes",
    content: "The municipal council agreed to spend more money on public libraries.",
  },
  {
    title: "Harbour almanac",
    content: "High water at the harbour comes twice daily; fishing boats leave before dawn.",
  },
  {
    title: "Orchard notes",
    content: "Apple trees in the orchard blossom in spring and are pruned in winter.",
  },
  { title: "Kitchen diary", content: "Fresh bread is baked each morning with flour, water, salt and yeast." },
  { title: "Garage log", content: "The car's brakes were replaced and the tyres rotated last Tuesday." },
];

type Json = Record<string, unknown>;
const call = async (path: string, init: { method?: string; json?: unknown; token?: string } = {}) => {
  const res = await t.request(path, { token: admin, ...init });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as Json };
};
const status = async () => (await call("/api/admin/embeddings")).body as unknown as EmbeddingsStatus;
const choose = (json: unknown) => call("/api/admin/embeddings", { method: "PUT", json });
const search = async (query: string, mode: "vector" | "hybrid" = "vector") => {
  const { body } = await call("/api/knowledge/search", { method: "POST", json: { query, mode } });
  return (body as unknown as KnowledgeSearchResponse).results;
};
const vectorsOf = async (embedder: string) =>
  (
    await t.services.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(knowledgeVectors)
      .where(eq(knowledgeVectors.embedder, embedder))
  )[0]!.n;
/** Vectors of `embedder` whose unit has no density yet (unit-density.ts). */
const withoutDensity = async (embedder: string) =>
  (
    await rowsOf<{ n: number }>(
      t.services.database.db,
      sql`select count(*)::int as n from knowledge_vectors where embedder = ${embedder} and density is null`,
    )
  )[0]!.n;

beforeAll(async () => {
  server = await startEmbeddingsServer({ models: { "nomic-embed-text": 64, "mxbai-embed-small": 32 } });
  t = await createTestApp({ EMBEDDINGS: "local" });
  // Batches of two chunks, so a change of model is seen mid-way with a handful of documents.
  t.services.jobs.define(
    reembedJobKind(
      t.services.database.db,
      createEmbedderResolver(t.services.connections, { allowPrivate: false }),
      2,
    ),
  );
  admin = await t.newUser("root@example.com");
  member = await t.newUser("member@example.com");
  for (const doc of DOCS) {
    const res = await call("/api/documents", { method: "POST", json: doc });
    expect(res.status).toBe(201);
    docs.push(res.body.id as string);
  }
  await eventually(
    async () => (await call("/api/documents")).body as unknown as DocumentSummary[],
    (list) => list.every((d) => d.index?.state === "ready"),
    60_000,
  );
  const created = await call("/api/admin/connections", {
    method: "POST",
    json: { kind: "openai-compatible", name: "Ollama", baseUrl: server.url },
  });
  expect(created.status).toBe(201);
  connectionId = created.body.id as string;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await server?.close();
});

describe("who may call it", () => {
  it("answers 401 without a session and 403 to a member, for every route", async () => {
    const routes: [string, string, unknown][] = [
      ["GET", "/api/admin/embeddings", undefined],
      ["PUT", "/api/admin/embeddings", { source: "builtin" }],
      ["POST", "/api/admin/embeddings/test", { connectionId: crypto.randomUUID(), model: "m" }],
    ];
    for (const [method, path, json] of routes) {
      expect((await t.request(path, { method, json })).status, `${method} ${path}`).toBe(401);
      const res = await call(path, { method, json, token: member });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: { code: "FORBIDDEN" } });
    }
  });
});

describe("what it refuses", () => {
  it("answers 400 with the reason for a malformed choice or test", async () => {
    for (const bad of [
      {},
      { source: "cloud" },
      { source: "connection", connectionId: connectionId },
      { source: "connection", connectionId: "not-a-uuid", model: "m" },
      { source: "connection", connectionId, model: "two words" },
      { source: "builtin", extra: true },
    ]) {
      const res = await choose(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: "VALIDATION_FAILED" } });
    }
    const test = await call("/api/admin/embeddings/test", {
      method: "POST",
      json: { connectionId, model: "" },
    });
    expect(test.status).toBe(400);
    expect(JSON.stringify(test.body)).toContain("model");
  });

  it("answers 404 for a connection that does not exist, 400 for one that serves no embeddings", async () => {
    const missing = await choose({ source: "connection", connectionId: crypto.randomUUID(), model: "m" });
    expect(missing.status).toBe(404);
    const searx = await call("/api/admin/connections", {
      method: "POST",
      json: { kind: "searxng", name: "SearXNG", baseUrl: "http://127.0.0.1:9", verify: false },
    });
    expect(searx.status).toBe(201);
    const wrongKind = await call("/api/admin/embeddings/test", {
      method: "POST",
      json: { connectionId: searx.body.id, model: "m" },
    });
    expect(wrongKind.status).toBe(400);
    expect(JSON.stringify(wrongKind.body)).toContain("does not serve embeddings");
  });

  it("does not choose a model that cannot embed a sentence, and says why", async () => {
    const res = await choose({ source: "connection", connectionId, model: "not-pulled" });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('model \\"not-pulled\\" not found');
    expect((await status()).choice).toEqual({ source: "builtin" });
  });
});

describe("a connection's model", () => {
  it("embeds one sentence on Test, saying the vector's size", async () => {
    const ok = await call("/api/admin/embeddings/test", {
      method: "POST",
      json: { connectionId, model: "nomic-embed-text" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ ok: true, dims: 64, error: null });
    const failed = await call("/api/admin/embeddings/test", {
      method: "POST",
      json: { connectionId, model: "nope" },
    });
    expect(failed.body).toMatchObject({ ok: false, dims: null });
    expect(failed.body.error).toContain("not found");
  });
});

describe("changing the model", () => {
  const NOMIC = () => `connection:${connectionId}:nomic-embed-text`;

  it("starts on the built-in model, searched as /api/health says", async () => {
    const s = await status();
    expect(s).toMatchObject({
      enabled: true,
      choice: { source: "builtin" },
      current: { id: "use-lite-512", source: "builtin", dims: 512 },
      building: null,
      connections: [{ id: connectionId, name: "Ollama", kind: "openai-compatible", enabled: true }],
    });
    const health = (await (await t.request("/api/health")).json()) as HealthResponse;
    expect(s.vectors).toBe(health.vectors);
    expect(s.current!.vectors).toBe(health.vectors);
  });

  it("re-embeds in the background while search keeps the old vectors, then switches", async () => {
    const chunks = await vectorsOf("use-lite-512");
    expect(chunks).toBeGreaterThanOrEqual(DOCS.length);
    expect(await withoutDensity("use-lite-512")).toBe(0);
    // The test's request and one batch answer; the next batch waits.
    server.pause(2);
    const res = await choose({ source: "connection", connectionId, model: "nomic-embed-text" });
    expect(res.status).toBe(200);
    expect((res.body as unknown as EmbeddingsStatus).building).toMatchObject({
      id: NOMIC(),
      state: "building",
    });

    const midway = await eventually(status, (s) => s.building?.done === 2);
    expect(midway.building).toMatchObject({
      model: "nomic-embed-text",
      connectionName: "Ollama",
      total: chunks,
    });
    expect(midway.current?.id).toBe("use-lite-512");
    const note = await rowsOf<{ note: string }>(
      t.services.database.db,
      sql`select note from jobs where kind = 'knowledge.reembed' order by created_at desc limit 1`,
    );
    expect(note[0]?.note).toBe(`Re-embedding 2 of ${chunks} chunks`);
    // Mid-way, search still reads the built-in model's complete set: a paraphrase is found by meaning.
    const [first] = await search("Why did the city increase funding for book lending?");
    expect(first?.documentId).toBe(docs[0]);
    expect(await vectorsOf("use-lite-512")).toBe(chunks);
    expect(heldMemoryIndexes(t.services.database.db)).toContain("use-lite-512:512");

    server.release();
    const done = await eventually(status, (s) => s.current?.id === NOMIC(), 20_000);
    expect(done).toMatchObject({
      choice: { source: "connection", connectionId, model: "nomic-embed-text" },
      current: { id: NOMIC(), source: "connection", connectionName: "Ollama", dims: 64 },
      building: null,
    });
    expect(await vectorsOf(NOMIC())).toBe(chunks);
    expect(await vectorsOf("use-lite-512")).toBe(0);
    // The new set has its own densities from its first search.
    expect(await withoutDensity(NOMIC())).toBe(0);
    // Now the connection's model answers the query (its vectors are bags of words).
    const [hit] = await search("fishing boats harbour");
    expect(hit?.documentId).toBe(docs[1]);
    const queried = server.requests.at(-1)!;
    expect(queried).toMatchObject({ model: "nomic-embed-text", inputs: ["fishing boats harbour"] });
    // The retired model's copy of the vectors left this process's memory with the switch.
    expect(heldMemoryIndexes(t.services.database.db)).toEqual([`${NOMIC()}:64`]);
  });

  it("indexes a new document with the current model", async () => {
    const res = await call("/api/documents", {
      method: "POST",
      json: { title: "Beehive record", content: "The bees made honey in the hive by the meadow." },
    });
    const id = res.body.id as string;
    await eventually(
      async () => (await call("/api/documents")).body as unknown as DocumentSummary[],
      (list) => list.find((d) => d.id === id)?.index?.state === "ready",
    );
    expect((await search("honey bees hive"))[0]?.documentId).toBe(id);
  });

  it("keeps the old set when building the new one fails, says why, and goes on when tried again", async () => {
    const SMALL = `connection:${connectionId}:mxbai-embed-small`;
    const total = await vectorsOf(NOMIC());
    server.pause(2);
    expect((await choose({ source: "connection", connectionId, model: "mxbai-embed-small" })).status).toBe(
      200,
    );
    await eventually(status, (s) => s.building?.done === 2);
    server.failWith("model runner crashed: out of memory", "mxbai-embed-small");
    server.release();
    const failed = await eventually(status, (s) => s.building?.state === "failed", 20_000);
    expect(failed.building).toMatchObject({ id: SMALL, state: "failed", done: 2, total });
    expect(failed.building?.error).toContain("out of memory");
    expect(failed.current?.id).toBe(NOMIC());
    expect((await search("fishing boats harbour"))[0]?.documentId).toBe(docs[1]);

    server.failWith(null);
    const before = server.requests.length;
    expect((await choose({ source: "connection", connectionId, model: "mxbai-embed-small" })).status).toBe(
      200,
    );
    const done = await eventually(status, (s) => s.current?.id === SMALL, 20_000);
    expect(done.current).toMatchObject({ dims: 32 });
    // Went on from where it stopped: the two chunks already embedded were not sent again.
    const sent = server.requests
      .slice(before)
      .filter((r) => r.inputs.length > 0 && r.model === "mxbai-embed-small");
    expect(sent.reduce((n, r) => n + r.inputs.length, 0)).toBe(1 + (total - 2));
    expect(await vectorsOf(NOMIC())).toBe(0);
    expect((await search("fishing boats harbour"))[0]?.documentId).toBe(docs[1]);
  });

  it("answers from words when the chosen model's server fails or hangs up, and says so", async () => {
    const health = async () => ((await (await t.request("/api/health")).json()) as HealthResponse).embeddings;
    const found = async (json: Json) => {
      const res = await call("/api/knowledge/search", { method: "POST", json });
      expect(res.status).toBe(200);
      return res.body as unknown as KnowledgeSearchResponse;
    };
    expect(await health()).toBe("ok");
    for (const fail of [() => server.failWith("model runner crashed"), () => server.hangUp(true)]) {
      fail();
      for (const mode of ["hybrid", "vector"]) {
        const body = await found({ query: "fishing boats harbour", mode });
        expect(body.fallback, mode).toBe("keyword");
        expect(body.results[0]?.documentId, mode).toBe(docs[1]);
      }
      expect(await health()).toBe("failing");
      // Chat grounding still answers, from the words of the question.
      const res = await t.request("/api/chat-stream", {
        method: "POST",
        token: admin,
        json: { message: "When do the fishing boats leave the harbour?", model: "tessera-local" },
      });
      expect(res.status).toBe(200);
      const events = await readSse(res);
      expect(events.at(-1)?.type).not.toBe("error");
      const sources = (events.at(-1)?.sources ?? []) as { documentId?: string; fallback?: string }[];
      expect(sources.map((s) => s.documentId)).toContain(docs[1]);
      // Its citation says so, for the quiet note under the answer.
      expect(sources.find((s) => s.documentId === docs[1])?.fallback).toBe("keyword");
      server.failWith(null);
      server.hangUp(false);
    }
    const body = await found({ query: "fishing boats harbour", mode: "hybrid" });
    expect(body.fallback).toBeUndefined();
    expect(body.results[0]?.documentId).toBe(docs[1]);
    expect(await health()).toBe("ok");
    const answered = await readSse(
      await t.request("/api/chat-stream", {
        method: "POST",
        token: admin,
        json: { message: "When do the fishing boats leave the harbour?", model: "tessera-local" },
      }),
    );
    const cited = (answered.at(-1)?.sources ?? []) as { documentId?: string; fallback?: string }[];
    expect(cited.find((s) => s.documentId === docs[1])).toBeDefined();
    expect(cited.some((s) => s.fallback)).toBe(false);
  });

  it("goes back to the built-in model when chosen", async () => {
    expect((await choose({ source: "builtin" })).status).toBe(200);
    const done = await eventually(status, (s) => s.current?.id === "use-lite-512", 60_000);
    expect(done.choice).toEqual({ source: "builtin" });
    const [first] = await search("Why did the city increase funding for book lending?");
    expect(first?.documentId).toBe(docs[0]);
  }, 90_000);
});
