// A long conversation opens at its newest page; scrolling back puts earlier pages above without
// moving the message being read. The server's paging is covered by its own tests; here the pages
// come from a route in the browser, so that 250 messages need no 125 real turns.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, Route } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// Requests the app's service worker made would pass the page's routes by.
test.use({ serviceWorkers: "block" });

const CONVERSATION = "0d1e2f30-4a5b-4c6d-8e7f-000000000250";
const TOTAL = 250;
const PAGE = 100;

/** Message n: a question, or an answer of one to four paragraphs (rows of different heights). */
function message(n: number) {
  const answer = n % 2 === 1;
  const paragraphs = answer ? 1 + (n % 4) : 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`,
    conversation_id: CONVERSATION,
    role: answer ? "assistant" : "user",
    content: [
      `Message number ${n}`,
      ...Array.from({ length: paragraphs - 1 }, (_, p) => `Paragraph ${p + 2} of message ${n}. `.repeat(6)),
    ].join("\n\n"),
    created_at: new Date(Date.UTC(2026, 0, 1, 0, n)).toISOString(),
    tokens_used: answer ? 40 : null,
    model: answer ? "tessera-local" : null,
    sources: [],
    images: [],
    status: "complete",
  };
}

/** Serves the pages as the server does; a page asked for with before= waits until `release`. */
function servePages() {
  const asks: string[] = [];
  let release: () => void = () => {};
  let gate = Promise.resolve();
  const hold = () => {
    gate = new Promise((r) => (release = r));
  };
  const handler = async (route: Route) => {
    const url = new URL(route.request().url());
    asks.push(url.search);
    const limit = Number(url.searchParams.get("limit") ?? TOTAL);
    const before = url.searchParams.get("before");
    const end = before ? Number(before.slice(-12)) : TOTAL;
    if (before) await gate;
    const from = Math.max(0, end - limit);
    await route.fulfill({ json: Array.from({ length: end - from }, (_, i) => message(from + i)) });
  };
  return { asks, handler, hold, release: () => release() };
}

const scroller = (page: Page) => page.locator("section[aria-label='Chat'] .overflow-y-auto").first();
const top = async (page: Page, n: number) =>
  (await page.getByText(`Message number ${n}`, { exact: true }).boundingBox())!.y;

test("a long conversation opens at its end and loads earlier messages above as one scrolls back", async ({
  signedIn: page,
}) => {
  const pages = servePages();
  await page.route(`**/api/conversations/${CONVERSATION}/messages*`, pages.handler);
  await page.goto(`/dashboard/chat?conversation=${CONVERSATION}`);
  const log = page.getByRole("log", { name: "Messages", exact: true });
  // Opening takes a few seconds on a loaded 2-core machine (a CI run once needed more than 10).
  await expect(log.getByText(`Message number ${TOTAL - 1}`, { exact: true })).toBeInViewport({
    timeout: 25_000,
  });
  expect(pages.asks).toEqual([`?limit=${PAGE}`]);

  for (const first of [TOTAL - PAGE, TOTAL - 2 * PAGE]) {
    pages.hold();
    // Just opened, the log may still be settling at its end (rows measured taller or shorter than
    // guessed bring it back there) in the frame the scroll lands in: scroll again until it stays.
    await expect(async () => {
      await scroller(page).evaluate((el) => (el.scrollTop = 0));
      await expect(log.getByText(`Message number ${first}`, { exact: true })).toBeInViewport({
        timeout: 1000,
      });
    }).toPass();
    await expect(log.getByRole("status", { name: "Loading earlier messages", exact: true })).toBeVisible();
    const before = await top(page, first);
    if (first === TOTAL - PAGE) await page.screenshot({ path: join(shots, "chat-history-loading.png") });
    pages.release();
    await expect(log.getByRole("status", { name: "Loading earlier messages", exact: true })).toBeHidden();
    // The message that was read stays where it was; the earlier ones are above it.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await expect(log.getByText(`Message number ${first}`, { exact: true })).toBeInViewport();
    expect(Math.abs((await top(page, first)) - before)).toBeLessThanOrEqual(2);
    expect(await scroller(page).evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await scroller(page).evaluate((el) => el.scrollBy(0, -200));
    await expect(log.getByText(`Message number ${first - 1}`, { exact: true })).toBeInViewport();
    await page.screenshot({ path: join(shots, `chat-history-${first}.png`) });
  }
  // The last page was short: it starts the conversation, and nothing more is asked for.
  await scroller(page).evaluate((el) => (el.scrollTop = 0));
  await expect(log.getByText("Message number 0", { exact: true })).toBeInViewport();
  await page.waitForTimeout(300);
  expect(pages.asks).toEqual([
    `?limit=${PAGE}`,
    `?limit=${PAGE}&before=${message(TOTAL - PAGE).id}`,
    `?limit=${PAGE}&before=${message(TOTAL - 2 * PAGE).id}`,
  ]);
  await expect(log.getByRole("status", { name: "Loading earlier messages", exact: true })).toBeHidden();
  await page.screenshot({ path: join(shots, "chat-history-top.png") });
});
