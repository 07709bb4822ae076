// Code that fails to arrive, against the built app. Pages and dialogs are chunks loaded on first use
// (web lib/chunk-load): a chunk that fails once is fetched again and opens as if nothing happened; a
// page whose chunk never arrives reloads itself once (into the page it was going to), then shows the
// error screen, and its Try Again reloads, which fetches it.
// The service worker is kept out: once it controls the page it answers from its precache, and these
// failures are the network's. A read from the API that fails on the way is tried again by the
// page's API client (web lib/api-client), three times in all.
import { expect, test } from "../support/fixtures";

test.use({ serviceWorkers: "block" });

test("a dialog whose code fails once to arrive still opens", async ({ signedIn: page }) => {
  const asked: string[] = [];
  await page.route("**/assets/prompt-library-dialog-*.js", (route) => {
    asked.push(route.request().url());
    return asked.length === 1 ? route.abort("connectionreset") : route.continue();
  });
  await page.goto("/dashboard/chat");
  await page.getByRole("button", { name: /prompt library/i }).click();
  await expect(page.getByRole("dialog", { name: "Prompt Library", exact: true })).toBeVisible();
  expect(asked).toHaveLength(2);
});

test("a page whose code never arrives shows the error screen, and Try Again reloads it", async ({
  signedIn: page,
  pageErrors,
}) => {
  await page.goto("/dashboard/chat");
  const pageCode = "**/assets/images-page-*.js";
  let asked = 0;
  await page.route(pageCode, (route) => {
    asked += 1;
    return route.abort("connectionreset");
  });
  // The first try and the two after it; then the page reloads once for the chunk (lib/reload-once.ts),
  // as it would after a deploy that replaced it, into the page the link was going to.
  const reloaded = page.waitForEvent("load");
  await page.getByRole("link", { name: "AI Images", exact: true }).click();
  await reloaded;
  await expect(page).toHaveURL(/\/dashboard\/images$/);
  // There the chunk fails three times more and the error screen shows: one reload per chunk.
  await expect(page.getByRole("heading", { name: "Something went wrong", exact: true })).toBeVisible();
  expect(asked).toBe(6);

  await page.unroute(pageCode);
  await page.getByRole("button", { name: "Try Again", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Image Creator", exact: true })).toBeVisible();
  // The error screen logged the failure on the console, as it should; nothing else went wrong.
  expect(pageErrors.every((e) => e.includes("dynamically imported module"))).toBe(true);
  pageErrors.length = 0;
});

test("a list that fails twice on the way still loads, the page trying again by itself", async ({
  signedIn: page,
}) => {
  const reads: string[] = [];
  await page.route("**/api/prompts*", (route) => {
    if (route.request().method() !== "GET") return route.continue();
    reads.push(route.request().url());
    return reads.length <= 2 ? route.abort("connectionreset") : route.continue();
  });
  await page.goto("/dashboard/chat");
  await page.getByRole("button", { name: "Prompt library", exact: true }).click();
  const library = page.getByRole("dialog", { name: "Prompt Library", exact: true });
  // The API client waits 1 s, then 2 s, between its tries.
  await expect(library.getByRole("article").first()).toBeVisible({ timeout: 15_000 });
  expect(reads.length).toBeGreaterThanOrEqual(3);
  await expect(library.getByText(/failed to load/i)).toHaveCount(0);
});
