// Each provider against a loopback server answering in that API's JSON shape: what is sent (path,
// query, headers, body) and how the answer maps onto results and images.
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBrave } from "./brave";
import { createJigsawStack } from "./jigsawstack";
import { createSearchProvider } from "./registry";
import { createSearxng } from "./searxng";
import { createTavily } from "./tavily";
import { SearchProviderError, type SearchRequest } from "./types";

interface Seen {
  method: string;
  url: URL;
  headers: IncomingMessage["headers"];
  body: unknown;
}
type Reply = { status: number; body: unknown };

let base = "";
const seen: Seen[] = [];
let reply: (req: Seen) => Reply = () => ({ status: 404, body: {} });
const server = createServer((req, res) => {
  let raw = "";
  req.on("data", (c: Buffer) => (raw += c.toString()));
  req.on("end", () => {
    const s: Seen = {
      method: req.method ?? "",
      url: new URL(req.url ?? "/", base),
      headers: req.headers,
      body: raw ? (JSON.parse(raw) as unknown) : undefined,
    };
    seen.push(s);
    const r = reply(s);
    res.writeHead(r.status, { "content-type": "application/json" });
    res.end(typeof r.body === "string" ? r.body : JSON.stringify(r.body));
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const request: SearchRequest = { query: "tide tables", safeSearch: "moderate", limit: 5, userId: "u1" };
const last = (path: string) => seen.filter((s) => s.url.pathname === path).at(-1)!;

describe("SearXNG", () => {
  it("asks for JSON with moderate safe search and maps results and images", async () => {
    reply = (s) =>
      s.url.searchParams.get("categories") === "images"
        ? {
            status: 200,
            body: {
              results: [
                {
                  url: "https://img.example/p",
                  title: "Tide chart",
                  img_src: "https://img.example/tide.png",
                },
              ],
            },
          }
        : {
            status: 200,
            body: {
              results: [
                {
                  url: "https://tides.example/a",
                  title: "Tide tables",
                  content: "High and low water",
                  thumbnail: "https://tides.example/t.png",
                },
                { url: "javascript:alert(1)", title: "Bad", content: "x" },
              ],
            },
          };
    const out = await createSearxng({ url: `${base}/searx/`, timeoutMs: 2000 }).search(request);
    const sent = last("/searx/search");
    expect(sent.url.searchParams.get("format")).toBe("json");
    expect(sent.url.searchParams.get("safesearch")).toBe("1");
    expect(sent.url.searchParams.get("q")).toBe("tide tables");
    expect(out.results).toEqual([
      {
        title: "Tide tables",
        url: "https://tides.example/a",
        snippet: "High and low water",
        thumbnail: "https://tides.example/t.png",
      },
    ]);
    expect(out.images).toEqual([{ url: "https://img.example/tide.png", alt: "Tide chart" }]);
  });
});

describe("Tavily", () => {
  it("posts the query with a bearer key and maps content, favicons and described images", async () => {
    reply = () => ({
      status: 200,
      body: {
        query: "tide tables",
        results: [
          {
            title: "Tides",
            url: "https://tides.example/b",
            content: "Snippet",
            raw_content: "Full page text",
            score: 0.9,
            favicon: "https://tides.example/f.ico",
          },
        ],
        images: [{ url: "https://img.example/1.jpg", description: "A harbour" }, "https://img.example/2.jpg"],
      },
    });
    const out = await createTavily({ apiKey: "tvly-secret", baseURL: base, timeoutMs: 2000 }).search(request);
    const sent = last("/search");
    expect(sent.method).toBe("POST");
    expect(sent.headers.authorization).toBe("Bearer tvly-secret");
    expect(sent.body).toMatchObject({
      query: "tide tables",
      max_results: 5,
      include_images: true,
      safe_search: true,
    });
    expect(out.results).toEqual([
      {
        title: "Tides",
        url: "https://tides.example/b",
        snippet: "Snippet",
        content: "Full page text",
        favicon: "https://tides.example/f.ico",
      },
    ]);
    expect(out.images).toEqual([
      { url: "https://img.example/1.jpg", alt: "A harbour" },
      { url: "https://img.example/2.jpg", alt: "" },
    ]);
  });
});

describe("Brave", () => {
  it("sends the subscription token and safesearch, strips highlight markup, and reads images", async () => {
    reply = (s) =>
      s.url.pathname.endsWith("/images/search")
        ? {
            status: 200,
            body: {
              results: [
                {
                  title: "Harbour",
                  properties: { url: "https://img.example/h.jpg" },
                  thumbnail: { src: "https://thumbs.example/h.jpg" },
                },
              ],
            },
          }
        : {
            status: 200,
            body: {
              web: {
                results: [
                  {
                    title: "<strong>Tide</strong> tables",
                    url: "https://tides.example/c",
                    description: "Low <strong>tide</strong> at noon",
                    meta_url: { favicon: "https://fav.example/c.png" },
                  },
                ],
              },
            },
          };
    const out = await createBrave({ apiKey: "brave-secret", baseURL: base, timeoutMs: 2000 }).search(request);
    const web = last("/res/v1/web/search");
    expect(web.headers["x-subscription-token"]).toBe("brave-secret");
    expect(web.url.searchParams.get("safesearch")).toBe("moderate");
    expect(last("/res/v1/images/search").url.searchParams.get("safesearch")).toBe("strict");
    expect(out.results).toEqual([
      {
        title: "Tide tables",
        url: "https://tides.example/c",
        snippet: "Low tide at noon",
        thumbnail: undefined,
        favicon: "https://fav.example/c.png",
      },
    ]);
    expect(out.images).toEqual([{ url: "https://img.example/h.jpg", alt: "Harbour" }]);
  });
});

describe("JigsawStack", () => {
  it("sends x-api-key, moderate safe search and no overview; maps results and image URLs", async () => {
    reply = () => ({
      status: 200,
      body: {
        success: true,
        results: [
          {
            title: "Tide guide",
            url: "https://tides.example/d",
            description: "Guide",
            content: "Long text",
            favicon: "https://tides.example/d.ico",
            is_safe: true,
          },
        ],
        image_urls: ["https://img.example/d.jpg", "ftp://nope"],
      },
    });
    const out = await createJigsawStack({ apiKey: "sk-jigsaw", baseURL: base, timeoutMs: 2000 }).search(
      request,
    );
    const sent = last("/v1/web/search");
    expect(sent.headers["x-api-key"]).toBe("sk-jigsaw");
    expect(sent.url.searchParams.get("safe_search")).toBe("moderate");
    expect(sent.url.searchParams.get("ai_overview")).toBe("false");
    expect(out.results[0]).toMatchObject({ title: "Tide guide", snippet: "Guide", content: "Long text" });
    expect(out.images).toEqual([{ url: "https://img.example/d.jpg", alt: "" }]);
  });
});

describe("failures and choice", () => {
  it("turns an error status or a malformed answer into a SearchProviderError that never repeats the key", async () => {
    reply = () => ({ status: 500, body: { error: "boom with brave-secret" } });
    const failed = await createBrave({ apiKey: "brave-secret", baseURL: base, timeoutMs: 2000 })
      .search(request)
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SearchProviderError);
    expect((failed as SearchProviderError).status).toBe(500);
    expect(String((failed as Error).message)).not.toContain("brave-secret");

    reply = () => ({ status: 200, body: "not json" });
    await expect(
      createTavily({ apiKey: "k", baseURL: base, timeoutMs: 2000 }).search(request),
    ).rejects.toThrow(/tavily sent/);
  });

  it("uses the first configured provider, else the local index", async () => {
    const index = () =>
      Promise.resolve({ results: [{ title: "Help", url: "/help/x", snippet: "s" }], images: [] });
    expect(createSearchProvider({ timeoutMs: 1000 }, index).id).toBe("local");
    expect(
      createSearchProvider({ timeoutMs: 1000, brave: { apiKey: "b" }, tavily: { apiKey: "t" } }, index).id,
    ).toBe("tavily");
    expect(
      createSearchProvider({ timeoutMs: 1000, searxng: { url: base }, jigsawstack: { apiKey: "j" } }, index)
        .id,
    ).toBe("searxng");
    const local = await createSearchProvider({ timeoutMs: 1000 }, index).search(request);
    expect(local).toEqual({
      provider: "local",
      results: [{ title: "Help", url: "/help/x", snippet: "s" }],
      images: [],
    });
  });
});
