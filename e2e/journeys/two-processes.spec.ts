// Two server processes of one instance (the built server, twice) on one PostgreSQL database, and on
// Redis too when REDIS_URL is set, behind a loopback round-robin proxy: one person, signed in on two
// pages of the proxy's origin, page A's requests pinned to process a and page B's to process b.
// An answer written by one process is followed live on the other's page and stopped from it, both
// ways; a sign-out through one process ends the session on the other. (Only run with DATABASE_URL:
// see playwright.config.ts.)
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test, expect, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { EPIC_CHUNKS, EPIC_MODEL } from "../support/e2e-models";
import { AUTH_STORAGE_KEY, chooseModel, newAccount } from "../support/fixtures";
import { startModelServer, type ModelServer } from "../support/openai-compatible-server";
import {
  BACKEND_HEADER,
  SERVED_BY_HEADER,
  startRoundRobinProxy,
  type RoundRobinProxy,
} from "../support/round-robin-proxy";

const root = resolve(import.meta.dirname, "../..");
const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

/** The PostgreSQL client the server itself uses (e2e has none of its own). */
interface PgClient {
  connect(): Promise<void>;
  query(sql: string): Promise<unknown>;
  end(): Promise<void>;
}
const pg = createRequire(join(root, "apps/server/package.json"))("pg") as {
  Client: new (options: { connectionString: string }) => PgClient;
};

async function onAdminDatabase(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL! });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

interface ServerProcess {
  name: "a" | "b";
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Polls the process's /api/health until it answers (and counts in Redis, when it should). */
async function waitReady(server: ServerProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.child.exitCode !== null)
      throw new Error(`process ${server.name} exited with ${server.child.exitCode}:\n${server.output()}`);
    const health = await fetch(`${server.url}/api/health`).then(
      async (r) => (r.ok ? ((await r.json()) as { rateLimits: string }) : null),
      () => null,
    );
    if (health && (!process.env.REDIS_URL || health.rateLimits === "redis")) return;
    if (Date.now() > deadline)
      throw new Error(`process ${server.name} never became ready:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

let models: ModelServer;
let proxy: RoundRobinProxy;
let database = "";
let work = "";
const servers: ServerProcess[] = [];
let contextA: BrowserContext;
let contextB: BrowserContext;
let pageA: Page;
let pageB: Page;
const pageErrors: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  models = await startModelServer({ [EPIC_MODEL]: EPIC_CHUNKS }, 150);
  database = `tessera_e2e_two_${randomBytes(6).toString("hex")}`;
  await onAdminDatabase(`CREATE DATABASE ${database}`);
  const databaseUrl = new URL(process.env.DATABASE_URL!);
  databaseUrl.pathname = `/${database}`;
  work = mkdtempSync(join(tmpdir(), "tessera-two-"));

  const ports = { a: await freePort(), b: await freePort() };
  proxy = await startRoundRobinProxy({
    a: `http://127.0.0.1:${ports.a}`,
    b: `http://127.0.0.1:${ports.b}`,
  });
  // One instance: its secrets, database and Redis shared; its address the proxy's.
  const shared: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOST: "127.0.0.1",
    PUBLIC_URL: proxy.url,
    DATABASE_URL: databaseUrl.toString(),
    AUTH_SECRET: "two-processes-e2e-share-this-secret-0123456789",
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
    OPENAI_BASE_URL: models.url,
    OPENAI_API_KEY: "sk-two-processes",
    STREAM_LEASE_MS: "5000",
    LOG_LEVEL: "info",
    RATE_LIMIT_SIGN_IN: "1000",
    RATE_LIMIT_SIGN_IN_ACCOUNT: "1000",
    RATE_LIMIT_SIGN_UP: "1000",
    RATE_LIMIT_CHAT: "1000",
  };
  if (process.env.REDIS_URL) {
    shared.REDIS_URL = process.env.REDIS_URL;
    shared.REDIS_KEY_PREFIX = `tessera-e2e-two-${randomBytes(4).toString("hex")}:`;
  }
  for (const name of ["a", "b"] as const) {
    const child = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
      env: { ...shared, PORT: String(ports[name]), DATA_DIR: join(work, name) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    servers.push({ name, url: `http://127.0.0.1:${ports[name]}`, child, output: () => out });
  }
  // Started together on an empty database: one migrates while the other waits its turn.
  await Promise.all(servers.map(waitReady));

  ({ context: contextA, page: pageA } = await signUp(browser));
  // The same person on page B: the session the app keeps, as page A's browser holds it.
  const session = await pageA.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
  expect(session, "page A's stored session").toBeTruthy();
  contextB = await browser.newContext({
    baseURL: proxy.url,
    // Every request reaches the proxy (none answered by a service worker), pinned as its page is.
    serviceWorkers: "block",
    storageState: {
      cookies: [],
      origins: [{ origin: proxy.url, localStorage: [{ name: AUTH_STORAGE_KEY, value: session! }] }],
    },
  });
  await contextB.setExtraHTTPHeaders({ [BACKEND_HEADER]: "b" });
  pageB = await contextB.newPage();
  watchErrors(pageB, "B");
});

