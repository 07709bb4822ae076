// Rows 6 and 7: the web app in Debian's headless Chromium against the built server on loopback.
// 6. What the browser loads (JavaScript and CSS, gzip -9) for /auth signed out and /dashboard/chat
//    signed in, and the chat's time to interactive over cold loads.
// 7. A 2,000-message conversation seeded into the server's database: time to open it (from the click
//    in Recent Chats, and as a full page load) and scrolling it from bottom to top, frame by frame.
// The service worker is blocked in every context, so only the page's own requests are counted and
// every load is cold (a fresh context has an empty HTTP cache). `BENCH_WEB_DIST` points the server at
// another build of the web app (e.g. one made from an earlier commit) to measure it the same way.
import { randomBytes } from "node:crypto";
import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gzipSync } from "node:zlib";
import { MESSAGE_PAGE_SIZE } from "@tessera/contracts";
import pg from "pg";
import { chromium, type Browser, type Page, type Response } from "playwright-core";
import { gitIn } from "./lib/git";
import { verdict, type BenchContext, type BenchNotes, type BenchSection } from "./lib/report";
import { startServer, type RunningServer } from "./lib/server";
import { kb, median, ms, percentile } from "./lib/stats";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
/** Wide enough for the Recent Chats panel beside the conversation (lg). */
const VIEWPORT = { width: 1280, height: 800 };
const AUTH_STORAGE_KEY = "tessera.auth.session";
const LONG_MESSAGES = 2000;
/** The last message of the long conversation ends with this; "open" waits until it is on screen. */
const LAST_MARK = "End of the benchmark conversation.";
const SHORT_MARK = "End of the short conversation.";
/** Scrolling speed: pixels per animation frame (a brisk fling, about 15,000 px/s at 60 fps). */
const SCROLL_STEP = 250;
const FRAME_MS = 1000 / 60;

interface Account {
  email: string;
  password: string;
  token: string;
  user: { id: string; email: string; name: string };
}

/**
 * The server's own database on the PostgreSQL server: startServer names it after this process and
 * the server's port. Checked to exist, so a change of that naming fails loudly here.
 */
async function serverDatabaseUrl(postgresUrl: string, server: RunningServer): Promise<string> {
  const name = `tessera_bench_${process.pid}_${new URL(server.url).port}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) throw new Error(`the server's database ${name} is not on ${postgresUrl}`);
  } finally {
    await admin.end();
  }
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Signs up through the API, follows the verification link from the outbox, signs in. */
async function signUp(server: RunningServer, databaseUrl: string): Promise<Account> {
  const email = `bench-${randomBytes(4).toString("hex")}@bench.test`;
  const password = `pw-${randomBytes(8).toString("hex")}`;
  const headers = { "content-type": "application/json", origin: server.url };
  const up = await fetch(`${server.url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email, password, name: "Bench Person", callbackURL: "/" }),
  });
  if (!up.ok) throw new Error(`sign-up failed: ${up.status}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ link: string }>(
      `select link from mail_outbox where "to" = $1 and kind = 'verify-email' order by created_at desc limit 1`,
      [email],
    );
    if (!rows[0]) throw new Error("no verification mail in the outbox");
    // The link signs in only in the browser that signed up, which its cookie names.
    await fetch(rows[0].link, {
      redirect: "manual",
      headers: { cookie: up.headers.get("set-cookie")?.split(";")[0] ?? "" },
    });
  } finally {
    await client.end();
  }
  return signIn(server, email, password);
}

/** Signs in with the password: a session of this server (each server keeps its own secret). */
async function signIn(server: RunningServer, email: string, password: string): Promise<Account> {
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ email, password }),
  });
  const token = res.headers.get("set-auth-token");
  if (!res.ok || !token) throw new Error(`sign-in failed: ${res.status}`);
  const { user } = (await res.json()) as { user: Account["user"] };
  return { email, password, token, user };
}

/**
 * Polls an expression in the page until it is truthy. (Not page.waitForFunction: the app's CSP
 * forbids the string evaluation it uses; page.evaluate goes through the debugging protocol.)
 */
async function waitUntil(page: Page, expression: string, timeoutMs = 30_000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await page.evaluate(expression))) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${expression}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function newContext(browser: Browser, server: RunningServer, account: Account | null) {
  const session = account && { token: account.token, expiresAt: null, user: account.user };
  return browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: "block",
    storageState: {
      cookies: [],
      origins: session
        ? [{ origin: server.url, localStorage: [{ name: AUTH_STORAGE_KEY, value: JSON.stringify(session) }] }]
        : [],
    },
  });
}

// ---------------------------------------------------------------------------------------------
// Row 6: bytes and time to interactive

interface Asset {
  path: string;
  kind: "js" | "css";
  raw: number;
  gzip: number;
  /** Body bytes on the wire, as the server sent them. */
  sent: number;
  encoding: string;
}

async function assetOf(res: Response, origin: string): Promise<Asset | null> {
  const url = new URL(res.url());
  if (url.origin !== origin || res.status() !== 200) return null;
  const kind = /\.css$/.test(url.pathname) ? "css" : /\.m?js$/.test(url.pathname) ? "js" : null;
  if (!kind) return null;
  const body = await res.body();
  const sizes = await res.request().sizes();
  return {
    path: url.pathname,
    kind,
    raw: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    sent: sizes.responseBodySize,
    encoding: res.headers()["content-encoding"] ?? "none",
  };
}

