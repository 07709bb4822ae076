// The body limit on the wire: a declared length decides before anything is read, a chunked body is
// counted as it arrives, and a body within the limit reaches the route whole either way.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bodyLimit } from "./body-limit";
import { AppError } from "./errors";

const LIMIT = 1_000;
const TOO_LARGE = "The request body is larger than 1000 bytes.";

describe("bodyLimit", () => {
  let server: ServerType;
  let port = 0;
  let reached = 0;

  beforeAll(async () => {
    const app = new Hono()
      .use(bodyLimit(LIMIT, TOO_LARGE))
      .post("/echo", async (c) => {
        reached++;
        return c.json((await c.req.json()) as unknown);
      })
      .get("/plain", (c) => c.text("ok"));
    app.onError((err, c) =>
      err instanceof AppError
        ? c.json({ code: err.code, message: err.message }, err.status as 413)
        : c.json({ code: "INTERNAL" }, 500),
    );
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((ready) => server.once("listening", ready));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  /** One request on its own connection; `chunks` are written one by one, chunked unless `length`. */
  function send(path: string, chunks: string[], length?: number) {
    return new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        {
          host: "127.0.0.1",
          port,
          path,
          method: chunks.length ? "POST" : "GET",
          agent: false,
          headers: {
            "content-type": "application/json",
            ...(length === undefined ? {} : { "content-length": String(length) }),
          },
        },
        (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (text: string) => (body += text));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on("error", reject);
      for (const chunk of chunks) req.write(chunk);
      req.end();
    });
  }

  const json = (text: string) => JSON.stringify({ text });

  it("passes a body within the limit whole, declared or chunked", async () => {
    const small = json("a".repeat(500));
    expect(await send("/echo", [small], Buffer.byteLength(small))).toEqual({ status: 200, body: small });
    const parts = [small.slice(0, 100), small.slice(100, 300), small.slice(300)];
    expect(await send("/echo", parts)).toEqual({ status: 200, body: small });
  });

  it("refuses a declared length over the limit with 413, before the route", async () => {
    const before = reached;
    const big = json("b".repeat(LIMIT));
    const res = await send("/echo", [big], Buffer.byteLength(big));
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ code: "PAYLOAD_TOO_LARGE", message: TOO_LARGE });
    expect(reached).toBe(before);
  });

  it("counts a chunked body as it arrives and refuses it once it passes the limit", async () => {
    const before = reached;
    const big = json("c".repeat(LIMIT));
    const res = await send("/echo", [big.slice(0, 600), big.slice(600)]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(reached).toBe(before);
  });

  it("lets a request without a body through", async () => {
    expect(await send("/plain", [])).toEqual({ status: 200, body: "ok" });
  });

  it("counts a request that did not come off the wire (no length to trust)", async () => {
    const app = new Hono().use(bodyLimit(LIMIT, TOO_LARGE)).post("/echo", (c) => c.text("reached"));
    app.onError((err, c) => c.text(err.message, (err as AppError).status as 413));
    const big = await app.request("/echo", { method: "POST", body: "d".repeat(LIMIT + 1) });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe(TOO_LARGE);
    const small = await app.request("/echo", { method: "POST", body: "d".repeat(LIMIT) });
    expect(await small.text()).toBe("reached");
  });
});
