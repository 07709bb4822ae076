// Installing Tessera as an app: Chromium reads the manifest (its own parser, through CDP), finds
// nothing that stops installation, and the installed app's start URL opens to chat. The manifest and
// its icons come with the right types, and the offline shell's worker still takes the page.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, signUpAndVerify, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

test("Chromium finds Tessera installable, and its start URL opens to chat", async ({
  playwright,
  launchOptions,
  account,
}) => {
  // Chromium offers no installation in an incognito profile, which a plain Playwright context is.
  const profile = mkdtempSync(join(tmpdir(), "tessera-install-"));
  const context = await playwright.chromium.launchPersistentContext(profile, {
    ...launchOptions,
    baseURL: process.env.TESSERA_E2E_URL,
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await signUpAndVerify(page, account);
    await installable(page, context);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

async function installable(page: Page, context: BrowserContext) {
  await expect(page).toHaveURL(/\/dashboard/);
  // Chromium judges installability once the worker of the offline shell controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

  const served = await page.request.get("/manifest.webmanifest");
  expect(served.status()).toBe(200);
  expect(served.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const manifest = (await served.json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
    shortcuts: { name: string; url: string }[];
  };
  expect(manifest.start_url).toBe("/dashboard/chat");
  expect(manifest.display).toBe("standalone");
  expect(manifest.shortcuts.map((s) => s.name)).toEqual(["New chat", "Search"]);
  for (const icon of manifest.icons) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()["content-type"], icon.src).toBe("image/png");
  }
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]),
  );

  const cdp = await context.newCDPSession(page);
  const app = await cdp.send("Page.getAppManifest");
  expect(app.url).toMatch(/\/manifest\.webmanifest$/);
  expect(app.errors).toEqual([]);
  expect(JSON.parse(app.data ?? "{}")).toMatchObject({ name: "Tessera", short_name: "Tessera" });
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);

  // The installed app opens its start URL, resolved against the manifest's address.
  const start = new URL(manifest.start_url, app.url).href;
  await page.goto(start);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, "install-start-url.png") });
}