/**
 * In the page from its first script: every frame, once the composer is on screen, types a character
 * into it in a task of its own (as a key press arrives), and records the frame in which the typed
 * text is in the composer. Times are from navigation start.
 */
const INTERACTIVE_PROBE = `(() => {
  const probe = (window.__bench = { composerAt: null, interactiveAt: null });
  let typed = null;
  const frame = () => {
    const box = document.querySelector('textarea[aria-label="Message"]');
    if (box && !box.disabled && probe.composerAt === null) probe.composerAt = performance.now();
    if (typed && typed.isConnected && typed.value.endsWith("§")) {
      probe.interactiveAt = performance.now();
      performance.mark("bench:interactive");
      return;
    }
    if (box && !box.disabled && typed !== box) {
      typed = box;
      setTimeout(() => {
        const set = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set;
        set.call(box, box.value + "§");
        box.dispatchEvent(new InputEvent("input", { bubbles: true, data: "§", inputType: "insertText" }));
      });
    }
    requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

interface ChatLoad {
  assets: Asset[];
  composerMs: number;
  interactiveMs: number;
  /** A real key press from the harness, from its keydown to the next frame. */
  keyToFrameMs: number;
}

/**
 * The page's scripts and stylesheets from this server, as they arrive, until `settled()` is asked:
 * a file asked for after that (code loaded on demand, later) is neither counted nor waited for, and
 * its body failing to arrive once the page has closed is no error.
 */
function collectAssets(page: Page, origin: string) {
  const pending: Promise<Asset | null>[] = [];
  let open = true;
  page.on("response", (res) => {
    if (open) pending.push(assetOf(res, origin));
  });
  return {
    async settled(): Promise<Asset[]> {
      open = false;
      return (await Promise.all(pending)).filter((a): a is Asset => a !== null);
    },
  };
}

async function loadChat(browser: Browser, server: RunningServer, account: Account): Promise<ChatLoad> {
  const context = await newContext(browser, server, account);
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: INTERACTIVE_PROBE });
    const collected = collectAssets(page, server.url);
    await page.goto(`${server.url}/dashboard/chat`);
    await waitUntil(page, "window.__bench && window.__bench.interactiveAt !== null", 60_000);
    const probe = await page.evaluate<{ composerAt: number; interactiveAt: number }>("window.__bench");
    // And through the real input path: a key press from the harness shows up in the composer.
    await page.evaluate(`(() => {
      const box = document.querySelector('textarea[aria-label="Message"]');
      box.addEventListener("keydown", (e) => requestAnimationFrame(() => {
        window.__bench.keyToFrame = performance.now() - e.timeStamp;
      }), { once: true });
    })()`);
    const box = page.locator('textarea[aria-label="Message"]');
    await box.press("k");
    await waitUntil(page, "window.__bench.keyToFrame !== undefined");
    const value = await box.inputValue();
    if (!value.endsWith("§k")) throw new Error(`the composer shows ${JSON.stringify(value)} after typing`);
    const keyToFrameMs = await page.evaluate<number>("window.__bench.keyToFrame");
    await page.waitForLoadState("networkidle");
    const assets = await collected.settled();
    return { assets, composerMs: probe.composerAt, interactiveMs: probe.interactiveAt, keyToFrameMs };
  } finally {
    await context.close();
  }
}

async function loadAuth(browser: Browser, server: RunningServer): Promise<Asset[]> {
  const context = await newContext(browser, server, null);
  try {
    const page = await context.newPage();
    const collected = collectAssets(page, server.url);
    await page.goto(`${server.url}/auth`);
    await page.getByLabel("Email").first().waitFor({ timeout: 30_000 });
    await page.waitForLoadState("networkidle");
    return await collected.settled();
  } finally {
    await context.close();
  }
}

const sum = (assets: Asset[], key: "raw" | "gzip" | "sent") => assets.reduce((n, a) => n + a[key], 0);

function chunkTable(assets: Asset[]): string {
  const rows = [...assets].sort((a, b) => b.gzip - a.gzip);
  return [
    "| file | raw | gzip -9 |",
    "|---|---|---|",
    ...rows.map((a) => `| \`${a.path.replace(/^\/assets\//, "")}\` | ${kb(a.raw)} | ${kb(a.gzip)} |`),
    `| **total (${rows.length} files)** | ${kb(sum(rows, "raw"))} | **${kb(sum(rows, "gzip"))}** |`,
  ].join("\n");
}

function sentNote(assets: Asset[]): string {
  const encodings = [...new Set(assets.map((a) => a.encoding))].join(", ");
  return `${kb(sum(assets, "sent"))} on the wire (Content-Encoding: ${encodings})`;
}

/** A build of the web app under measurement: the one being benched, and optionally a baseline. */
interface Target {
  name: string;
  server: RunningServer;
  /** The bench's person, signed in on this server. */
  account: Account;
}

interface BundleRun {
  auth: Asset[];
  chats: ChatLoad[];
}

