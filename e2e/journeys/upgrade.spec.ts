// A deploy under an open page: the page came from one build, and the restarted server serves another
// whose chunk names differ. Following a link to a page not loaded yet asks for the old chunk: the
// server answers 404 (not the app's HTML), the page reloads itself once, and shows the new build's
// page. Service workers are blocked here, as in a browser without the offline shell: with one, the
// shell's own update (the "New version available" banner) comes first.
import { spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { test, expect } from "@playwright/test";

const root = resolve(import.meta.dirname, "../..");
const built = join(root, "apps/web/dist");

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

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string, at = ""): string[] {
  return readdirSync(join(dir, at), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? filesUnder(dir, join(at, e.name)) : [join(at, e.name)],
  );
}

/**
 * The next build, as a rebuild after a code change looks to a page of the old one: every hashed
 * script and style under new names, and every reference to them (index.html, other chunks) moved too.
 */
function nextBuildOf(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  // Compressed copies are optional to the server; dropped rather than made again.
  for (const file of filesUnder(to).filter((f) => /\.(br|gz)$/.test(f))) rmSync(join(to, file));
  const assets = readdirSync(join(to, "assets")).filter((n) => /\.(js|css)$/.test(n));
  const renamed = new Map(assets.map((n) => [n, n.replace(/\.(js|css)$/, "-next.$1")]));
  for (const [was, now] of renamed) renameSync(join(to, "assets", was), join(to, "assets", now));
  const names = [...renamed.keys()]
    .sort((a, b) => b.length - a.length)
    .map((n) => n.replace(/[.$]/g, "\\$&"));
  const reference = new RegExp(`(?<=/)(${names.join("|")})`, "g");
  for (const file of filesUnder(to).filter((f) => /\.(html|js|css|json|webmanifest)$/.test(f))) {
    const text = readFileSync(join(to, file), "utf8");
    const moved = text.replace(reference, (n) => renamed.get(n)!);
    if (moved !== text) writeFileSync(join(to, file), moved);
  }
}

let work = "";
let port = 0;
let server: ChildProcess | null = null;
let output = "";

async function startServer(webDist: string): Promise<void> {
  output = "";
  const child = spawn(process.execPath, [join(root, "apps/server/dist/main.js")], {
    env: {
      PATH: process.env.PATH ?? "",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: join(work, "data"),
      WEB_DIST_DIR: webDist,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr.on("data", (d: Buffer) => (output += d.toString()));
  server = child;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`server never became healthy:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

test.beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "tessera-upgrade-"));
  port = await freePort();
  cpSync(built, join(work, "old"), { recursive: true });
  nextBuildOf(join(work, "old"), join(work, "new"));
});

test.afterAll(async () => {
  await stopServer();
  rmSync(work, { recursive: true, force: true });
});

test("a page of the old build reloads itself once into the new build", async ({ browser }) => {
  test.setTimeout(120_000);
  await startServer(join(work, "old"));
  const context = await browser.newContext({ serviceWorkers: "block", baseURL: `http://127.0.0.1:${port}` });
  const page = await context.newPage();
  await page.goto("/auth");
  await expect(page.getByRole("link", { name: "Terms of Service" })).toBeVisible();
  const oldTerms = readdirSync(join(work, "old", "assets")).find((n) => /^terms-page-.*\.js$/.test(n)) ?? "";
  expect(oldTerms, "the build has a chunk of its own for the terms page").not.toBe("");

  // The deploy: the same data, the next build.
  await stopServer();
  await startServer(join(work, "new"));
  const missing = await fetch(`http://127.0.0.1:${port}/assets/${oldTerms}`);
  expect(missing.status).toBe(404);
  expect(missing.headers.get("content-type") ?? "").not.toContain("text/html");

  const statuses: { url: string; status: number }[] = [];
  page.on("response", (r) => statuses.push({ url: r.url(), status: r.status() }));
  let loads = 0;
  page.on("load", () => loads++);
  await page.getByRole("link", { name: "Terms of Service" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Terms");
  await expect(page).toHaveURL(/\/terms$/);
  expect(statuses).toContainEqual({ url: expect.stringContaining(`/assets/${oldTerms}`), status: 404 });
  expect(statuses).toContainEqual({
    url: expect.stringContaining(`/assets/${oldTerms.replace(/\.js$/, "-next.js")}`),
    status: 200,
  });
  expect(loads).toBe(1);
  // The reload was spent on that chunk: the page's own navigation works on from here without another.
  await page.getByRole("link", { name: "Privacy Policy" }).first().click();
  await expect(page).toHaveURL(/\/privacy/);
  expect(loads).toBe(1);
  await context.close();
});
