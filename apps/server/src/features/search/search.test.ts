import { SEARCH_MESSAGES, type SavedSearch, type SearchSummary } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knowledgePassages, searches } from "../../db/schema";
import { sweepAsIfDead } from "../../test/leases";
import {
  createTestApp,
  readRest,
  readSse,
  readUntil,
  type SseEvent,
  type TestApp,
} from "../../test/test-app";
import { createCiteRenumberer } from "./cite-renumber";
import { followUpsFromSources, parseQuestions } from "./follow-ups";

let t: TestApp;
let ada: string;
let bob: string;
beforeAll(async () => {
  t = await createTestApp();
  ada = await t.newUser("ada@example.com");
  bob = await t.newUser("bob@example.com");
  for (const [title, content] of [
    ["Garden notes", "Tomatoes need six hours of sun. Basil grows well beside them."],
    [
      "Lighthouse keeper handbook",
      "The Kestrel Point lighthouse lamp is serviced every Tuesday at dawn by the keeper on duty. Its beam reaches 22 nautical miles.",
    ],
    ["Recipe box", "Sourdough needs a lively starter and a long, cool proof."],
  ]) {
    const res = await t.request("/api/documents", { method: "POST", token: ada, json: { title, content } });
    expect(res.status).toBe(201);
  }
});
afterAll(() => t.close());

const search = (token: string, json: unknown) =>
  t.request("/api/jigsaw-search", { method: "POST", token, json });
const types = (events: SseEvent[]) => events.map((e) => e.type);

describe("POST /api/jigsaw-search on the local index", () => {
  it("streams the spec's events in order, with the right document first and a cited overview", async () => {
    const events = await readSse(
      await search(ada, { query: "When is the Kestrel Point lighthouse lamp serviced?" }),
    );
    const order = [...new Set(types(events))];
    expect(order).toEqual([
      "start",
      "searching",
      "sources",
      "images",
      "overview_start",
      "overview_chunk",
      "follow_up",
      "complete",
    ]);
    const sources = events.find((e) => e.type === "sources")!.sources as { title: string; snippet: string }[];
    expect(sources[0]!.title).toBe("Lighthouse keeper handbook");
    expect(sources[0]!.snippet).toContain("**Kestrel**");
    expect(sources.some((s) => s.title === "Recipe box")).toBe(false);
    expect(events.find((e) => e.type === "overview_start")).toMatchObject({ model: "tessera-local" });
    const overview = events
      .filter((e) => e.type === "overview_chunk")
      .map((e) => e.content as string)
      .join("");
    expect(overview).toMatch(/^From your documents: /);
    expect(overview).toContain("Tuesday");
    expect(overview).toContain("[1]");
    const progress = events.filter((e) => e.type === "overview_chunk").map((e) => e.progress as number);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const followUps = events.find((e) => e.type === "follow_up")!.questions as string[];
    expect(followUps.length).toBeGreaterThan(0);
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: "complete", cost: 0 });
    expect(done.tokensUsed).toBeGreaterThan(0);

    const saved = await t.request(`/api/searches/${done.searchId as string}`, { token: ada });
    const body = (await saved.json()) as SavedSearch;
    expect(body).toMatchObject({
      status: "complete",
      query: "When is the Kestrel Point lighthouse lamp serviced?",
    });
    expect(body.overview).toBe(overview);
    expect(body.sources[0]!.title).toBe("Lighthouse keeper handbook");
    expect((await t.request(`/api/searches/${body.id}`, { token: bob })).status).toBe(404);
  });

  it("says where the overview read: the help is not one's documents", async () => {
    const events = await readSse(await search(bob, { query: "How do I turn on two-factor sign-in?" }));
    const sources = events.find((e) => e.type === "sources")!.sources as { url: string }[];
    expect(sources[0]!.url).toMatch(/^\/help\//);
    const overview = events
      .filter((e) => e.type === "overview_chunk")
      .map((e) => e.content as string)
      .join("");
    expect(overview).toMatch(/^From the Tessera help: /);
  });

  it("finds where to set the address people open in the help", async () => {
    const events = await readSse(
      await search(bob, { query: "Sign-in refuses the address I opened", options: { ai_overview: false } }),
    );
    const sources = events.find((e) => e.type === "sources")!.sources as { url: string; snippet: string }[];
    expect(sources[0]).toMatchObject({ url: "/help/self-hosting" });
    expect(sources[0]!.snippet).toMatch(/address\W+people\W+open/);
  });

  it("skips the overview when it is not asked for", async () => {
    const events = await readSse(
      await search(ada, {
        query: "sourdough starter",
        options: { safe_search: "strict", ai_overview: false },
      }),
    );
    expect(types(events)).toEqual(["start", "searching", "sources", "images", "complete"]);
  });

  it("never shows one person's documents to another", async () => {
    const events = await readSse(await search(bob, { query: "Kestrel Point lighthouse lamp" }));
    const sources = events.find((e) => e.type === "sources")!.sources as { title: string }[];
    expect(sources.some((s) => s.title === "Lighthouse keeper handbook")).toBe(false);
  });

  it("answers a follow-up in its thread, and 404 for someone else's thread", async () => {
    const first = await readSse(await search(ada, { query: "Kestrel Point lighthouse beam" }));
    const parentId = first.at(-1)!.searchId as string;
    const next = await readSse(await search(ada, { query: "How far does it reach?", parentId }));
    expect(next.at(-1)!.type).toBe("complete");
    const saved = (await (
      await t.request(`/api/searches/${next.at(-1)!.searchId as string}`, { token: ada })
    ).json()) as SavedSearch;
    expect(saved.parentId).toBe(parentId);
    expect((await search(bob, { query: "Anything", parentId })).status).toBe(404);
  });

  it("lists and deletes one's own searches", async () => {
    const list = (await (await t.request("/api/searches", { token: ada })).json()) as SearchSummary[];
    expect(list.length).toBeGreaterThan(2);
    expect(
      (await (await t.request("/api/searches", { token: bob })).json()) as SearchSummary[],
    ).not.toContainEqual(expect.objectContaining({ id: list[0]!.id }));
    expect((await t.request(`/api/searches/${list[0]!.id}`, { method: "DELETE", token: bob })).status).toBe(
      404,
    );
    expect((await t.request(`/api/searches/${list[0]!.id}`, { method: "DELETE", token: ada })).status).toBe(
      204,
    );
    expect((await t.request(`/api/searches/${list[0]!.id}`, { token: ada })).status).toBe(404);
  });

  it("deletes a thread's follow-ups with its first question", async () => {
    const first = (await readSse(await search(ada, { query: "Garden tomatoes sun" }))).at(-1)!;
    const parentId = first.searchId as string;
    const follow = (await readSse(await search(ada, { query: "And basil?", parentId }))).at(-1)!;
    expect((await t.request(`/api/searches/${parentId}`, { method: "DELETE", token: ada })).status).toBe(204);
    expect((await t.request(`/api/searches/${follow.searchId as string}`, { token: ada })).status).toBe(404);
  });
});