/** "x (baseline y)": a figure beside the same figure for the baseline build, when there is one. */
const withBaseline = <T>(runs: T[], format: (run: T) => string) =>
  runs[1] === undefined ? undefined : format(runs[1]);

/**
 * A baseline build named by the commit of its checkout (a path on the bench's machine says nothing).
 * The path is a folder (a web build) or a file (a server entry): git is asked from the folder.
 */
function buildOf(path: string): string {
  const folder = statSync(path, { throwIfNoEntry: false })?.isFile() ? dirname(path) : path;
  const commit = gitIn(folder, "rev-parse", "--short", "HEAD");
  return commit ? `at commit \`${commit}\`` : "from a folder outside a git checkout";
}

async function bundleSection(ctx: BenchContext, browser: Browser, targets: Target[]): Promise<BenchSection> {
  // More loads to tell two builds apart by less than this machine's noise from load to load.
  const loads = Number(process.env.BENCH_CHAT_LOADS) || (ctx.quick ? 5 : 9);
  const runs: BundleRun[] = [];
  for (const { name, server } of targets) {
    const auth = await loadAuth(browser, server);
    ctx.log(`${name} /auth: ${auth.length} files, ${kb(sum(auth, "gzip"))} gzip`);
    runs.push({ auth, chats: [] });
  }
  // Cold loads alternate between the builds, so both see the same state of a noisy machine.
  for (let i = 0; i < loads; i++) {
    for (const [t, { name, server, account }] of targets.entries()) {
      const load = await loadChat(browser, server, account);
      runs[t]!.chats.push(load);
      ctx.log(`${name} chat load ${i + 1}/${loads}: interactive at ${ms(load.interactiveMs)}`);
    }
  }
  const authGzip = (r: BundleRun) => sum(r.auth, "gzip");
  const chatGzip = (r: BundleRun) => sum(r.chats[0]!.assets, "gzip");
  const interactive = (r: BundleRun) => median(r.chats.map((c) => c.interactiveMs));
  const composer = (r: BundleRun) => median(r.chats.map((c) => c.composerMs));
  const [run] = runs as [BundleRun];
  const chat = run.chats[0]!.assets;
  const { BENCH_BASELINE_WEB_DIST: baselineWeb, BENCH_BASELINE_SERVER_ENTRY: baselineServer } = process.env;
  const baselineNote = targets[1]
    ? `The baseline column is ${[
        baselineWeb && `another build of the web app (${buildOf(baselineWeb)})`,
        baselineServer && `another build of the server (${buildOf(baselineServer)})`,
      ]
        .filter(Boolean)
        .join(" and ")}, ` +
      "served by a second server on the same database and measured in the same run, load for load."
    : "No baseline build was given (`BENCH_BASELINE_WEB_DIST`, `BENCH_BASELINE_SERVER_ENTRY`); the " +
      "baseline of the time to interactive is when the composer is first on screen in the same loads.";
  return {
    id: "6",
    title: "Web: JavaScript and CSS shipped, and the chat's time to interactive",
    rows: [
      {
        measure: `/auth signed out: JS + CSS, gzip -9 (${run.auth.length} files)`,
        value: kb(authGzip(run)),
        baseline: withBaseline(runs, (r) => `${kb(authGzip(r))} (${r.auth.length} files)`),
        goal: "≤ 150 KB",
        verdict: verdict(authGzip(run) <= 150 * 1024),
      },
      {
        measure: `/dashboard/chat signed in: JS + CSS, gzip -9 (${chat.length} files)`,
        value: kb(chatGzip(run)),
        baseline: withBaseline(runs, (r) => `${kb(chatGzip(r))} (${r.chats[0]!.assets.length} files)`),
        goal: "≤ 250 KB",
        verdict: verdict(chatGzip(run) <= 250 * 1024),
      },
      {
        measure: `chat time to interactive, median of ${loads} cold loads (max ${ms(Math.max(...run.chats.map((c) => c.interactiveMs)))})`,
        value: ms(interactive(run)),
        baseline:
          withBaseline(runs, (r) => ms(interactive(r))) ?? `composer first on screen ${ms(composer(run))}`,
        goal: "< 1 s",
        verdict: verdict(interactive(run) < 1000),
      },
    ],
    details: [
      baselineNote,
      "",
      `As sent by the server: /auth ${sentNote(run.auth)}, chat ${sentNote(chat)}. Keydown → next frame, ` +
        `median ${ms(median(run.chats.map((c) => c.keyToFrameMs)))}; composer first on screen, median ` +
        `${ms(composer(run))}. Headless Chromium at ${CHROMIUM}.`,
      "",
      "/auth, per file:",
      "",
      chunkTable(run.auth),
      "",
      "/dashboard/chat, per file:",
      "",
      chunkTable(chat),
    ].join("\n"),
  };
}

// ---------------------------------------------------------------------------------------------
// Row 7: a 2,000-message conversation

