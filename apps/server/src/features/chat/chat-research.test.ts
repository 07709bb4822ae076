import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { findCatalogueModel } from "@tessera/contracts";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "../../db/schema";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, readSse, type TestApp } from "../../test/test-app";

// A research model upstream (OpenRouter's protocol on loopback), a web search provider (Tavily's
// JSON) and the page it finds, all on loopback; the app may read loopback pages (development switch).
let llm: OpenAiCompatibleServer;
let web: Server;
let webBase: string;
let t: TestApp;
let token: string;
let searchFails = false;
/** While set, the search provider answers only once it settles. */
let holdSearch: Promise<void> | null = null;
/** The model Tessera Research asks on OpenRouter, and the answer its script gives. */
const MODEL_CALLED = findCatalogueModel("tessera-research")!.upstream;
beforeAll(async () => {
  llm = await startOpenAiCompatibleServer({
    scripts: {
      [MODEL_CALLED]: {
        kind: "stream",
        chunks: ["The beacon", " burned whale oil."],
        usage: { prompt_tokens: 40, completion_tokens: 6, cost: 0.00042 },
      },
    },
  });
  web = createServer((req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "text/html" });
      return res.end(`<html><head><title>The Farrow beacon</title></head><body><article>
        <p>The Farrow beacon was first lit in 1781 and burned whale oil until the 1890s.</p>
        <p>${"Keepers trimmed the wicks every night and logged the weather at dawn. ".repeat(6)}</p>
        </article></body></html>`);
    }
    req.resume();
    req.on("end", () => {
      void Promise.resolve(holdSearch).then(() => {
        res.writeHead(searchFails ? 503 : 200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            results: [
              { title: "The Farrow beacon", url: `${webBase}/farrow`, content: "A beacon on Farrow Point." },
            ],
          }),
        );
      });
    });
  });
  await new Promise<void>((r) => web.listen(0, "127.0.0.1", r));
  webBase = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
  t = await createTestApp({
    OPENROUTER_API_KEY: "sk-or-test",
    OPENROUTER_BASE_URL: llm.url,
    TAVILY_API_KEY: "tvly-test",
    TAVILY_BASE_URL: webBase,
    OUTBOUND_ALLOW_PRIVATE: "true",
  });
  token = await t.newUser("historian@example.com");
});
afterAll(async () => {
  await t.close();
  await llm.close();
  await new Promise<void>((r) => web.close(() => r()));
});

const ask = async (body: Record<string, unknown>) => {
  const before = llm.requests.length;
  const events = await readSse(
    await t.request("/api/chat-stream", {
      method: "POST",
      token,
      json: { message: "What did the Farrow beacon burn?", model: "tessera-research", ...body },
    }),
  );
  const sent = llm.requests.slice(before).find((r) => r.method === "POST");
  const system = JSON.stringify(sent?.body.messages ?? []);
  return { events, system, done: events.at(-1)! };
};

describe("research in chat", () => {
  it("with deep crawl, the model reads the top pages in full while the client gets only the sources", async () => {
    const { system, done } = await ask({ research: true, deepCrawl: true });
    expect(done.type).toBe("complete");
    expect(system).toContain("burned whale oil until the 1890s");
    expect(done.sources).toEqual([
      { title: "The Farrow beacon", url: `${webBase}/farrow`, snippet: "A beacon on Farrow Point." },
    ]);
  });

  it("without deep crawl, the model reads the provider's snippets only", async () => {
    const { system, done } = await ask({ research: true });
    expect(system).toContain("A beacon on Farrow Point.");
    // The page read earlier is in the local index now, but research asked the web, not the index.
    expect(system).not.toContain("whale oil");
    expect(done.type).toBe("complete");
  });

  it("without research, no sources are looked up", async () => {
    const { system } = await ask({});
    expect(system).not.toContain("Farrow Point");
  });

  it("stores the answer with the tokens and the cost the provider reported", async () => {
    const { done } = await ask({ research: true });
    expect(done).toMatchObject({ type: "complete", outputTokens: 6 });
    const [stored] = await t.services.database.db
      .select()
      .from(messages)
      .where(eq(messages.id, done.messageId as string));
    expect(stored).toMatchObject({
      content: "The beacon burned whale oil.",
      status: "complete",
      tokensUsed: 6,
      cost: 0.00042,
      sources: done.sources,
    });
  });

  it("falls back to the workspace's own knowledge when the web provider fails", async () => {
    searchFails = true;
    try {
      const { system, done } = await ask({ research: true, deepCrawl: true });
      expect(done.type).toBe("complete");
      // The page the first search kept in the local index answers now.
      expect(system).toContain("whale oil");
    } finally {
      searchFails = false;
    }
  });

  it("is followed from the moment its turn is stored, while its sources are still being gathered", async () => {
    let release!: () => void;
    holdSearch = new Promise<void>((resolve) => (release = resolve));
    try {
      const asking = ask({ research: true });
      const db = t.services.database.db;
      let answerId: string | undefined;
      for (let i = 0; i < 200 && !answerId; i++) {
        const [row] = await db
          .select({ id: messages.id })
          .from(messages)
          .where(and(eq(messages.role, "assistant"), eq(messages.status, "streaming")))
          .orderBy(desc(messages.createdAt))
          .limit(1);
        answerId = row?.id;
        if (!answerId) await new Promise((r) => setTimeout(r, 25));
      }
      const res = await t.request(`/api/chat-stream/${answerId}/follow`, { token });
      expect(res.status).toBe(200);
      release();
      const events = await readSse(res);
      expect(events[0]).toEqual({ type: "resume", messageId: answerId, content: "" });
      const text = events.map((e) => (e.type === "chunk" ? (e.content as string) : "")).join("");
      expect(text).toBe("The beacon burned whale oil.");
      expect(events.at(-1)).toEqual({ type: "end" });
      expect((await asking).done).toMatchObject({ type: "complete", messageId: answerId });
    } finally {
      release();
      holdSearch = null;
    }
  });
});