// Every step runs, whatever an earlier one threw (the first error is reported once all have run):
// no process, database or folder of this file outlives it.
test.afterAll(async () => {
  const steps: (() => unknown)[] = [
    () => contextA?.close(),
    () => contextB?.close(),
    () =>
      Promise.all(
        servers.map(async ({ child }) => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((r) => child.once("exit", r));
          child.kill("SIGTERM");
          const late = setTimeout(() => child.kill("SIGKILL"), 10_000);
          await exited;
          clearTimeout(late);
        }),
      ),
    () => proxy?.close(),
    () => models?.close(),
    () => (database ? onAdminDatabase(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`) : undefined),
    () => (work ? rmSync(work, { recursive: true, force: true }) : undefined),
  ];
  const failures: unknown[] = [];
  for (const step of steps) {
    try {
      await step();
    } catch (err) {
      failures.push(err);
    }
  }
  if (failures.length) throw failures[0];
});

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  await testInfo.attach("page errors", { body: pageErrors.join("\n"), contentType: "text/plain" });
  for (const server of servers)
    await testInfo.attach(`process ${server.name} output`, {
      body: server.output(),
      contentType: "text/plain",
    });
});

function watchErrors(page: Page, name: string): void {
  page.on("pageerror", (e) => pageErrors.push(`${name} pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
      pageErrors.push(`${name} console: ${m.text()}`);
  });
}

/**
 * Page A: signs up through the proxy in its own browser, opens the verification link the server
 * logged (no SMTP: the `mail.outbox` line of whichever process sent it) in that browser, lands on chat.
 */
async function signUp(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: proxy.url, serviceWorkers: "block" });
  await context.setExtraHTTPHeaders({ [BACKEND_HEADER]: "a" });
  const page = await context.newPage();
  watchErrors(page, "A");
  const account = newAccount("two");
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email: account.email, password: account.password, name: account.name, callbackURL: "/" },
    headers: { origin: proxy.url },
  });
  expect(res.status()).toBe(200);
  let link: string | undefined;
  await expect
    .poll(() => (link = verificationLink(account.email)), { message: "the verification link in a log" })
    .toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId("user-email")).toHaveText(account.email);
  return { context, page };
}

function verificationLink(email: string): string | undefined {
  for (const server of servers)
    // Whole lines only: the last may still be on its way.
    for (const line of server.output().split("\n").slice(0, -1)) {
      if (!line.includes('"mail.outbox"')) continue;
      const entry = JSON.parse(line) as { to?: string; kind?: string; link?: string };
      if (entry.to === email && entry.kind === "verify-email") return entry.link;
    }
  return undefined;
}

const answerOn = (page: Page) => page.getByRole("article", { name: `${EPIC_MODEL} said`, exact: true });
const stopOn = (page: Page) => page.getByRole("button", { name: "Stop", exact: true });
/** How many verses of the epic a page shows. */
const verses = async (page: Page) =>
  (await answerOn(page).innerText()).match(/Verse \d+ of the epic\./g)?.length ?? 0;
const isFollow = (path: string) => /^\/api\/chat-stream\/[0-9a-f-]+\/follow$/.test(path);
/** The `chunk` events the proxy passed on a stream, with when each passed. */
const chunksOf = (events: { at: number; data: string }[]) =>
  events.filter((e) => (JSON.parse(e.data) as { type: string }).type === "chunk");

/**
 * `writer` asks for the epic in a new chat; `follower` opens that chat while it is written and
 * follows it live through its own process. Returns once the follower's text has grown with the
 * writer's.
 */