/** A small deterministic generator, so every run renders the same conversation. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS =
  "the index query plan cache latency request stream model token answer context window vector search embedding schema migration server client render layout commit branch release queue worker budget retry timeout header session table column row partition replica lock transaction".split(
    " ",
  );

function contentFor(role: "user" | "assistant", i: number, rnd: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rnd() * list.length)]!;
  const sentence = (min: number, max: number) => {
    const n = min + Math.floor(rnd() * (max - min));
    const words = Array.from({ length: n }, () => pick(WORDS));
    return `${words.join(" ").replace(/^./, (c) => c.toUpperCase())}.`;
  };
  const paragraph = (n: number) => Array.from({ length: n }, () => sentence(6, 18)).join(" ");
  if (role === "user") {
    const ask = `Question ${i / 2 + 1}: ${paragraph(1 + Math.floor(rnd() * 2))}`;
    return rnd() < 0.15 ? `${ask}\n\n\`\`\`sql\nselect * from messages where id = ${i};\n\`\`\`` : ask;
  }
  const kind = rnd();
  if (kind < 0.35) return paragraph(1 + Math.floor(rnd() * 3));
  const list = Array.from({ length: 3 }, () => `- **${pick(WORDS)}**: ${sentence(4, 10)}`).join("\n");
  const parts = [`### Part ${i}`, paragraph(2), list];
  if (kind < 0.75) {
    const lines = Array.from(
      { length: 6 + Math.floor(rnd() * 18) },
      (_, l) => `const ${pick(WORDS)}${l} = await ${pick(WORDS)}(${l}); // ${sentence(2, 5)}`,
    );
    parts.push(["```ts", ...lines, "```"].join("\n"));
  } else {
    const rows = Array.from(
      { length: 4 },
      (_, r) => `| ${r + 1} | ${pick(WORDS)} ${pick(WORDS)} | ${Math.floor(rnd() * 900)} |`,
    );
    parts.push(["| step | what | ms |", "|---|---|---|", ...rows].join("\n"));
  }
  parts.push(
    paragraph(1 + Math.floor(rnd() * 2)),
    `See [the ${pick(WORDS)} notes](https://example.com/${i}) and \`${pick(WORDS)}()\`.`,
  );
  return parts.join("\n\n");
}

/** Inserts a conversation with `count` messages for the person, oldest first; returns its id. */
async function seedConversation(
  client: pg.Client,
  userId: string,
  title: string,
  count: number,
  lastMark: string,
): Promise<string> {
  const rnd = random(count);
  const started = Date.UTC(2025, 0, 6, 9);
  const roles: string[] = [];
  const contents: string[] = [];
  const models: (string | null)[] = [];
  const tokens: (number | null)[] = [];
  const times: string[] = [];
  for (let i = 0; i < count; i++) {
    const role = i % 2 === 0 ? "user" : "assistant";
    let content = contentFor(role, i, rnd);
    if (i === count - 1) content = `${content}\n\n${lastMark}`;
    roles.push(role);
    contents.push(content);
    models.push(role === "assistant" ? "guide" : null);
    tokens.push(role === "assistant" ? Math.ceil(content.length / 4) : null);
    times.push(new Date(started + i * 60_000).toISOString());
  }
  const { rows } = await client.query<{ id: string }>(
    `insert into conversations (user_id, title, model, created_at, updated_at)
     values ($1, $2, 'guide', $3, $4) returning id`,
    [userId, title, times[0], times.at(-1)],
  );
  const id = rows[0]!.id;
  await client.query(
    `insert into messages (conversation_id, user_id, role, content, model, tokens_used, created_at)
     select $1, $7, role, content, model, tokens, at
     from unnest($2::text[], $3::text[], $4::text[], $5::int[], $6::timestamptz[]) as m(role, content, model, tokens, at)`,
    [id, roles, contents, models, tokens, times, userId],
  );
  return id;
}

/**
 * In the page: every frame, whether the conversation's last message (ending with `mark`) is
 * rendered and inside the scroller's visible box; the frame time when it first is.
 */
const shownProbe = (mark: string) => `(() => {
  const log = document.querySelector('[role="log"][aria-label="Messages"]');
  if (!log) return false;
  const articles = log.querySelectorAll("article");
  const last = articles[articles.length - 1];
  if (!last || !last.textContent.includes(${JSON.stringify(mark)})) return false;
  let scroller = log.parentElement;
  while (scroller && getComputedStyle(scroller).overflowY !== "auto") scroller = scroller.parentElement;
  const box = (scroller || document.documentElement).getBoundingClientRect();
  const r = last.getBoundingClientRect();
  return r.height > 0 && r.top < box.bottom && r.bottom > box.top;
})()`;

const watchShown = (mark: string) => `(() => {
  const state = (window.__shown = { at: null });
  const frame = () => {
    if (${shownProbe(mark)}) state.at = performance.now();
    else requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})()`;

/** From the click on a conversation in Recent Chats to the frame that shows its last message. */
async function openFromList(page: Page, title: string, mark: string): Promise<number> {
  await page.evaluate(`(() => {
    window.__clickAt = null;
    document.addEventListener("click", (e) => { window.__clickAt = e.timeStamp; }, { capture: true, once: true });
    ${watchShown(mark)};
  })()`);
  await page.getByRole("navigation", { name: "Conversations" }).getByRole("link", { name: title }).click();
  await waitUntil(page, "window.__shown.at !== null", 120_000);
  return await page.evaluate<number>("window.__shown.at - window.__clickAt");
}