describe("bad input", () => {
  it("answers 400 with the spec's message for an empty query and 401 with its sign-in message", async () => {
    for (const path of ["/api/jigsaw-search", "/api/ai-search"]) {
      const empty = await t.request(path, { method: "POST", token: ada, json: { query: "   " } });
      expect(empty.status).toBe(400);
      expect(((await empty.json()) as { error: { message: string } }).error.message).toContain(
        SEARCH_MESSAGES.emptyQuery,
      );
      const anonymous = await t.request(path, { method: "POST", json: { query: "tides" } });
      expect(anonymous.status).toBe(401);
      expect(((await anonymous.json()) as { error: { message: string } }).error.message).toBe(
        SEARCH_MESSAGES.signIn,
      );
    }
  });
});

describe("POST /api/ai-search (the simple page)", () => {
  it("streams the answer as chunk events", async () => {
    const events = await readSse(
      await t.request("/api/ai-search", {
        method: "POST",
        token: ada,
        json: { query: "Kestrel Point lighthouse lamp", model: "guide", searchType: "web" },
      }),
    );
    expect(new Set(types(events))).toEqual(new Set(["chunk", "complete"]));
    expect(
      events
        .filter((e) => e.type === "chunk")
        .map((e) => e.content as string)
        .join(""),
    ).toContain("Tuesday");
  });
});