async function startAndFollow(writer: Page, follower: Page, processOf: { writer: string; follower: string }) {
  const asked = proxy.served.length;
  await writer.goto("/dashboard/chat");
  await chooseModel(writer, EPIC_MODEL);
  const box = writer.getByRole("textbox", { name: "Message", exact: true });
  await box.fill("The epic, please");
  await box.press("Enter");
  await expect(answerOn(writer).locator(".markdown")).toContainText("Verse 2 of the epic.", {
    timeout: 20_000,
  });
  await expect(writer).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);
  // Written by the writer's process.
  const started = proxy.served
    .slice(asked)
    .filter((r) => r.method === "POST" && r.path === "/api/chat-stream");
  expect(started.map((r) => [r.backend, r.status])).toEqual([[processOf.writer, 200]]);

  const followed = follower.waitForResponse((r) => isFollow(new URL(r.url()).pathname));
  const from = proxy.served.length;
  await follower.goto(new URL(writer.url()).pathname + new URL(writer.url()).search);
  expect((await followed).status()).toBe(200);
  await expect(answerOn(follower).locator(".markdown")).toContainText("Verse 3 of the epic.", {
    timeout: 15_000,
  });
  // The follower's text grows while the writer writes it.
  const shown = await verses(follower);
  await expect.poll(() => verses(follower), { timeout: 20_000 }).toBeGreaterThan(shown + 5);
  await expect(stopOn(writer)).toBeVisible();
  await expect(stopOn(follower)).toBeVisible();
  // Through the follower's own process, piece by piece as the writer wrote them: not the stored drafts,
  // which grow once a second.
  const follows = proxy.served.slice(from).filter((r) => isFollow(r.path));
  expect(follows.map((r) => [r.backend, r.status])).toEqual([[processOf.follower, 200]]);
  const chunks = chunksOf(follows[0]!.events);
  expect(chunks.length).toBeGreaterThan(5);
  expect(chunks.at(-1)!.at - chunks[0]!.at).toBeGreaterThan(500);
}

/**
 * Presses Stop on `stopper`; both pages end with the text kept and "[Response interrupted]", and
 * show the same stored answer after a reload.
 */
async function stopFrom(stopper: Page, other: Page, stopperProcess: string) {
  const written = await verses(other);
  const from = proxy.served.length;
  await stopOn(stopper).click();
  for (const page of [stopper, other]) {
    await expect(answerOn(page).locator(".markdown")).toContainText("[Response interrupted]", {
      timeout: 15_000,
    });
    await expect(stopOn(page)).toBeHidden();
  }
  const stops = proxy.served.slice(from).filter((r) => r.path === "/api/chat-stream/stop");
  expect(stops.map((r) => [r.backend, r.status])).toEqual([[stopperProcess, 204]]);
  const kept: string[] = [];
  for (const page of [stopper, other]) {
    await page.reload();
    const text = answerOn(page).locator(".markdown");
    await expect(text).toContainText("[Response interrupted]", { timeout: 15_000 });
    await expect(stopOn(page)).toBeHidden();
    // As shown: the same words, however each page's layout spaced them.
    kept.push((await text.innerText()).replace(/\s+/g, " ").trim());
  }
  expect(kept[1]).toBe(kept[0]);
  expect(kept[0]).toMatch(/^Verse 1 of the epic\.[^]*\[Response interrupted\]$/);
  // What had been written when Stop came is kept, and the answer ended there, far from its end.
  const stored = kept[0]!.match(/Verse \d+ of the epic\./g)!.length;
  expect(stored).toBeGreaterThanOrEqual(written);
  expect(stored).toBeLessThan(EPIC_CHUNKS.length / 2);
}

test("an answer written through process a is followed live through process b, and Stop on b ends it", async () => {
  test.setTimeout(120_000);
  await startAndFollow(pageA, pageB, { writer: "a", follower: "b" });
  await pageB.screenshot({ path: join(shots, "two-processes-followed-on-b.png") });
  await stopFrom(pageB, pageA, "b");
});

test("an answer written through process b is followed through process a, and Stop on a ends it", async () => {
  test.setTimeout(120_000);
  await startAndFollow(pageB, pageA, { writer: "b", follower: "a" });
  await stopFrom(pageA, pageB, "a");
});

test("a sign-out through process a ends the session on process b", async () => {
  await pageA.goto("/dashboard/chat");
  await pageB.goto("/dashboard/chat");
  await expect(pageB.getByRole("heading", { name: "Just Ask Tessa", exact: true })).toBeVisible();
  await pageA.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(pageA).toHaveURL(/\/auth$/);
  // Page B's next step asks process b whether its session still holds, and b says it does not.
  const asked = pageB.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/get-session");
  await pageB.reload();
  const answer = await asked;
  expect(answer.headers()[SERVED_BY_HEADER]).toBe("b");
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toBeNull();
  await expect(pageB).toHaveURL(/\/auth$/);
  await expect(pageB.getByRole("button", { name: "Sign In", exact: true }).first()).toBeVisible();
  expect(pageErrors).toEqual([]);
});