async function startNewChat(page: Page) {
  await page
    .getByRole("complementary", { name: "Recent Chats" })
    .getByRole("button", { name: "New", exact: true })
    .click();
  await waitUntil(page, `!document.querySelector('[role="log"][aria-label="Messages"]')`);
}

interface ScrollRun {
  frames: number[];
  idle: number[];
  distance: number;
  reachedTop: boolean;
  /** Pages of earlier messages fetched on the way up. */
  pages: number;
}

/**
 * Idle frames for a second, then scrolls up SCROLL_STEP px per frame until the top (or a cap). The
 * top is the conversation's first message: while the list can still load earlier ones (its
 * [data-older] row), scrollTop 0 is not the top.
 */
const SCROLL_RUN = (maxFrames: number) => `new Promise((done) => {
  const log = document.querySelector('[role="log"][aria-label="Messages"]');
  let el = log.parentElement;
  while (el && getComputedStyle(el).overflowY !== "auto") el = el.parentElement;
  const idle = [];
  const frames = [];
  let last = null;
  const idleUntil = performance.now() + 1000;
  let distance = 0;
  const before = () =>
    performance.getEntriesByType("resource").filter((e) => e.name.includes("/messages?") && e.name.includes("before=")).length;
  const pagesAtStart = before();
  const tick = (t) => {
    if (last !== null) (t < idleUntil ? idle : frames).push(t - last);
    last = t;
    if (t >= idleUntil) {
      const top = el.scrollTop <= 0 && !log.querySelector("[data-older]");
      if (top || frames.length >= ${maxFrames}) {
        return done({ idle, frames, distance, reachedTop: top, pages: before() - pagesAtStart });
      }
      distance += Math.min(${SCROLL_STEP}, el.scrollTop);
      el.scrollTop = el.scrollTop - ${SCROLL_STEP};
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})`;

/**
 * Jumps to a few places in the conversation and checks the rendered messages: in order, none
 * overlapping, no blank gap between neighbours beyond the list's own spacing.
 */
const LAYOUT_CHECK = `(async () => {
  const log = document.querySelector('[role="log"][aria-label="Messages"]');
  let el = log.parentElement;
  while (el && getComputedStyle(el).overflowY !== "auto") el = el.parentElement;
  const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
  let overlaps = 0;
  let widestGap = 0;
  let checked = 0;
  for (const at of [0.9, 0.7, 0.5, 0.3, 0.1]) {
    el.scrollTop = (el.scrollHeight - el.clientHeight) * at;
    for (let i = 0; i < 4; i++) await frame();
    const view = el.getBoundingClientRect();
    const rects = [...log.querySelectorAll("article")]
      .map((a) => a.getBoundingClientRect())
      .filter((r) => r.bottom > view.top && r.top < view.bottom)
      .sort((a, b) => a.top - b.top);
    if (rects.length === 0) { overlaps++; continue; }
    if (rects[0].top > view.top + 64 && el.scrollTop > 0) widestGap = Math.max(widestGap, rects[0].top - view.top);
    for (let i = 1; i < rects.length; i++) {
      const gap = rects[i].top - rects[i - 1].bottom;
      if (gap < -0.5) overlaps++;
      widestGap = Math.max(widestGap, gap);
    }
    checked += rects.length;
  }
  return { overlaps, widestGap, checked };
})()`;

interface ConversationRun {
  loads: number[];
  /** In the same full page loads: when the response with the conversation's newest page had ended. */
  pageInHand: number[];
  longOpens: number[];
  shortOpens: number[];
  dom: { nodes: number; articles: number };
  scroll: ScrollRun;
  layout: { overlaps: number; widestGap: number; checked: number };
  screenshot: string;
}

/** When the response with the conversation's newest page ended, from navigation start (the page's own record). */
const NEWEST_PAGE_IN_HAND = `(() => {
  const read = performance.getEntriesByType("resource").find((e) => e.name.includes("/messages?limit="));
  return read ? read.responseEnd : Number.NaN;
})()`;

const LONG_TITLE = "Benchmark: 2,000 messages";
const SHORT_TITLE = "Benchmark: 2 messages";

