// A finished event stream leaves nothing behind: its request and response can be collected. Served
// over real HTTP (the Node adapter, the body limit and the request's abort signal are all part of
// how a stream used to stay in memory for good).
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, readSse, type TestApp } from "../test/test-app";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc") as () => void;

let t: TestApp;
let server: ServerType;
let base: string;
const responses: WeakRef<object>[] = [];

beforeAll(async () => {
  t = await createTestApp({ LOCAL_MODEL_PACE_MS: "0" });
  server = serve({
    fetch: (req, env) => {
      responses.push(new WeakRef(env.outgoing));
      return t.app.fetch(req, env);
    },
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  await t.close();
});

describe("a finished event stream", () => {
  it("can be collected with its request and response", async () => {
    const token = await t.newUser("memory@example.com");
    const streams = 20;
    for (let i = 0; i < streams; i++) {
      const res = await fetch(`${base}/api/chat-stream`, {
        method: "POST",
        headers: { origin: ORIGIN, authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify({ message: `Which model should I use for code? (${i})`, model: "guide" }),
      });
      expect(res.status).toBe(200);
      expect((await readSse(res)).at(-1)?.type).toBe("complete");
    }
    expect(responses).toHaveLength(streams);
    // Finalizers run between collections (the runtime's Request cleanup is one), so several rounds.
    for (let i = 0; i < 4; i++) {
      gc();
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(responses.filter((r) => r.deref() !== undefined).length).toBeLessThanOrEqual(1);
  });
});
