// The built web app as the server hands it out: hashed assets compressed when the browser accepts it
// and cached for a year, every other page answered with index.html, and the API never shadowed by it.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "./app";
import { scratchDirs } from "./test/scratch-dirs";
import { createTestApp, type TestApp } from "./test/test-app";

const scratch = scratchDirs("tessera-web-");

let t: TestApp;
let app: ReturnType<typeof createApp>;
const script = `export const greeting = ${JSON.stringify("hello ".repeat(500))};\n`;

beforeAll(async () => {
  t = await createTestApp();
  const webDist = scratch();
  mkdirSync(join(webDist, "assets"));
  writeFileSync(join(webDist, "index.html"), "<!doctype html><title>Tessera</title>");
  writeFileSync(join(webDist, "assets/app-1a2b3c.js"), script);
  writeFileSync(join(webDist, "assets/app-1a2b3c.js.gz"), gzipSync(script));
  writeFileSync(join(webDist, "assets/app-1a2b3c.js.br"), brotliCompressSync(script));
  writeFileSync(join(webDist, "assets/small-9f8e7d.js"), "export {};\n");
  app = createApp(t.services, { webDist });
});
afterAll(() => t.close());

const get = (path: string, encoding?: string) =>
  app.request(path, { headers: encoding ? { "accept-encoding": encoding } : {} });

describe("the web app's files", () => {
  it("sends Brotli to a browser that accepts it, and gzip to one that accepts only gzip", async () => {
    const br = await get("/assets/app-1a2b3c.js", "gzip, deflate, br");
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toMatch(/javascript/);
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(brBytes).toString()).toBe(script);

    const gz = await get("/assets/app-1a2b3c.js", "gzip");
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(script);
  });

  it("sends the plain file to a client that accepts no compression, or when no copy was written", async () => {
    const plain = await get("/assets/app-1a2b3c.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(script);

    const small = await get("/assets/small-9f8e7d.js", "br, gzip");
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.text()).toBe("export {};\n");
  });

  it("caches hashed assets for a year and pages never", async () => {
    expect((await get("/assets/app-1a2b3c.js", "br")).headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    const page = await get("/dashboard/chat");
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-cache");
    expect(await page.text()).toContain("<title>Tessera</title>");
  });

  it("leaves unknown API paths to the API: a 401 without a session, a 404 JSON with one", async () => {
    const anonymous = await get("/api/no-such-route");
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("content-type")).toMatch(/json/);
    const token = await t.newUser("web-app@example.com");
    const res = await app.request("/api/no-such-route", { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });

  it("lists a page's route code in its HTML where the build named it, and warns of a file it cannot use", async () => {
    const head = "<!doctype html><html><head><title>Tessera</title></head><body></body></html>";
    const named = scratch();
    writeFileSync(join(named, "index.html"), head);
    writeFileSync(
      join(named, "route-preloads.json"),
      JSON.stringify({ "/dashboard/chat": { scripts: ["/assets/chat-route-c3.js"], styles: [] } }),
    );
    const withPreloads = createApp(t.services, { webDist: named });
    const chat = await withPreloads.request("/dashboard/chat");
    expect(chat.headers.get("cache-control")).toBe("no-cache");
    expect(await chat.text()).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/chat-route-c3.js">',
    );
    expect(await (await withPreloads.request("/dashboard/compare")).text()).toBe(head);

    const broken = scratch();
    writeFileSync(join(broken, "index.html"), head);
    writeFileSync(join(broken, "route-preloads.json"), JSON.stringify({ "/dashboard/chat": "everything" }));
    const warn = vi.spyOn(t.services.logger, "warn");
    try {
      const withBroken = createApp(t.services, { webDist: broken });
      expect(await (await withBroken.request("/dashboard/chat")).text()).toBe(head);
      expect(warn).toHaveBeenCalledWith(
        expect.objectContaining({
          event: "web.route_preloads.unused",
          reason: expect.stringMatching(/route-preloads/) as string,
        }),
        expect.any(String),
      );
    } finally {
      warn.mockRestore();
    }
  });
});

describe("a new build written under a running server", () => {
  it("answers a missing asset 404 in JSON, never the app's HTML", async () => {
    for (const path of ["/assets/gone-123abc.js", "/assets/gone-123abc.css", "/assets/nested/x.js"]) {
      const res = await get(path, "br, gzip");
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      const body = await res.text();
      expect(body, path).not.toContain("<title>");
      expect(JSON.parse(body), path).toMatchObject({ error: { code: "NOT_FOUND" } });
      expect(res.headers.get("cache-control") ?? "", path).not.toContain("immutable");
    }
  });

  it("keeps serving the build it started with: its index.html and its chunks", async () => {
    const dist = scratch();
    mkdirSync(join(dist, "assets"));
    writeFileSync(
      join(dist, "index.html"),
      '<!doctype html><title>Old</title><script src="/assets/old-1.js">',
    );
    writeFileSync(join(dist, "assets/old-1.js"), "export const build = 'old';\n");
    const running = createApp(t.services, { webDist: dist });
    // The process reads its build at start; a first page waits for that read to end (a fixed pause
    // was not always long enough on a busy machine).
    expect(await (await running.request("/")).text()).toContain("<title>Old</title>");

    // The deploy swaps the folder's content: a new index.html, new chunks, the old ones gone.
    rmSync(join(dist, "assets"), { recursive: true });
    mkdirSync(join(dist, "assets"));
    writeFileSync(
      join(dist, "index.html"),
      '<!doctype html><title>New</title><script src="/assets/new-2.js">',
    );
    writeFileSync(join(dist, "assets/new-2.js"), "export const build = 'new';\n");

    expect(await (await running.request("/dashboard")).text()).toContain("<title>Old</title>");
    const old = await running.request("/assets/old-1.js");
    expect(old.status).toBe(200);
    expect(old.headers.get("content-type")).toMatch(/javascript/);
    expect(await old.text()).toContain("'old'");
    // A chunk of the new build is not this process's: a 404, as for any chunk it does not have.
    expect((await running.request("/assets/new-2.js")).status).toBe(404);

    // A process started after the deploy serves the new build.
    const next = createApp(t.services, { webDist: dist });
    expect(await (await next.request("/dashboard")).text()).toContain("<title>New</title>");
    expect((await next.request("/assets/new-2.js")).status).toBe(200);
    expect((await next.request("/assets/old-1.js")).status).toBe(404);
  });
});