describe("with a web search provider and deep crawl", () => {
  // One loopback server plays both the search API (POST, Tavily's JSON) and the pages it finds (GET).
  let upstream: Server;
  let base: string;
  let web: TestApp;
  let guarded: TestApp;
  let mode: "ok" | "fail" | "hang" = "ok";
  /** While `mode` is "hang", the search API answers (as "ok" would) only when this is called. */
  let release: (() => void) | null = null;
  const pageRequests: string[] = [];
  const kestrelPage = `<!doctype html><html><head><title>Kestrel Bay tides</title>
    <meta property="og:image" content="/og/bay.jpg"><link rel="icon" href="/icons/tide.png"></head>
    <body><nav>Home · Charts · About</nav><article><h1>Tides at Kestrel Bay</h1>
    <p>High tide at Kestrel Bay is at 06:12 and 18:40 today, with low water near noon.</p>
    <p>Spring tides at Kestrel Bay reach 5.2 metres, so the causeway floods for two hours either side of high water.</p>
    <p>${"Harbour notes for visiting sailors and walkers along the bay. ".repeat(8)}</p></article>
    <footer>Kestrel harbour office</footer></body></html>`;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      if (req.method === "GET") {
        pageRequests.push(req.url ?? "");
        if (req.url === "/kestrel") {
          res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
          return res.end(kestrelPage);
        }
        if (req.url === "/huge") {
          res.writeHead(200, { "content-type": "text/html" });
          return res.end(`<html><body><p>${"x".repeat(3 * 1024 * 1024)}</p></body></html>`);
        }
        res.writeHead(200, { "content-type": "image/png" });
        return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
      }
      req.resume();
      req.on("end", () => {
        const answer = (ok: boolean) => {
          // A search stopped meanwhile has hung up.
          if (res.headersSent || res.destroyed) return;
          res.writeHead(ok ? 200 : 502, { "content-type": "application/json" });
          res.end(
            JSON.stringify(
              ok
                ? {
                    results: [
                      {
                        title: "Tide tables for Kestrel Bay",
                        url: `${base}/kestrel`,
                        content: "High tide at Kestrel Bay is at 06:12 and 18:40 today.",
                      },
                      {
                        title: "Kestrel Bay almanac",
                        url: `${base}/huge`,
                        content: "The Kestrel Bay almanac.",
                      },
                      {
                        title: "Kestrel Bay chart",
                        url: `${base}/chart.png`,
                        content: "A chart of Kestrel Bay.",
                      },
                    ],
                    images: [{ url: "https://img.example/bay.jpg", description: "Kestrel Bay" }],
                  }
                : { error: "upstream down" },
            ),
          );
        };
        if (mode === "hang")
          release = () => {
            release = null;
            answer(true);
          };
        else answer(mode === "ok");
      });
    });
    await new Promise<void>((r) => upstream.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const tavily = { TAVILY_API_KEY: "tvly-test", TAVILY_BASE_URL: base };
    // The pages live on loopback, so reading them needs the development switch; `guarded` keeps the
    // production rule and must read none of them.
    web = await createTestApp({ ...tavily, OUTBOUND_ALLOW_PRIVATE: "true" });
    guarded = await createTestApp(tavily);
  });
  afterAll(async () => {
    await web.close();
    await guarded.close();
    await new Promise<void>((r) => upstream.close(() => r()));
  });

  it("reads the top pages in full, notes the skipped ones, cites them and keeps them in the local index", async () => {
    const token = await web.newUser("sailor@example.com");
    const events = await readSse(
      await web.request("/api/jigsaw-search", {
        method: "POST",
        token,
        json: { query: "How high do spring tides reach at Kestrel Bay?" },
      }),
    );
    const searching = events.filter((e) => e.type === "searching");
    expect(searching[0]).toMatchObject({ provider: "tavily", message: "Searching the web..." });
    expect(searching[1]).toMatchObject({ message: "Reading the top 3 pages..." });
    const signed = (url: string) =>
      expect.stringMatching(
        new RegExp(
          `^/api/image-proxy\\?url=${encodeURIComponent(url).replace(/[.]/g, "\\.")}&exp=\\d+&sig=[\\w-]{43}$`,
        ),
      ) as unknown;
    const sources = events.find((e) => e.type === "sources")!.sources as SavedSearch["sources"];
    expect(sources).toEqual([
      {
        title: "Tide tables for Kestrel Bay",
        url: `${base}/kestrel`,
        snippet: "High tide at Kestrel Bay is at 06:12 and 18:40 today.",
        domain: "127.0.0.1",
        favicon: `${base}/icons/tide.png`,
        thumbnail: `${base}/og/bay.jpg`,
        faviconSrc: signed(`${base}/icons/tide.png`),
        thumbnailSrc: signed(`${base}/og/bay.jpg`),
      },
      {
        title: "Kestrel Bay almanac",
        url: `${base}/huge`,
        snippet: "The Kestrel Bay almanac.",
        domain: "127.0.0.1",
        note: "Skipped: the page is larger than 2 MB.",
      },
      {
        title: "Kestrel Bay chart",
        url: `${base}/chart.png`,
        snippet: "A chart of Kestrel Bay.",
        domain: "127.0.0.1",
        note: "Skipped: that address holds image/png, not a web page, text, PDF or DOCX.",
      },
    ]);
    expect(events.find((e) => e.type === "images")!.images).toEqual([
      { url: "https://img.example/bay.jpg", alt: "Kestrel Bay", src: signed("https://img.example/bay.jpg") },
      { url: `${base}/og/bay.jpg`, alt: "Tide tables for Kestrel Bay", src: signed(`${base}/og/bay.jpg`) },
    ]);
    // The thumbnail loads as an <img> would load it: by its address alone, with no bearer token.
    const thumbnail = await web.request(sources[0]!.thumbnailSrc!);
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get("content-type")).toBe("image/png");
    // Read back from history, the stored plain addresses are signed afresh.
    const searchId = events[0]!.searchId as string;
    const saved = (await (await web.request(`/api/searches/${searchId}`, { token })).json()) as SavedSearch;
    expect(saved.sources[0]).toMatchObject({ thumbnailSrc: signed(`${base}/og/bay.jpg`) });
    expect((await web.request(saved.sources[0]!.faviconSrc!)).status).toBe(200);
    const [row] = await web.services.database.db.select().from(searches).where(eq(searches.id, searchId));
    expect(JSON.stringify(row!.sources)).not.toContain("sig=");
    const overview = events
      .filter((e) => e.type === "overview_chunk")
      .map((e) => e.content as string)
      .join("");
    expect(overview).toMatch(/^From the web pages found: /);
    // Only the crawled page says this; the provider's snippet does not.
    expect(overview).toContain("5.2 metres");
    expect(overview).toContain("[1]");
    expect(events.at(-1)).toMatchObject({ type: "complete" });
    const [kept] = await web.services.database.db
      .select()
      .from(knowledgePassages)
      .where(and(eq(knowledgePassages.kind, "web"), eq(knowledgePassages.url, `${base}/kestrel`)));
    expect(kept?.content).toContain("Spring tides at Kestrel Bay reach 5.2 metres");
    expect(kept?.content).not.toContain("Charts · About");
    expect(kept?.favicon).toBe(`${base}/icons/tide.png`);
  });

  it("never reads a page on a private address, and says so in the sources", async () => {
    pageRequests.length = 0;
    const token = await guarded.newUser("careful@example.com");
    const events = await readSse(
      await guarded.request("/api/jigsaw-search", {
        method: "POST",
        token,
        json: { query: "Kestrel Bay tides", options: { ai_overview: false } },
      }),
    );
    const sources = events.find((e) => e.type === "sources")!.sources as { note?: string }[];
    expect(sources.map((s) => s.note)).toEqual(
      Array(3).fill("Skipped: that address is not reachable from Tessera."),
    );
    expect(events.at(-1)).toMatchObject({ type: "complete" });
    expect(pageRequests).toEqual([]);
  });

  it("ends with one error event in the spec's words when the provider fails, and saves the failure", async () => {
    mode = "fail";
    const token = await web.newUser("storm@example.com");
    const events = await readSse(
      await web.request("/api/jigsaw-search", { method: "POST", token, json: { query: "storm warning" } }),
    );
    expect(events.at(-1)).toEqual({ type: "error", error: "SEARCH_FAILED", message: SEARCH_MESSAGES.failed });
    const list = (await (await web.request("/api/searches", { token })).json()) as SearchSummary[];
    expect(list[0]).toMatchObject({ query: "storm warning", status: "error" });
  });

  describe("a search nobody finishes", () => {
    /** Starts a search the search API holds until `release`, read until it says it is searching. */
    async function heldSearch(token: string, query: string, signal?: AbortSignal) {
      mode = "hang";
      const res = await web.request("/api/jigsaw-search", { method: "POST", token, json: { query }, signal });
      const { events, reader } = await readUntil(res, (e) => e.type === "searching");
      const listed = async () =>
        ((await (await web.request("/api/searches", { token })).json()) as SearchSummary[])[0];
      expect(await listed()).toMatchObject({ query, status: "running" });
      return { searchId: events[0]!.searchId as string, reader, listed };
    }

    it("whose client leaves while it searches goes on to its end, and is stored whole", async () => {
      const token = await web.newUser("gone@example.com");
      const client = new AbortController();
      const { searchId, listed } = await heldSearch(token, "fog horn hours", client.signal);
      client.abort();
      await new Promise((r) => setTimeout(r, 300));
      expect(await listed()).toMatchObject({ status: "running" });
      release?.();
      mode = "ok";
      await expect.poll(async () => (await listed())?.status, { timeout: 10_000 }).toBe("complete");
      const saved = (await (await web.request(`/api/searches/${searchId}`, { token })).json()) as SavedSearch;
      expect(saved.sources.map((s) => s.title)).toContain("Tide tables for Kestrel Bay");
      expect(saved.overview).not.toBe("");
    });

    it("stopped while it searches, it is closed as failed at once", async () => {
      const token = await web.newUser("halt@example.com");
      const { searchId, reader, listed } = await heldSearch(token, "foghorn schedule");
      const res = await web.request(`/api/searches/${searchId}/stop`, { method: "POST", token });
      expect(res.status).toBe(204);
      expect(await listed()).toMatchObject({ status: "error" });
      await readRest(reader);
      release?.();
      mode = "ok";
    });

    it("left running by a process that died is closed as failed by the sweep", async () => {
      const token = await web.newUser("crashed@example.com");
      const events = await readSse(
        await web.request("/api/jigsaw-search", { method: "POST", token, json: { query: "tide bell" } }),
      );
      const searchId = events[0]!.searchId as string;
      const db = web.services.database.db;
      // As a crash would leave it: half stored, still running.
      await db
        .update(searches)
        .set({ status: "running", overview: "Half an overview" })
        .where(eq(searches.id, searchId));
      // Not while its writer's lease lasts; once it ran out, it is.
      expect((await web.services.answers.sweep()).searches).toBe(0);
      expect((await sweepAsIfDead(web.services)).searches).toBeGreaterThanOrEqual(1);
      const saved = (await (await web.request(`/api/searches/${searchId}`, { token })).json()) as SavedSearch;
      expect(saved).toMatchObject({ status: "error", overview: "Half an overview" });
    });
  });
});

