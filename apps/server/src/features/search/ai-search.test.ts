import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { CHAT_ERROR_MESSAGES, SEARCH_MODEL_ID, findCatalogueModel, upgradeMessage } from "@tessera/contracts";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { searches, user } from "../../db/schema";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type SseEvent, type TestApp } from "../../test/test-app";

// POST /api/ai-search's `model` and `searchType` (and the search engine page's `search_type`), with
// the models upstream (OpenRouter's protocol) and a web search provider (Tavily's JSON) on loopback.
let llm: OpenAiCompatibleServer;
let web: Server;
let webSearches = 0;
let t: TestApp;
let offline: TestApp;
let keeper: string;
let keeperId: string;

const upstreamOf = (id: string) => findCatalogueModel(id)!.upstream;
const FLASH = "gemini-flash";
const QUESTION = "When is the Kestrel Point lighthouse lamp serviced?";

beforeAll(async () => {
  llm = await startOpenAiCompatibleServer({
    scripts: {
      [upstreamOf(FLASH)]: { kind: "stream", chunks: ["Flash: the lamp", " is serviced on Tuesdays."] },
      [upstreamOf(SEARCH_MODEL_ID)]: { kind: "stream", chunks: ["Research: Tuesdays", " at dawn."] },
    },
  });
  web = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      webSearches += 1;
      res.writeHead(200, { "content-type": "application/json" });
      res.end(
        JSON.stringify({
          results: [
            {
              title: "Kestrel Point visitor guide",
              url: "https://kestrel.example/visit",
              content: "The Kestrel Point lighthouse opens to visitors on Sundays.",
            },
          ],
        }),
      );
    });
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  t = await createTestApp({
    OPENROUTER_API_KEY: "sk-or-test",
    OPENROUTER_BASE_URL: llm.url,
    TAVILY_API_KEY: "tvly-test",
    TAVILY_BASE_URL: `http://127.0.0.1:${(web.address() as AddressInfo).port}`,
  });
  offline = await createTestApp();
  keeper = await t.newUser("keeper@example.com");
  const [row] = await t.services.database.db.select().from(user).where(eq(user.email, "keeper@example.com"));
  keeperId = row!.id;
  const doc = await t.request("/api/documents", {
    method: "POST",
    token: keeper,
    json: {
      title: "Lighthouse keeper handbook",
      content: "The Kestrel Point lighthouse lamp is serviced every Tuesday at dawn by the keeper on duty.",
    },
  });
  expect(doc.status).toBe(201);
});
afterAll(async () => {
  await t.close();
  await offline.close();
  await llm.close();
  await new Promise<void>((r) => web.close(() => r()));
});

/** One simple search: its events, the answer they spell, and what reached the model upstream. */
async function ask(body: Record<string, unknown>, app = t, token = keeper) {
  const before = llm.requests.length;
  const searchesBefore = webSearches;
  const res = await app.request("/api/ai-search", {
    method: "POST",
    token,
    json: { query: QUESTION, ...body },
  });
  const events: SseEvent[] = res.status === 200 ? await readSse(res) : [];
  const answer = events
    .filter((e) => e.type === "chunk")
    .map((e) => e.content as string)
    .join("");
  const calls = llm.requests.slice(before).filter((r) => r.method === "POST");
  return { res, events, answer, calls, webSearches: webSearches - searchesBefore };
}

const savedCount = async () =>
  (await t.services.database.db.select().from(searches).where(eq(searches.userId, keeperId))).length;

describe("POST /api/ai-search: the model", () => {
  it("writes the answer with the model named, through its provider", async () => {
    const { events, answer, calls } = await ask({ model: FLASH });
    expect(answer).toBe("Flash: the lamp is serviced on Tuesdays.");
    expect(calls.map((c) => c.body.model)).toContain(upstreamOf(FLASH));
    expect(calls.map((c) => c.body.model)).not.toContain(upstreamOf(SEARCH_MODEL_ID));
    expect(events.at(-1)).toMatchObject({ type: "complete" });
  });

  it("uses the search model when none is named", async () => {
    const { answer, calls } = await ask({});
    expect(answer).toBe("Research: Tuesdays at dawn.");
    expect(calls[0]!.body.model).toBe(upstreamOf(SEARCH_MODEL_ID));
  });

  it("refuses a model above the plan with 403 and its upgrade message, before searching or storing", async () => {
    const stored = await savedCount();
    const { res, calls, webSearches: searched } = await ask({ model: "gpt-5" });
    expect(res.status).toBe(403);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error).toMatchObject({ code: "PLAN_REQUIRED", message: upgradeMessage("GPT-5", "max") });
    expect([calls.length, searched, await savedCount()]).toEqual([0, 0, stored]);

    await t.setPlan("keeper@example.com", "max");
    try {
      const allowed = await ask({ model: "gpt-5" });
      expect(allowed.res.status).toBe(200);
      expect(allowed.calls[0]!.body.model).toBe(upstreamOf("gpt-5"));
    } finally {
      await t.setPlan("keeper@example.com", "core");
    }
  });

  it("answers 400 for a model the catalogue does not know and 503 for one no provider serves", async () => {
    const unknown = await ask({ model: "no-such-model" });
    expect(unknown.res.status).toBe(400);
    expect(((await unknown.res.json()) as { error: { message: string } }).error.message).toBe(
      CHAT_ERROR_MESSAGES.unsupported,
    );
    const token = await offline.newUser("offline@example.com");
    const unserved = await ask({ model: FLASH }, offline, token);
    expect(unserved.res.status).toBe(503);
    expect(((await unserved.res.json()) as { error: { message: string } }).error.message).toBe(
      CHAT_ERROR_MESSAGES.unavailable,
    );
    // Without a provider the search model itself falls back to Tessera Local, named or not.
    const named = await ask({ model: SEARCH_MODEL_ID }, offline, token);
    expect(named.res.status).toBe(200);
    expect(named.events.at(-1)).toMatchObject({ type: "complete" });
  });
});

