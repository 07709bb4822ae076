// PostgreSQL going away during a chat stream, as a restart or failover looks from the app: a loopback
// TCP proxy in front of this file's database drops every connection and refuses new ones for a few
// seconds, then accepts again. The machine's PostgreSQL itself is never touched. The stream keeps
// relaying the model's text, the final write waits the outage out, and the client gets exactly one
// closing event; an outage longer than the final write's patience still ends in one closing event,
// and the sweep closes the answer once the database is back. PGlite runs in the process and has no
// connection to lose: files named *.postgres.test.ts run in the server:postgres project only.
import { randomBytes } from "node:crypto";
import { createServer, connect, type Server, type Socket } from "node:net";
import { RESPONSE_INTERRUPTED_MARK, STREAM_MESSAGES } from "@tessera/contracts";
import { and, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { openDatabase } from "../../db/client";
import { messages } from "../../db/schema";
import {
  startOpenAiCompatibleServer,
  type OpenAiCompatibleServer,
} from "../../test/openai-compatible-server";
import { createTestApp, type SseEvent, type TestApp } from "../../test/test-app";
import { sweepAsIfDead } from "../../test/leases";

const CHUNKS = Array.from({ length: 40 }, (_, i) => `p${i} `);

/** Forwards loopback connections to PostgreSQL; `outage(ms)` cuts them all and refuses new ones. */
async function startProxy(target: { host: string; port: number }) {
  const open = new Set<Socket>();
  let down = false;
  let refused = 0;
  const server: Server = createServer((client) => {
    if (down) {
      refused++;
      client.destroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as { port: number }).port,
    refused: () => refused,
    /** Drops every connection now and refuses new ones until `ms` have passed. */
    outage(ms: number) {
      down = true;
      for (const s of open) s.destroy();
      return new Promise<void>((resolve) =>
        setTimeout(() => {
          down = false;
          resolve();
        }, ms),
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.close(() => resolve());
      }),
  };
}

let t: TestApp;
let upstream: OpenAiCompatibleServer;
let proxy: Awaited<ReturnType<typeof startProxy>>;
let token: string;
let dropDatabase: () => Promise<void>;

describe("PostgreSQL restarted during a stream", () => {
  beforeAll(async () => {
    upstream = await startOpenAiCompatibleServer({
      models: ["paced"],
      scripts: { paced: { kind: "stream", chunks: CHUNKS, delayMs: 100 } },
    });
    const adminUrl = new URL(inject("databaseUrl"));
    const name = `tessera_restart_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: adminUrl.toString() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    dropDatabase = async () => {
      const drop = new pg.Client({ connectionString: adminUrl.toString() });
      await drop.connect();
      await drop.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await drop.end();
    };
    proxy = await startProxy({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
    const viaProxy = new URL(adminUrl);
    viaProxy.hostname = "127.0.0.1";
    viaProxy.port = String(proxy.port);
    viaProxy.pathname = `/${name}`;
    // Dropped pooled connections are expected here; the pool replaces them.
    const database = await openDatabase(
      { kind: "postgres", url: viaProxy.toString() },
      { onConnectionError: () => undefined },
    );
    t = await createTestApp(
      { OPENAI_BASE_URL: upstream.url, OPENAI_API_KEY: "sk-restart-key" },
      { database },
    );
    token = await t.newUser("pat@example.com");
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await upstream?.close();
    await dropDatabase?.();
  });

  /** Starts a stream, calls `during` once `at` chunks arrived, and reads the stream to its end. */
  async function streamWith(at: number, during: () => Promise<void>) {
    const res = await t.request("/api/chat-stream", {
      method: "POST",
      token,
      json: { message: "Keep talking", model: "local/paced" },
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
    const decoder = new TextDecoder();
    let raw = "";
    let outage: Promise<void> | null = null;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      raw += decoder.decode(value, { stream: true });
      if (!outage && (raw.match(/"type":"chunk"/g) ?? []).length >= at) outage = during();
    }
    const ended = Date.now();
    await outage;
    const events = raw
      .split("\n\n")
      .map((b) => b.replace(/^data: /, "").trim())
      .filter((b) => b.startsWith("{"))
      .map((b) => JSON.parse(b) as SseEvent);
    return { events, ended };
  }

  const closingOf = (events: SseEvent[]) => events.filter((e) => e.type === "complete" || e.type === "error");
  const textOf = (events: SseEvent[]) =>
    events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join("");

  async function answerOf(conversationId: string) {
    const [row] = await t.services.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.conversationId, conversationId), eq(messages.role, "assistant")));
    return row;
  }

  it("keeps streaming through a 3 s outage; the final write waits it out and the client gets one complete", async () => {
    let back = 0;
    const { events, ended } = await streamWith(25, async () => {
      await proxy.outage(3_000);
      back = Date.now();
    });
    // Every chunk arrived although the database was away for the end of the stream.
    expect(textOf(events)).toBe(CHUNKS.join(""));
    expect(closingOf(events)).toEqual([
      expect.objectContaining({ type: "complete", messageId: expect.any(String) as string }),
    ]);
    // The closing event came only once the answer could be stored, after the database was back.
    expect(ended).toBeGreaterThanOrEqual(back);
    expect(proxy.refused()).toBeGreaterThan(0);
    const stored = await answerOf(events[0]!.conversationId as string);
    expect(stored).toMatchObject({ status: "complete", content: CHUNKS.join("") });
  }, 60_000);

  it("an outage longer than the final write's patience still ends with one error, and the sweep closes the answer", async () => {
    const { events } = await streamWith(5, () => proxy.outage(22_000));
    expect(textOf(events)).toBe(CHUNKS.join(""));
    expect(closingOf(events)).toEqual([
      { type: "error", error: "NOT_SAVED", message: STREAM_MESSAGES.notSaved },
    ]);
    const conversationId = events[0]!.conversationId as string;
    const orphan = await answerOf(conversationId);
    expect(orphan?.status).toBe("streaming");
    // What the drafts stored before the outage is what the sweep keeps.
    expect(CHUNKS.join("").startsWith(orphan!.content)).toBe(true);
    await sweepAsIfDead(t.services);
    expect(await answerOf(conversationId)).toMatchObject({
      status: "interrupted",
      content: `${orphan!.content}${orphan!.content ? "\n\n" : ""}${RESPONSE_INTERRUPTED_MARK}`,
    });
  }, 90_000);
});
