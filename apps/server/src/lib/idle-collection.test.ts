import { once } from "node:events";
import { createServer, get, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { PerformanceObserver, constants } from "node:perf_hooks";
import { afterEach, describe, expect, it } from "vitest";
import { collectWhenIdle } from "./idle-collection";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const servers: ReturnType<typeof createServer>[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((done) => s.close(done))));
});

/** A server whose /slow response stays open until `finish` is called. */
async function start(idleMs: number, collect: () => void) {
  let open: ServerResponse | null = null;
  const server = createServer((req, res) => {
    if (req.url === "/slow") {
      res.writeHead(200);
      res.write("started");
      open = res;
      return;
    }
    res.end("ok");
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  collectWhenIdle(server, idleMs, collect);
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const request = (path: string) =>
    new Promise<void>((resolve, reject) => {
      get(`${url}${path}`, (res) => {
        res.once("data", () => resolve());
        res.resume();
      }).once("error", reject);
    });
  return { request, finish: () => open?.end() };
}

/** Waits until `done()` holds, checking every 10 ms, for at most 5 s. */
async function until(done: () => boolean) {
  for (const deadline = Date.now() + 5_000; !done(); await sleep(10))
    if (Date.now() > deadline) throw new Error("timed out");
}

describe("collectWhenIdle", () => {
  it("collects once the server has been idle, and again only after the next request", async () => {
    const at: number[] = [];
    const started = performance.now();
    const { request } = await start(100, () => at.push(performance.now()));
    await until(() => at.length === 1); // start-up's garbage
    expect(at[0]! - started).toBeGreaterThanOrEqual(95);
    await sleep(300);
    expect(at).toHaveLength(1); // still idle: not again
    const asked = performance.now();
    await request("/fast");
    await until(() => at.length === 2);
    expect(at[1]! - asked).toBeGreaterThanOrEqual(95);
  });

  it("does not collect while a request or stream is open, and does once it has closed", async () => {
    const at: number[] = [];
    const { request, finish } = await start(200, () => at.push(performance.now()));
    await request("/slow");
    await sleep(600);
    expect(at).toHaveLength(0);
    const closed = performance.now();
    finish();
    await until(() => at.length === 1);
    expect(at[0]! - closed).toBeGreaterThanOrEqual(195);
  });

  it("runs a full (mark-compact) collection by default", async () => {
    const kinds: number[] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        kinds.push((entry as unknown as { detail: { kind: number } }).detail.kind);
    });
    observer.observe({ entryTypes: ["gc"] });
    try {
      const server = createServer((_req, res) => res.end());
      servers.push(server);
      collectWhenIdle(server, 20);
      await sleep(120);
    } finally {
      observer.disconnect();
    }
    expect(kinds).toContain(constants.NODE_PERFORMANCE_GC_MAJOR);
  });
});