describe("POST /api/ai-search: searchType", () => {
  it("the public config says whether a web search provider is set up", async () => {
    for (const [app, webSearch] of [
      [t, true],
      [offline, false],
    ] as const) {
      const config = (await (await app.request("/api/public/config")).json()) as { webSearch: boolean };
      expect(config.webSearch).toBe(webSearch);
    }
  });

  it("workspace reads only one's own knowledge and never leaves the server; web asks the provider", async () => {
    const reader = await t.newUser("reader@example.com");
    const doc = await t.request("/api/documents", {
      method: "POST",
      token: reader,
      json: {
        title: "Kestrel Point rota",
        content: "The Kestrel Point lighthouse lamp is serviced on Fridays.",
      },
    });
    expect(doc.status).toBe(201);
    const contextOf = (r: Awaited<ReturnType<typeof ask>>) => JSON.stringify(r.calls[0]!.body.messages);

    const first = await ask({ searchType: "workspace", model: FLASH }, t, reader);
    expect(first.webSearches).toBe(0);
    expect(contextOf(first)).toContain("serviced on Fridays");
    expect(contextOf(first)).not.toContain("opens to visitors on Sundays");
    expect(contextOf(first)).not.toContain("every Tuesday at dawn"); // the keeper's document
    expect(first.answer).toBe("Flash: the lamp is serviced on Tuesdays.");

    const onWeb = await ask({ searchType: "web", model: FLASH }, t, reader);
    expect(onWeb.webSearches).toBe(1);
    expect(contextOf(onWeb)).toContain("opens to visitors on Sundays");

    // The page the web search brought in is now part of the workspace, still without the provider.
    const again = await ask({ searchType: "workspace", model: FLASH }, t, reader);
    expect(again.webSearches).toBe(0);
    expect(contextOf(again)).toContain("opens to visitors on Sundays");

    const providers = await t.services.database.db
      .select({ provider: searches.provider })
      .from(searches)
      .innerJoin(user, eq(user.id, searches.userId))
      .where(eq(user.email, "reader@example.com"))
      .orderBy(searches.createdAt);
    expect(providers.map((p) => p.provider)).toEqual(["local", "tavily", "local"]);
  });

  it("the search engine page takes the same choice as options.search_type", async () => {
    const jigsaw = async (options: Record<string, unknown>) => {
      const before = webSearches;
      const res = await t.request("/api/jigsaw-search", {
        method: "POST",
        token: keeper,
        json: { query: QUESTION, options: { ai_overview: false, ...options } },
      });
      const events = res.status === 200 ? await readSse(res) : [];
      return { res, events, searched: webSearches - before };
    };
    const inWorkspace = await jigsaw({ search_type: "workspace" });
    expect(inWorkspace.searched).toBe(0);
    expect(inWorkspace.events.find((e) => e.type === "searching")).toMatchObject({ provider: "local" });
    const sources = inWorkspace.events.find((e) => e.type === "sources")!.sources as { title: string }[];
    expect(sources.map((s) => s.title)).toContain("Lighthouse keeper handbook");

    const onWeb = await jigsaw({});
    expect(onWeb.searched).toBe(1);
    expect(onWeb.events.find((e) => e.type === "searching")).toMatchObject({ provider: "tavily" });

    const wrong = await jigsaw({ search_type: "images" });
    expect(wrong.res.status).toBe(400);
    expect(((await wrong.res.json()) as { error: { message: string } }).error.message).toContain(
      "search_type is one of: web, workspace.",
    );
    expect(wrong.searched).toBe(0);
  });

  it("answers 400 naming the allowed values for any other searchType", async () => {
    const { res, webSearches: searched } = await ask({ searchType: "news" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain(
      "searchType is one of: web, workspace.",
    );
    expect(searched).toBe(0);
  });
});