async function conversationSection(
  ctx: BenchContext,
  browser: Browser,
  targets: Target[],
  databaseUrl: string,
): Promise<BenchSection> {
  const { account } = targets[0]!;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const seeded = performance.now();
  const longId = await seedConversation(client, account.user.id, LONG_TITLE, LONG_MESSAGES, LAST_MARK);
  await seedConversation(client, account.user.id, SHORT_TITLE, 2, SHORT_MARK);
  const { rows } = await client.query<{ chars: string }>(
    "select sum(length(content))::text as chars from messages where conversation_id = $1",
    [longId],
  );
  await client.end();
  const chars = Number(rows[0]!.chars);
  ctx.log(
    `seeded ${LONG_MESSAGES} messages (${(chars / 1e6).toFixed(1)} M characters) in ${ms(performance.now() - seeded)}`,
  );

  const opens = ctx.quick ? 3 : 7;
  const pageLoads = ctx.quick ? 2 : 9;
  const maxFrames = ctx.quick ? 600 : 1800;
  const runs: ConversationRun[] = targets.map(() => ({
    loads: [],
    pageInHand: [],
    longOpens: [],
    shortOpens: [],
    dom: { nodes: 0, articles: 0 },
    scroll: { frames: [], idle: [], distance: 0, reachedTop: false, pages: 0 },
    layout: { overlaps: 0, widestGap: 0, checked: 0 },
    screenshot: "",
  }));

  // Full page loads of the conversation's address, each in a fresh context, alternating builds.
  for (let i = 0; i < pageLoads; i++) {
    for (const [t, { name, server, account }] of targets.entries()) {
      const context = await newContext(browser, server, account);
      try {
        const page = await context.newPage();
        await page.addInitScript({ content: watchShown(LAST_MARK) });
        await page.goto(`${server.url}/dashboard/chat?conversation=${longId}`);
        await waitUntil(page, "window.__shown && window.__shown.at !== null", 120_000);
        runs[t]!.loads.push(await page.evaluate<number>("window.__shown.at"));
        runs[t]!.pageInHand.push(await page.evaluate<number>(NEWEST_PAGE_IN_HAND));
        ctx.log(
          `${name} page load ${i + 1}/${pageLoads}: last message shown at ${ms(runs[t]!.loads.at(-1)!)}, ` +
            `its page in hand at ${ms(runs[t]!.pageInHand.at(-1)!)}`,
        );
      } finally {
        await context.close();
      }
    }
  }

  // Opening from Recent Chats within the app, alternating with a two-message conversation; then
  // scrolling. One page per build, opens alternating between them.
  const contexts = await Promise.all(
    targets.map(({ server, account }) => newContext(browser, server, account)),
  );
  const screenshotDir = mkdtempSync(join(tmpdir(), "tessera-bench-web-"));
  try {
    const pages: Page[] = [];
    for (const [t, { server }] of targets.entries()) {
      const page = await contexts[t]!.newPage();
      await page.goto(`${server.url}/dashboard/chat`);
      await page
        .getByRole("navigation", { name: "Conversations" })
        .getByRole("link", { name: LONG_TITLE })
        .waitFor();
      pages.push(page);
    }
    for (let i = 0; i < opens; i++) {
      for (const [t, { name }] of targets.entries()) {
        const page = pages[t]!;
        const run = runs[t]!;
        if (i > 0) await startNewChat(page);
        run.shortOpens.push(await openFromList(page, SHORT_TITLE, SHORT_MARK));
        await startNewChat(page);
        run.longOpens.push(await openFromList(page, LONG_TITLE, LAST_MARK));
        ctx.log(
          `${name} open ${i + 1}/${opens}: ${ms(run.longOpens.at(-1)!)} (two messages: ${ms(run.shortOpens.at(-1)!)})`,
        );
      }
    }
    for (const [t, { name }] of targets.entries()) {
      const page = pages[t]!;
      const run = runs[t]!;
      run.dom = await page.evaluate<ConversationRun["dom"]>(`({
        nodes: document.getElementsByTagName("*").length,
        articles: document.querySelectorAll('[role="log"] article').length,
      })`);
      run.scroll = await page.evaluate<ScrollRun>(SCROLL_RUN(maxFrames));
      run.layout = await page.evaluate<ConversationRun["layout"]>(LAYOUT_CHECK);
      await page.evaluate(`(() => {
        const log = document.querySelector('[role="log"][aria-label="Messages"]');
        let el = log.parentElement;
        while (el && getComputedStyle(el).overflowY !== "auto") el = el.parentElement;
        el.scrollTop = (el.scrollHeight - el.clientHeight) * 0.5;
      })()`);
      await page.waitForTimeout(300);
      run.screenshot = join(screenshotDir, `${name.replace(/\s+/g, "-")}-mid-scroll.png`);
      await page.screenshot({ path: run.screenshot });
      ctx.log(`${name}: ${run.scroll.frames.length} scroll frames; mid-scroll screenshot ${run.screenshot}`);
    }
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
  }

  const frames = (r: ConversationRun) => {
    const dropped = r.scroll.frames.reduce((n, d) => n + Math.max(0, Math.round(d / FRAME_MS) - 1), 0);
    return {
      fps: 1000 / median(r.scroll.frames),
      p95: percentile(r.scroll.frames, 95),
      dropped: dropped / (dropped + r.scroll.frames.length),
    };
  };
  const [run] = runs as [ConversationRun];
  const open = median(run.longOpens);
  const f = frames(run);
  const scrollNote = (name: string, r: ConversationRun) =>
    `${name}: ${r.scroll.frames.length} frames over ${Math.round(r.scroll.distance)} px, ` +
    `${r.scroll.reachedTop ? "reached the top" : "stopped at the frame cap"}, ` +
    `${r.scroll.pages} ${r.scroll.pages === 1 ? "page" : "pages"} of earlier messages loaded on the way; idle before it ` +
    `${(1000 / median(r.scroll.idle)).toFixed(1)} fps (p95 ${ms(percentile(r.scroll.idle, 95))}). ` +
    `Layout check (five positions, ${r.layout.checked} messages on screen in all): ${r.layout.overlaps} ` +
    `overlapping, widest gap between neighbours ${Math.round(r.layout.widestGap)} px.`;
  return {
    id: "7",
    title: "A 2,000-message conversation: open and scroll",
    rows: [
      {
        measure: `open from Recent Chats → last message on screen, median of ${opens}`,
        value: ms(open),
        baseline:
          withBaseline(runs, (r) => ms(median(r.longOpens))) ??
          `2-message conversation ${ms(median(run.shortOpens))}`,
        goal: "< 300 ms",
        verdict: verdict(open < 300),
      },
      {
        measure: `full page load of the conversation → last message on screen, median of ${pageLoads}`,
        value: ms(median(run.loads)),
        baseline: withBaseline(runs, (r) => ms(median(r.loads))),
      },
      {
        measure: `full page load: the newest page of messages in hand (its response ended), median of ${pageLoads}`,
        value: ms(median(run.pageInHand)),
        baseline: withBaseline(runs, (r) => ms(median(r.pageInHand))),
      },
      {
        measure: `scrolling bottom → top, ${SCROLL_STEP} px/frame: median fps`,
        value: f.fps.toFixed(1),
        baseline:
          withBaseline(runs, (r) => frames(r).fps.toFixed(1)) ??
          `idle page ${(1000 / median(run.scroll.idle)).toFixed(1)} fps`,
        goal: "60 fps",
        verdict: verdict(f.fps >= 59 && f.dropped < 0.05),
      },
      {
        measure: "scrolling: p95 frame time; dropped frames",
        value: `${ms(f.p95)}; ${(f.dropped * 100).toFixed(1)} %`,
        baseline: withBaseline(
          runs,
          (r) => `${ms(frames(r).p95)}; ${(frames(r).dropped * 100).toFixed(1)} %`,
        ),
      },
      {
        measure: "DOM elements with the conversation open (articles rendered)",
        value: `${run.dom.nodes} (${run.dom.articles})`,
        baseline: withBaseline(runs, (r) => `${r.dom.nodes} (${r.dom.articles})`),
      },
    ],
    details: [
      `The conversation: ${(chars / 1e6).toFixed(2)} M characters of markdown. A two-message conversation ` +
        `opened in ${ms(median(run.shortOpens))} (median)` +
        (targets[1] ? "; the baseline build was measured in turn with this one." : "."),
      "",
      ...targets.map((t, i) => `- ${scrollNote(t.name, runs[i]!)}`),
    ].join("\n"),
  };
}

