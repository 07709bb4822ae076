import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createImageProxySigner } from "../../lib/image-proxy-signature";
import { TINY_PNG } from "../../test/tiny-pdf";
import { createTestApp, type TestApp } from "../../test/test-app";

// One loopback "image host"; `open` may reach it (development switch), `guarded` must not.
let host: Server;
let base: string;
let open: TestApp;
let guarded: TestApp;
let token: string;
let guardedToken: string;
const hits: string[] = [];
beforeAll(async () => {
  host = createServer((req, res) => {
    hits.push(req.url ?? "");
    if (req.url === "/logo.png" || req.url === "/thumb.png")
      return res.writeHead(200, { "content-type": "image/png" }).end(TINY_PNG);
    if (req.url === "/favicon.ico")
      return res
        .writeHead(200, { "content-type": "image/x-icon" })
        .end(Buffer.from([0, 0, 1, 0, 1, 0, 16, 16]));
    if (req.url === "/lying.png")
      return res.writeHead(200, { "content-type": "image/png" }).end("<script>alert(1)</script>");
    if (req.url === "/icon.svg")
      return res
        .writeHead(200, { "content-type": "image/svg+xml" })
        .end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    if (req.url === "/huge.png")
      return res
        .writeHead(200, { "content-type": "image/png" })
        .end(Buffer.concat([Buffer.from(TINY_PNG), Buffer.alloc(4 * 1024 * 1024)]));
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => host.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  open = await createTestApp({ OUTBOUND_ALLOW_PRIVATE: "true" });
  guarded = await createTestApp();
  token = await open.newUser("viewer@example.com");
  guardedToken = await guarded.newUser("viewer@example.com");
});
afterAll(async () => {
  await open.close();
  await guarded.close();
  await new Promise<void>((r) => host.close(() => r()));
});

const proxy = (app: TestApp, who: string, url: string) =>
  app.request(`/api/image-proxy?url=${encodeURIComponent(url)}`, { token: who });

describe("GET /api/image-proxy", () => {
  it("serves an image from its own origin with its proven type, and caches it", async () => {
    hits.length = 0;
    const res = await proxy(open, token, `${base}/logo.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toBe("private, max-age=86400");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG);
    expect((await proxy(open, token, `${base}/logo.png`)).status).toBe(200);
    expect(hits).toEqual(["/logo.png"]);

    const ico = await proxy(open, token, `${base}/favicon.ico`);
    expect(ico.status).toBe(200);
    expect(ico.headers.get("content-type")).toBe("image/x-icon");
  });

  it("passes on nothing that is not a raster image, too large or missing", async () => {
    for (const path of ["/lying.png", "/icon.svg", "/huge.png", "/missing.png"]) {
      const res = await proxy(open, token, `${base}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toContain("application/json");
      expect(res.headers.get("cache-control"), path).toBe("no-store");
    }
  });

  it("refuses private addresses (the host is never contacted), bad input and strangers", async () => {
    hits.length = 0;
    for (const url of [`${base}/logo.png`, "http://169.254.169.254/latest/meta-data", "http://[::1]/x.png"])
      expect((await proxy(guarded, guardedToken, url)).status, url).toBe(404);
    expect(hits).toEqual([]);
    expect((await proxy(guarded, guardedToken, "file:///etc/passwd")).status).toBe(400);
    expect((await proxy(guarded, guardedToken, "/relative.png")).status).toBe(400);
    expect((await guarded.request("/api/image-proxy", { token: guardedToken })).status).toBe(400);
    expect(
      (await guarded.request(`/api/image-proxy?url=${encodeURIComponent(`${base}/logo.png`)}`)).status,
    ).toBe(401);
  });
});

describe("GET /api/image-proxy with an address the server signed", () => {
  const errorOf = async (res: Response) =>
    ((await res.json()) as { error: { message: string } }).error.message;

  it("serves the picture to an <img>, which sends no bearer token", async () => {
    hits.length = 0;
    const src = open.services.imageProxy.src(`${base}/thumb.png`)!;
    expect(src).toMatch(/^\/api\/image-proxy\?url=[^&]+&exp=\d+&sig=[\w-]{43}$/);
    const res = await open.request(src);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(TINY_PNG);
    // A bearer token alongside changes nothing.
    expect((await open.request(src, { token })).status).toBe(200);
    expect(hits).toEqual(["/thumb.png"]);
  });

  it("signs only web addresses, and keeps one address for a while so the browser's copy is used", () => {
    const { src } = open.services.imageProxy;
    for (const url of [undefined, "", "javascript:alert(1)", "data:image/png;base64,AAAA", "/files/a.png"])
      expect(src(url), String(url)).toBeUndefined();
    const now = Date.now();
    expect(src(`${base}/logo.png`, now)).toBe(src(`${base}/logo.png`, now + 1000));
  });

  it("refuses a signature for another address, a forged or foreign one, and an expired one", async () => {
    hits.length = 0;
    const good = new URL(open.services.imageProxy.src(`${base}/logo.png`)!, "http://x");
    const exp = good.searchParams.get("exp")!;
    const sig = good.searchParams.get("sig")!;
    const at = (url: string, e: string, s: string) =>
      `/api/image-proxy?${new URLSearchParams({ url, exp: e, sig: s }).toString()}`;
    const foreign = createImageProxySigner("another instance's auth secret, 32+ chars");
    const refused = [
      // The signature of one picture does not open another (here, the cloud metadata address).
      at("http://169.254.169.254/latest/meta-data", exp, sig),
      at(`${base}/favicon.ico`, exp, sig),
      // A later expiry is not what was signed.
      at(`${base}/logo.png`, String(Number(exp) + 3600), sig),
      at(`${base}/logo.png`, exp, `${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`),
      at(`${base}/logo.png`, exp, `${sig}=`),
      at(`${base}/logo.png`, exp, ""),
      new URL(foreign.src(`${base}/logo.png`)!, "http://x").pathname +
        new URL(foreign.src(`${base}/logo.png`)!, "http://x").search,
      `/api/image-proxy?url=${encodeURIComponent(`${base}/logo.png`)}&exp=${exp}`,
      `/api/image-proxy?url=${encodeURIComponent(`${base}/logo.png`)}&sig=${sig}`,
    ];
    for (const path of refused) {
      const res = await open.request(path);
      expect(res.status, path).toBe(403);
      expect(await errorOf(res), path).toBe("This image address was not signed by this server.");
    }
    const stale = open.services.imageProxy.src(`${base}/logo.png`, Date.now() - 2 * 60 * 60_000)!;
    const expired = await open.request(stale);
    expect(expired.status).toBe(403);
    expect(await errorOf(expired)).toBe("This image address has expired. Reload the page to see it.");
    expect(hits).toEqual([]);
  });

  it("still goes through the guarded client: a signed private address is never contacted", async () => {
    hits.length = 0;
    for (const url of [`${base}/logo.png`, "http://169.254.169.254/latest/meta-data", "http://[::1]/x.png"])
      expect((await guarded.request(guarded.services.imageProxy.src(url)!)).status, url).toBe(404);
    expect(hits).toEqual([]);
  });
});
