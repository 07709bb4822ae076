// The offline app shell against the built app: once the service worker controls the page, a reload
// without network still opens Tessera with the offline notice; a CACHE_UPDATED message from our own
// origin shows the refresh banner and reloads the page.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const controlled = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

test("a reload without network opens the app from the service worker, with the offline notice", async ({
  signedIn: page,
  context,
}) => {
  await expect(page).toHaveURL(/\/dashboard/);
  // The first visit installs the worker; it takes over this page once its precache is complete.
  await controlled(page);
  const worker = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? "");
  expect(worker).toMatch(/\/service-worker\.js\?v=/);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText(/You're offline/)).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, "offline.png"), fullPage: true });

  await context.setOffline(false);
  await expect(page.getByText(/You're offline/)).toBeHidden();
});

test("CACHE_UPDATED from our origin shows the refresh banner, then the page reloads", async ({
  signedIn: page,
}) => {
  await expect(page).toHaveURL(/\/dashboard/);
  await controlled(page);
  // Marks this document: a reload replaces it, and the mark with it.
  await page.evaluate(() => {
    (window as unknown as { beforeRefresh?: boolean }).beforeRefresh = true;
  });

  // Another origin is ignored.
  await page.evaluate(() =>
    navigator.serviceWorker.dispatchEvent(
      new MessageEvent("message", { data: { type: "CACHE_UPDATED" }, origin: "http://elsewhere.invalid" }),
    ),
  );
  await page.waitForTimeout(300);
  await expect(page.getByText("New version available. Refreshing...")).toHaveCount(0);

  // What our worker sends.
  await page.evaluate(() =>
    navigator.serviceWorker.dispatchEvent(
      new MessageEvent("message", { data: { type: "CACHE_UPDATED" }, origin: location.origin }),
    ),
  );
  // The banner has 1.5 s before the reload: no screenshot of it, which on a busy machine outlasted it
  // and found the page gone.
  await expect(page.getByText("New version available. Refreshing...")).toBeVisible();
  await page.waitForFunction(
    () => (window as unknown as { beforeRefresh?: boolean }).beforeRefresh === undefined,
    null,
    { timeout: 10_000 },
  );
  await expect(page.getByText("New version available. Refreshing...")).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
});