export default async function web(ctx: BenchContext): Promise<BenchSection[]> {
  const webDist = process.env.BENCH_WEB_DIST;
  const baselineDist = process.env.BENCH_BASELINE_WEB_DIST;
  const baselineEntry = process.env.BENCH_BASELINE_SERVER_ENTRY;
  // Throwaway keys for this run, shared with the baseline's server so sessions hold on both.
  const keys = {
    AUTH_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("hex"),
  };
  const server = await startServer({
    root: ctx.root,
    db: "postgres",
    postgresUrl: ctx.postgresUrl,
    env: { ...keys, ...(webDist ? { WEB_DIST_DIR: webDist } : {}) },
  });
  let baseline: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    const databaseUrl = await serverDatabaseUrl(ctx.postgresUrl, server);
    const account = await signUp(server, databaseUrl);
    const targets: Target[] = [{ name: "this build", server, account }];
    if (baselineDist || baselineEntry) {
      // The same database, so the same person and conversations, served by the other build.
      baseline = await startServer({
        root: ctx.root,
        db: "postgres",
        postgresUrl: ctx.postgresUrl,
        entry: baselineEntry,
        env: {
          ...keys,
          ...(baselineDist ? { WEB_DIST_DIR: baselineDist } : webDist ? { WEB_DIST_DIR: webDist } : {}),
          DATABASE_URL: databaseUrl,
        },
      });
      targets.push({
        name: "baseline",
        server: baseline,
        account: await signIn(baseline, account.email, account.password),
      });
    }
    // Playwright gives the browser a fresh temporary profile; each load gets a fresh context too.
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    const bundle = await bundleSection(ctx, browser, targets);
    const conversation = await conversationSection(ctx, browser, targets, databaseUrl);
    return [bundle, conversation];
  } finally {
    await browser?.close();
    await baseline?.stop();
    await server.stop();
  }
}

