// An event stream on the Node server is written straight to the response once every middleware has set
// its headers; in process (no Node response) it is a web stream. Both carry the same events; the direct
// one waits for the socket to drain, tells the producer when the client leaves, and drains the producer.
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOpenStreams, settlesWithin } from "../streams/open-streams";
import { sseHandOff, sseResponse } from "./sse-response";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BIG = "x".repeat(64 * 1024);

let server: ServerType;
let port = 0;
const log: string[] = [];
const live = createOpenStreams();

/** A producer that outlives its client: a first event, then 30 × 20 ms unless aborted. */
function outliving(name: string, firstAfterMs = 0) {
  return async function* (signal: AbortSignal) {
    if (firstAfterMs) await sleep(firstAfterMs);
    yield { type: "start" };
    for (let i = 0; i < 30 && !signal.aborted; i++) await sleep(20);
    log.push(signal.aborted ? `${name}: aborted` : `${name}: not aborted`);
    yield { type: "complete" }; // written nowhere once the client left
    log.push(`${name}: finished`);
  };
}

function buildApp() {
  const app = new Hono();
  app.use(sseHandOff());
  // A header set after the handler, as the security headers are: it must reach the client.
  app.use(async (c, next) => {
    await next();
    c.header("X-After", "set after the handler");
  });
  // Middlewares that take their time after the handler, or answer instead of it.
  app.use("/primed", async (_c, next) => {
    await next();
    await sleep(50);
    log.push("headers settled");
  });
  app.use("/replaced", async (c, next) => {
    await next();
    c.res = c.json({ error: "a later failure" }, 500);
  });
  app.get("/primed", (c) =>
    sseResponse(c, async function* () {
      log.push("producer started");
      await Promise.resolve();
      yield { type: "start" };
    }),
  );
  app.get("/replaced", (c) =>
    sseResponse(c, async function* (signal) {
      log.push("replaced: started");
      for (let i = 0; i < 100 && !signal.aborted; i++) await sleep(10);
      log.push(signal.aborted ? "replaced: aborted" : "replaced: not aborted");
      yield { type: "start" }; // drained: written nowhere
      log.push("replaced: finished");
    }),
  );
  app.get("/late-start", (c) =>
    sseResponse(c, async function* () {
      await sleep(150); // as a model call that takes its time to go out
      yield { type: "start" };
      yield { type: "chunk", n: 1 };
    }),
  );
  app.get("/events", (c) =>
    sseResponse(c, async function* () {
      for (let i = 1; i <= 3; i++) {
        await Promise.resolve(); // as a model's parts arrive: one at a time
        yield { type: "chunk", n: i };
      }
    }),
  );
  app.get("/big", (c) =>
    sseResponse(c, async function* () {
      for (let i = 0; i < 200; i++) {
        await Promise.resolve();
        yield { n: i, pad: BIG };
      }
    }),
  );
  app.get("/slow", (c) =>
    sseResponse(c, async function* (signal) {
      yield { type: "start" };
      for (let i = 0; i < 100 && !signal.aborted; i++) await sleep(20);
      log.push(signal.aborted ? "slow: aborted" : "slow: not aborted");
      yield { type: "late" }; // drained: written nowhere
      log.push("slow: finished");
    }),
  );
  app.get("/paced", (c) =>
    sseResponse(c, async function* (signal) {
      yield { type: "start" };
      for (let i = 0; i < 100 && !signal.aborted; i++) {
        await sleep(10);
        yield { type: "chunk", n: i };
      }
      log.push(signal.aborted ? "paced: aborted" : "paced: not aborted");
      yield { type: "complete" }; // written nowhere once the client left
      log.push("paced: finished");
    }),
  );
  app.get("/outlives", (c) =>
    sseResponse(c, outliving("outlives"), {
      track: (controller) => live.track(controller, "answer-1"),
      outliveClient: true,
    }),
  );
  app.get("/outlives-late", (c) =>
    sseResponse(c, outliving("late", 300), {
      track: (controller) => live.track(controller, "answer-2"),
      outliveClient: true,
    }),
  );
  app.get("/fails", (c) =>
    sseResponse(c, async function* () {
      yield { type: "start" };
      await sleep(10);
      throw new Error("the producer broke");
    }),
  );
  return app;
}

