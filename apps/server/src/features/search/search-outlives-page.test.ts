import { SEARCH_MODEL_ID, STREAM_MESSAGES, findCatalogueModel, type SavedSearch } from "@tessera/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readRest, readUntil, type SseEvent, type TestApp } from "../../test/test-app";

// A search on the search engine page outlives the page that asked for it: its overview is written to
// the end and stored as it goes, read back from history; Stop names the search. The overview model is
// upstream on loopback (OpenRouter's protocol), writing a word every 50 ms: some 20 s in all.
const WORDS = Array.from({ length: 400 }, (_, i) => `w${i} `);
const FULL = WORDS.join("");

let llm: OpenAiCompatibleServer;
let t: TestApp;
let ada: string;
let bob: string;

beforeAll(async () => {
  llm = await startOpenAiCompatibleServer({
    scripts: {
      [findCatalogueModel(SEARCH_MODEL_ID)!.upstream]: { kind: "stream", chunks: WORDS, delayMs: 50 },
    },
  });
  t = await createTestApp({ OPENROUTER_API_KEY: "sk-or-test", OPENROUTER_BASE_URL: llm.url });
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
});
afterAll(async () => {
  await t.close();
  await llm.close();
});

/** A search of the workspace (the help is always there to be found), read until its overview has begun. */
async function startSearch(signal?: AbortSignal) {
  const res = await t.request("/api/jigsaw-search", {
    method: "POST",
    token: ada,
    json: { query: "How do I compare models side by side?", options: { search_type: "workspace" } },
    signal,
  });
  expect(res.status).toBe(200);
  const seen = await readUntil(res, (e) => e.type === "overview_chunk");
  const searchId = seen.events[0]!.searchId as string;
  return { ...seen, searchId };
}
const saved = async (id: string, token = ada) =>
  (await (await t.request(`/api/searches/${id}`, { token })).json()) as SavedSearch;
const stop = (id: string, token = ada) => t.request(`/api/searches/${id}/stop`, { method: "POST", token });
const overviewOf = (events: SseEvent[]) =>
  events
    .filter((e) => e.type === "overview_chunk")
    .map((e) => e.content as string)
    .join("");

describe("a search whose page is left", () => {
  it("goes on, its sources and overview stored as they come; Stop ends it and keeps what it wrote", async () => {
    const client = new AbortController();
    const { searchId, events } = await startSearch(client.signal);
    const seen = overviewOf(events);
    client.abort();

    // Still written after its client left: history reads more than the page saw, while it runs.
    await expect
      .poll(async () => saved(searchId), { timeout: 10_000 })
      .toSatisfy((s: SavedSearch) => s.status === "running" && s.overview.length > seen.length + 20);
    const during = await saved(searchId);
    expect(during.sources.length).toBeGreaterThan(0);
    expect(FULL.startsWith(during.overview)).toBe(true);
    expect(t.services.answers.size).toBe(1);

    // Someone else's search is not theirs to stop, nor to know of.
    expect((await stop(searchId, bob)).status).toBe(404);
    expect((await saved(searchId)).status).toBe("running");

    // Answered once what it had is stored.
    expect((await stop(searchId)).status).toBe(204);
    const stopped = await saved(searchId);
    expect(stopped.status).toBe("error");
    expect(stopped.overview.length).toBeGreaterThanOrEqual(during.overview.length);
    expect(stopped.overview.length).toBeLessThan(FULL.length);
    expect(FULL.startsWith(stopped.overview)).toBe(true);
    expect(stopped.sources).toEqual(during.sources);
    await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);

    // Stopping again changes nothing.
    expect((await stop(searchId)).status).toBe(204);
    expect(await saved(searchId)).toEqual(stopped);
  });

  it("a Stop while its page still reads it ends the stream with what arrived, as stored", async () => {
    const { searchId, reader } = await startSearch();
    expect((await stop(searchId)).status).toBe(204);
    const rest = await readRest(reader);
    const stored = await saved(searchId);
    expect(stored.status).toBe("error");
    // No closing event: the page that pressed Stop says so itself.
    expect(rest).not.toMatch(/"type":"(complete|error)"/);
    expect(stored.overview.length).toBeGreaterThan(0);
  });

  it("deleted while it runs, it ends at its next draft", async () => {
    const { searchId, reader } = await startSearch();
    const started = Date.now();
    expect((await t.request(`/api/searches/${searchId}`, { method: "DELETE", token: ada })).status).toBe(204);
    await readRest(reader);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => t.services.answers.size, { timeout: 5_000 }).toBe(0);
    expect((await t.request(`/api/searches/${searchId}`, { token: ada })).status).toBe(404);
  });

  it("answers 404 to Stop for an unknown search and 400 for a malformed id", async () => {
    expect((await stop("00000000-0000-4000-8000-000000000000")).status).toBe(404);
    const bad = await stop("not-a-search");
    expect(bad.status).toBe(400);
  });

  // Last: after a shutdown this app takes no new streams.
  it("a shutdown ends it with one closing event that says its text was kept", async () => {
    const { searchId, reader, events } = await startSearch();
    const shutdown = t.services.answers.shutdown(5_000);
    const rest = await readRest(reader);
    expect(await shutdown).toEqual({ aborted: 1, finished: true });
    const closing = rest
      .split("\n\n")
      .filter((block) => block.startsWith("data:"))
      .map((block) => JSON.parse(block.slice(5)) as SseEvent)
      .filter((e) => e.type === "complete" || e.type === "error");
    expect(closing).toEqual([
      { type: "error", error: "SERVER_RESTARTING", message: STREAM_MESSAGES.serverRestarting },
    ]);
    const stored = await saved(searchId);
    expect(stored.status).toBe("error");
    expect(stored.overview.startsWith(overviewOf(events))).toBe(true);
  });
});