const NOTES_6 = `
**Method.** Headless Chromium on loopback, ${VIEWPORT.width}×${VIEWPORT.height}, no throttling, against the built
server on a PostgreSQL database of its own. The service worker is blocked in every context, so every load is
cold (a fresh browser context, an empty HTTP cache) and counts the page's own requests. Sizes are the response
bodies gzipped here at level 9, counted once the page is ready and the network has been idle for half a second
(code loaded later, on demand, is not counted). **Time to interactive** is navigation start → the first frame in
which a character typed into the chat composer shows in it: the page's probe (an init script) watches every
frame, and once the composer is on screen types a character in a task of its own, as a key press would arrive,
so a main thread still busy with start-up delays it; the harness then presses a real key and checks it appears.
On this 2-core machine the load is CPU-bound (the renderer, the browser process and the server share the two
cores), so the figure moves with the machine's other work: compare builds load for load in one run
(\`BENCH_BASELINE_WEB_DIST\`, \`BENCH_CHAT_LOADS\`). The load average the run started at is in the table of
runs above. In this run (load average about 3 at its start) the build at commit b245939 (whose time to
interactive was 882 ms on an earlier machine) was served as the baseline: it took 638 ms, this build 669 ms.

**Where the chat's start-up went.** Traces of cold loads (resource timing, long tasks, and the renderer's CPU
profile, this build and b245939 in turn) found these, all fixed. (1) index.html preloads the chunks the entry
imports (React, i18next, \`public-ui\`); without those preloads they were asked for only once the entry had
run, behind the chat's fifty-odd route preloads, six at a time over HTTP/1.1. (2) The built-in catalogue's
texts are read once per language, not once per model (about 105 ms of i18next before the composer). (3) zod is
off the first screen (below), and with it the schemas built as their modules load (30 to 80 ms). (4) A stored
session not known to have ended is used at once and checked in the background (\`auth-provider.tsx\`): the
first render no longer waits for the server's answer, 300 to 500 ms under load; a refusal signs out when it
comes. What remains against b245939 is i18next itself (that build had no translations: about 45 ms in a
profile) and more React work for a larger first screen. Fetched after the entry runs, off the composer's path:
the chat's English texts (\`chat\`, \`knowledge\`, \`catalogue\`), and for an admin (the bench's person is the
instance's first account) the "Connect a model" card with its texts, after the first render.

**What /auth loads.** Sign-in loads neither TanStack Query nor tailwind-merge (\`cn\` only joins classes until
the signed-in pages switch merging on; the signed-out pages pass no conflicting classes, which
\`signed-out-classes.test.tsx\` checks), its small components come in one \`public-ui\` file, and a language other
than English arrives as one file of its own. What it loads: React with ReactDOM and React Router in one chunk
(94.8 KB: ReactDOM's client 203 KB raw, the data router 92 KB raw, both needed before the first page), i18next
with the parts of react-i18next every page uses (17.5 KB), the entry (16.1 KB: the sign-in, dashboard and chat
routes, the providers, English \`common\`, \`auth\`, \`changelog\` and \`errors\`, and the list of chunks to
preload), the shared components (9.6 KB) and the styles (6.4 KB). The other signed-in pages' routes are in
\`signed-in-routes.tsx\`, which the router adds when an address among them is first asked for; the chat's and
the dashboard's stay in the entry, since moving them too cost the chat 150 to 200 ms to interactive in paired
runs. The background jobs' and images' failure reasons are a namespace of their own (\`jobs\`), fetched with
the documents, images and admin pages, as the reset-password page's texts are with that page.

**What the chat loads.** Its first screen reads five answers (the conversations, the folders, the models, the
profile and the news), each checked by a small hand-written validator (\`apps/web/src/lib/answer-guards.ts\`,
held to the contracts schemas by its tests). The constants it reads (the chat's limits, the model catalogue,
the plans' entitlements, the attachment limits) are in contracts modules without schemas (\`chat-settings\`,
\`model-catalogue\`, \`plan-entitlements\`, \`document-limits\`, \`collection-limits\` and others, listed in the
contracts README), and the schemas of later actions (sending, following an answer, a conversation's messages, a
branch, dictation, search, tools, an assistant, a knowledge base's list, an upload) load when the action first
runs. The web build fails if zod is on the first screen of \`/dashboard/chat\` or \`/auth\` (\`route-preloads\`).
What a click shows (the \`#\` picker's list, message search, attachment chips, the export's download) loads
with that click. The largest parts: React (94.8 KB), the route's own code (23.6 KB), the styles (24.3 KB: the
signed-in pages' utilities and the base), i18next (17.5 KB), the entry (16.1 KB) and TanStack Query (about
11 KB). The margin under 250 KB is under 3 KB: the next cuts would be dictation's recording code (about
1.5 KB), the intro overlay, and the English \`catalogue\` and \`knowledge\` texts (about 4 KB, which the
components wait for).
`;

const NOTES_7 = `
**Method.** ${LONG_MESSAGES.toLocaleString("en")} messages (markdown: paragraphs, lists, code blocks, tables, links;
alternating question and answer) inserted into the server's PostgreSQL database for a person who signed up
through the API; the server and Chromium as in row 6. **Open** is the click on the conversation in Recent
Chats (the event's timestamp) → the first animation frame in which the last message is inside the scroller's
visible box; it includes fetching and parsing the newest page (${MESSAGE_PAGE_SIZE} messages; earlier pages
load as the list nears its first message). Each open follows New chat and alternates with a two-message
conversation. **Full page load** is navigation start → the same frame, in a fresh context; in the same loads, the
newest page in hand is navigation start → the end of the response that carried it (resource timing).
**Scrolling**: after a second of idle frames, scrollTop goes up ${SCROLL_STEP} px every animation frame until the
first message, pages of earlier messages loading on the way; frame times are requestAnimationFrame deltas, and
a frame of n × 16.7 ms counts n − 1 dropped. Software rendering (\`--disable-gpu\`).
`;

export const NOTES: BenchNotes = { "6": NOTES_6, "7": NOTES_7 };