beforeAll(async () => {
  server = serve({ fetch: buildApp().fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise<void>((ready) => server.once("listening", ready));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

/** A GET on its own connection; resolves with the response once its headers are in. */
function open(path: string) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path, agent: false }, resolve);
    req.on("error", reject);
    req.end();
  });
}

/** Everything the response says until it ends, or until the connection breaks. */
function readAll(res: IncomingMessage) {
  return new Promise<{ text: string; ended: "end" | "broken" }>((resolve) => {
    let text = "";
    res.setEncoding("utf8");
    res.on("data", (s: string) => (text += s));
    res.on("end", () => resolve({ text, ended: "end" }));
    res.on("error", () => resolve({ text, ended: "broken" }));
    res.on("aborted", () => resolve({ text, ended: "broken" }));
  });
}

const events = (text: string) =>
  text
    .split("\n\n")
    .filter((block) => block.startsWith("data: "))
    .map((block) => JSON.parse(block.slice(6)) as Record<string, unknown>);

describe("an event stream on the Node server", () => {
  it("goes out with every middleware's headers and all its events", async () => {
    const res = await open("/events");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/event-stream");
    expect(res.headers["x-after"]).toBe("set after the handler");
    expect(res.headers["transfer-encoding"]).toBe("chunked");
    expect(res.headers["content-length"]).toBeUndefined();
    expect(res.headers["x-hono-already-sent"]).toBeUndefined();
    const { text, ended } = await readAll(res);
    expect(ended).toBe("end");
    expect(events(text)).toEqual([1, 2, 3].map((n) => ({ type: "chunk", n })));
  });

  it("sends its headers with the first event, not on their own before it", async () => {
    const asked = performance.now();
    const res = await open("/late-start");
    const headersAfter = performance.now() - asked;
    const reads: string[] = [];
    res.on("data", (b: Buffer) => reads.push(String(b)));
    await new Promise((ended) => res.once("end", ended));
    // The headers came no sooner than the start event, which they arrived with.
    expect(headersAfter).toBeGreaterThanOrEqual(140);
    expect(reads[0]).toContain('"type":"start"');
    expect(events(reads.join(""))).toEqual([{ type: "start" }, { type: "chunk", n: 1 }]);
  });

  it("waits for a slow reader: 13 MB of events arrive whole and in order", async () => {
    const res = await open("/big");
    res.pause();
    await sleep(200); // the socket's buffers fill and the writer has to wait
    res.resume();
    const { text, ended } = await readAll(res);
    expect(ended).toBe("end");
    const got = events(text);
    expect(got).toHaveLength(200);
    expect(got.every((e, i) => e.n === i && e.pad === BIG)).toBe(true);
  });

  it("tells the producer when the client leaves, and still runs it to its end", async () => {
    log.length = 0;
    const res = await open("/slow");
    await new Promise<void>((resolve) => res.once("data", () => resolve()));
    res.destroy();
    await expect.poll(() => log, { timeout: 2_000 }).toEqual(["slow: aborted", "slow: finished"]);
  });

  it("with outliveClient, a client that leaves after the first event does not stop the producer", async () => {
    log.length = 0;
    const res = await open("/outlives");
    await new Promise<void>((resolve) => res.once("data", () => resolve()));
    res.destroy();
    await expect.poll(() => log, { timeout: 3_000 }).toEqual(["outlives: not aborted", "outlives: finished"]);
    expect(live.size).toBe(0);
  });

  it("with outliveClient, a client that leaves before the first event stops it", async () => {
    log.length = 0;
    const req = httpRequest({ host: "127.0.0.1", port, path: "/outlives-late", agent: false });
    req.on("error", () => undefined);
    req.end();
    await sleep(100);
    req.destroy();
    await expect.poll(() => log, { timeout: 3_000 }).toEqual(["late: aborted", "late: finished"]);
  });

  it("a stream kept under a key is stopped by that key, its client still there or gone", async () => {
    log.length = 0;
    const res = await open("/outlives");
    const read = readAll(res);
    const stopped = live.stop("answer-1");
    expect(stopped).toBeInstanceOf(Promise);
    // Settled once the producer has run to its end (whatever it stores, it has stored).
    await stopped;
    expect(log).toEqual(["outlives: aborted", "outlives: finished"]);
    const { text, ended } = await read;
    expect(ended).toBe("end");
    expect(events(text)).toEqual([{ type: "start" }, { type: "complete" }]);
    // Untracked once finished: the key names nothing any more.
    expect(live.stop("answer-1")).toBeNull();

    // Its client gone, the same; two Stops wait for the same end.
    log.length = 0;
    const left = await open("/outlives");
    await new Promise<void>((resolve) => left.once("data", () => resolve()));
    left.destroy();
    const [first, second] = [live.stop("answer-1"), live.stop("answer-1")];
    expect(first).toBe(second);
    await first;
    expect(log).toEqual(["outlives: aborted", "outlives: finished"]);
    expect(live.size).toBe(0);
  });

  it("starts the producer while the middlewares around the handler still settle the headers", async () => {
    log.length = 0;
    const { text, ended } = await readAll(await open("/primed"));
    expect(ended).toBe("end");
    expect(events(text)).toEqual([{ type: "start" }]);
    expect(log).toEqual(["producer started", "headers settled"]);
  });

  it("stops and drains a started producer when a later middleware answers instead", async () => {
    log.length = 0;
    const res = await open("/replaced");
    expect(res.statusCode).toBe(500);
    expect(res.headers["content-type"]).toMatch(/application\/json/);
    const { text } = await readAll(res);
    expect(JSON.parse(text)).toEqual({ error: "a later failure" });
    await expect
      .poll(() => log, { timeout: 2_000 })
      .toEqual(["replaced: started", "replaced: aborted", "replaced: finished"]);
  });

  it("breaks the connection when the producer fails, after what it had sent", async () => {
    const { text, ended } = await readAll(await open("/fails"));
    expect(ended).toBe("broken");
    expect(events(text)).toEqual([{ type: "start" }]);
  });
});

