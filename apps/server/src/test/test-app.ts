// Builds the real app (same wiring as main.ts) on a test database, plus helpers that walk the real
// auth flows: sign up, read the mail from the outbox, follow the link, sign in.
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { and, desc, eq } from "drizzle-orm";
import { createApp } from "../app";
import { createServices, type Services } from "../bootstrap";
import type { DatabaseHandle } from "../db/client";
import type { PlanId } from "@tessera/contracts";
import { setPlan } from "../billing/plans";
import { mailOutbox, user } from "../db/schema";
import { parseEnv } from "../env";
import { configureParsers } from "../knowledge/parser-pool";
import { createLogger, type Logger } from "../lib/logger";
import { openTestDatabase } from "./test-database";

export const ORIGIN = "http://localhost:3000";

export interface TestApp {
  app: ReturnType<typeof createApp>;
  services: Services;
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  latestMail(
    to: string,
    kind?: string,
  ): Promise<{ link: string | null; subject: string; text: string; status: string } | undefined>;
  /** Signs up as one browser per address would: the sign-up's cookie is kept for `verify`. */
  signUp(email: string, opts?: { password?: string; name?: string }): Promise<Response>;
  /** Opens the latest confirmation link in the browser that signed up. */
  verify(email: string): Promise<Response>;
  signIn(email: string, password?: string): Promise<Response>;
  /** Sign up, verify, sign in: the bearer token of a fresh verified user. */
  newUser(email: string, opts?: { password?: string; name?: string }): Promise<string>;
  /** Puts an account on a plan, as an instance admin would (open-ended unless `until` is given). */
  setPlan(email: string, plan: PlanId, until?: Date | null): Promise<void>;
  /**
   * Serves the app on a loopback socket, for what needs a real connection (the client address that
   * limits key on, say); resolves with its base URL. Closed with the app.
   */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export const PASSWORD = "correct horse battery";

export async function createTestApp(
  envOverrides: Record<string, string> = {},
  /**
   * `database`: one the test opened itself (say, through a proxy it controls); closed with the app.
   * `logger`: where the app's log lines go (a test that reads them); silent otherwise.
   */
  options: {
    chatIdleMs?: number;
    database?: DatabaseHandle;
    logger?: Logger;
    /** Local models: shorter download waits, a small machine's memory, a full disk. */
    localModels?: NonNullable<Parameters<typeof createServices>[2]>["localModels"];
  } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), "tessera-test-"));
  const env = parseEnv({
    DATA_DIR: dataDir,
    PUBLIC_URL: ORIGIN,
    LOG_LEVEL: "silent",
    NODE_ENV: "test",
    RATE_LIMIT_SIGN_IN: "1000",
    RATE_LIMIT_SIGN_UP: "1000",
    RATE_LIMIT_CHAT: "1000",
    // Plans enforced, as the suites written before billing could be off expect; BILLING: "off" to test without.
    BILLING: "on",
    // The offline embedding model only where a test asks for retrieval by meaning: loading it costs
    // every other test file a second of a shared machine's processor.
    EMBEDDINGS: "off",
    ...envOverrides,
  });
  // The process's document readers at the server's own priority: niced, they wait behind whatever
  // else a shared machine runs, and the files they read run out of time.
  configureParsers({ niceness: 0 });
  const database = options.database ?? (await openTestDatabase());
  const services = await createServices(env, options.logger ?? createLogger(env.LOG_LEVEL), {
    database,
    chatIdleMs: options.chatIdleMs,
    localModels: options.localModels,
  });
  const app = createApp(services);

  const request: TestApp["request"] = (path, init = {}) => {
    const { json, token, ...rest } = init;
    const headers = new Headers(rest.headers);
    if (!headers.has("origin")) headers.set("origin", ORIGIN);
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (json !== undefined) headers.set("content-type", "application/json");
    return Promise.resolve(
      app.request(path, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body }),
    );
  };

  const latestMail: TestApp["latestMail"] = async (to, kind) => {
    const [row] = await services.database.db
      .select()
      .from(mailOutbox)
      .where(kind ? and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)) : eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt))
      .limit(1);
    return row;
  };

  /** Each address's sign-up browser, as a browser keeps it: the link signs in only there. */
  const browsers = new Map<string, string>();
  const signUp: TestApp["signUp"] = async (email, opts = {}) => {
    const res = await request("/api/auth/sign-up/email", {
      method: "POST",
      json: {
        email,
        password: opts.password ?? PASSWORD,
        name: opts.name ?? "Test Person",
        callbackURL: "/",
      },
    });
    const cookie = res.headers.get("set-cookie")?.split(";")[0];
    if (cookie) browsers.set(email.toLowerCase(), cookie);
    return res;
  };

  const verify: TestApp["verify"] = async (email) => {
    const mail = await latestMail(email, "verify-email");
    if (!mail?.link) throw new Error(`no verification mail for ${email}`);
    const url = new URL(mail.link);
    const cookie = browsers.get(email.toLowerCase());
    return request(url.pathname + url.search, cookie ? { headers: { cookie } } : {});
  };

  const servers: ServerType[] = [];
  const listen: TestApp["listen"] = () =>
    new Promise((resolve) => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
        resolve(`http://127.0.0.1:${info.port}`),
      );
      servers.push(server);
    });

  const signIn: TestApp["signIn"] = (email, password = PASSWORD) =>
    request("/api/auth/sign-in/email", { method: "POST", json: { email, password } });

  return {
    app,
    services,
    request,
    latestMail,
    signUp,
    verify,
    signIn,
    listen,
    async newUser(email, opts = {}) {
      expectOk(await signUp(email, opts));
      expectOk(await verify(email), [302]);
      const res = await signIn(email, opts.password ?? PASSWORD);
      expectOk(res);
      const token = res.headers.get("set-auth-token");
      if (!token) throw new Error("sign-in gave no set-auth-token");
      return token;
    },
    async setPlan(email, plan, until = null) {
      const [row] = await services.database.db
        .select({ id: user.id })
        .from(user)
        .where(eq(user.email, email));
      if (!row) throw new Error(`no account ${email}`);
      await setPlan(services.database.db, row.id, plan, until);
    },
    async close() {
      for (const server of servers.splice(0)) server.close();
      await services.close();
      // The data directory made here (a test that gave its own DATA_DIR keeps that one).
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function expectOk(res: Response, statuses = [200]) {
  if (!statuses.includes(res.status)) throw new Error(`unexpected status ${res.status}`);
}

export interface SseEvent {
  type: string;
  [key: string]: unknown;
}

/** The `data:` events of event-stream text (comments such as pings are skipped). */
export function parseSse(text: string): SseEvent[] {
  return text
    .split(/\n\n/)
    .map(sseData)
    .filter(Boolean)
    .map((d) => JSON.parse(d) as SseEvent);
}

/** The `data:` of one event block ("" for a comment such as a ping). */
export const sseData = (block: string) =>
  block
    .split("\n")
    .filter((l) => l.startsWith("data:"))
    .map((l) => l.slice(5).trim())
    .join("\n");

/** Reads a whole text/event-stream body into its `data:` events. */
export async function readSse(res: Response): Promise<SseEvent[]> {
  return parseSse(await res.text());
}

/** Reads a stream's events until one passes `until`; the reader stays open for the rest. */
export async function readUntil(res: Response, until: (e: SseEvent) => boolean) {
  const reader = res.body!.getReader() as ReadableStreamDefaultReader<Uint8Array>;
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return { reader, events, done: true };
    buffer += decoder.decode(value, { stream: true });
    let cut;
    while ((cut = buffer.indexOf("\n\n")) >= 0) {
      const data = sseData(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
      if (!data) continue;
      const event = JSON.parse(data) as SseEvent;
      events.push(event);
      if (until(event)) return { reader, events, done: false };
    }
  }
}

/** The rest of a stream, as text. */
export async function readRest(reader: ReadableStreamDefaultReader<Uint8Array>) {
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

/** Reads until `ok` holds of what was read, or `ms` have passed (the last read is returned). */
export async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A source of a finished answer, as the stream's closing event lists it. */
export interface AnswerSource {
  title: string;
  url: string;
  documentId?: string;
  chunkId?: string;
}

/** One chat turn through /api/chat-stream: the answer's text, its sources and its conversation. */
export async function askInChat(
  t: TestApp,
  token: string,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  const res = await t.request("/api/chat-stream", { method: "POST", token, json: body, headers });
  if (res.status !== 200) throw new Error(`chat-stream answered ${res.status}`);
  const events = await readSse(res);
  const done = events.find((e): e is SseEvent & { sources: AnswerSource[] } => e.type === "complete");
  return {
    text: events
      .filter((e) => e.type === "chunk")
      .map((e) => e.content as string)
      .join(""),
    sources: done?.sources ?? [],
    conversationId: events[0]?.conversationId as string,
  };
}