describe("citation renumbering", () => {
  it("maps markers, including one split across chunks", () => {
    const r = createCiteRenumberer((n) => ({ 1: 3, 2: 1 })[n]);
    const out = [r.push("Lamp [1] and beam ["), r.push("2] and ["), r.push("9]."), r.flush()].join("");
    expect(out).toBe("Lamp [3] and beam [1] and [9].");
  });

  it("derives Tessera Local's related questions from the source titles, with one question mark each", () => {
    const source = (title: string) => ({ title, url: "/x", snippet: "", domain: "" });
    expect(
      followUpsFromSources("When does the bittern boom?? ", [
        source("Field guide"),
        source("Field guide"),
        source("Boardwalk  rules"),
      ]),
    ).toEqual([
      'When does the bittern boom, according to "Field guide"?',
      'When does the bittern boom, according to "Boardwalk rules"?',
    ]);
  });

  it("words Tessera Local's related questions in the reader's language", () => {
    const sources = [{ title: "Field guide", url: "/x", snippet: "", domain: "" }];
    expect(followUpsFromSources("Wann ruft die Rohrdommel?", sources, "de")).toEqual([
      "Wann ruft die Rohrdommel – laut „Field guide“?",
    ]);
    expect(followUpsFromSources("サンカノゴイはいつ鳴く？", sources, "ja")).toEqual([
      "「Field guide」によると、サンカノゴイはいつ鳴く？",
    ]);
  });

  it("reads suggested questions from a model's lines", () => {
    expect(parseQuestions("1. What is X?\n- Why Y?\nnot a question\n* How about Z?\nWhen?")).toEqual([
      "What is X?",
      "Why Y?",
      "How about Z?",
    ]);
    expect(parseQuestions("• Is a bullet a marker?\n2) And this one?")).toEqual([
      "Is a bullet a marker?",
      "And this one?",
    ]);
  });
});