describe("an event stream in process", () => {
  it("is a web stream with the same events and headers", async () => {
    const res = await buildApp().request("/events");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    expect(res.headers.get("x-after")).toBe("set after the handler");
    expect(res.body).toBeInstanceOf(ReadableStream);
    expect(events(await res.text())).toEqual([1, 2, 3].map((n) => ({ type: "chunk", n })));
  });

  it("with outliveClient, a reader that cancels after the first event does not stop the producer", async () => {
    log.length = 0;
    const res = await buildApp().request("/outlives");
    const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    expect(events(new TextDecoder().decode((await reader.read()).value))).toEqual([{ type: "start" }]);
    await reader.cancel();
    await expect.poll(() => log, { timeout: 3_000 }).toEqual(["outlives: not aborted", "outlives: finished"]);
  });
});

describe("an event stream in process, its request aborted", () => {
  it("tells the producer, fails the reader as a fetch would, and runs the producer to its end", async () => {
    log.length = 0;
    const client = new AbortController();
    const res = await buildApp().request("/paced", { signal: client.signal });
    const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    await reader.read();
    await reader.read();
    // Long enough for the one event pulled ahead to be in: nothing pulls the producer any more.
    await sleep(100);
    client.abort();
    await expect.poll(() => log, { timeout: 3_000 }).toEqual(["paced: aborted", "paced: finished"]);
    await expect(reader.read()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("before the stream began: the producer runs with its signal aborted, and nothing is read", async () => {
    log.length = 0;
    const client = new AbortController();
    client.abort();
    const res = await buildApp().request("/paced", { signal: client.signal });
    await expect.poll(() => log, { timeout: 3_000 }).toEqual(["paced: aborted", "paced: finished"]);
    await expect(res.text()).rejects.toMatchObject({ name: "AbortError" });
  });

  it("with outliveClient, after the first event: the producer is not stopped, and runs to its end", async () => {
    log.length = 0;
    const client = new AbortController();
    const res = await buildApp().request("/outlives", { signal: client.signal });
    const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    expect(events(new TextDecoder().decode((await reader.read()).value))).toEqual([{ type: "start" }]);
    client.abort();
    await expect.poll(() => log, { timeout: 3_000 }).toEqual(["outlives: not aborted", "outlives: finished"]);
  });
});

describe("settlesWithin (how long a Stop or a shutdown waits for streams to finish)", () => {
  it("is true for a promise that settles in time, either way, and false once the wait is over", async () => {
    expect(await settlesWithin(sleep(5), 1_000)).toBe(true);
    expect(await settlesWithin(Promise.reject(new Error("failed, but finished")), 1_000)).toBe(true);
    const started = Date.now();
    expect(await settlesWithin(new Promise(() => undefined), 50)).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
