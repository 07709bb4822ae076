// AI search against the built app: no web search engine is configured, so the search engine page
// searches the workspace's own index (help articles and the person's documents) and Tessera Local
// writes the overview from the sources it found, citing them.
import { ALPHA_TEXT } from "../support/e2e-models";
import { expect, test } from "../support/fixtures";
import type { Page } from "@playwright/test";

const DOCUMENT_TITLE = "Lighthouse keeping handbook";
const DOCUMENT = [
  "# Lighthouse keeping handbook",
  "The Farrow Point lighthouse lamp is lit at dusk by the keeper, who logs the wind every four hours " +
    "through the night and trims the wick before the first watch.",
  "At dawn the keeper extinguishes the lamp, draws the curtains around the lens so the sun cannot " +
    "scorch it, and writes the night's weather in the station log.",
  "The fog signal at Farrow Point sounds twice every thirty seconds whenever visibility falls below " +
    "two nautical miles.",
].join("\n\n");
const QUESTION = "When is the Farrow Point lighthouse lamp lit?";

/** The API takes the bearer token the app keeps for the signed-in person, not the cookie. */
async function seedDocument(page: Page) {
  const token = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.includes("auth"));
    return key ? (JSON.parse(localStorage.getItem(key) ?? "{}") as { token?: string }).token : undefined;
  });
  expect(token, "the signed-in session's token").toBeTruthy();
  const res = await page.request.post("/api/documents", {
    data: { title: DOCUMENT_TITLE, content: DOCUMENT },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const done = /^Done · [\d,]+ tokens? · \$0\.00$/;

test("search the workspace: the document as a source, a cited overview, and a related question", async ({
  signedIn: page,
}) => {
  await seedDocument(page);
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "AI Search", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "AI Search Engine", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Try asking", exact: true })).toBeVisible();
  await page.screenshot({ path: "/tmp/search-empty.png" });

  await page.getByRole("searchbox", { name: "Search", exact: true }).fill(QUESTION);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const first = page.getByRole("article", { name: QUESTION, exact: true });
  await expect(first.getByTestId("search-status")).toHaveText(done, { timeout: 30_000 });

  const source = first
    .getByRole("region", { name: "Sources", exact: true })
    .getByRole("link", { name: DOCUMENT_TITLE, exact: true });
  await expect(source).toBeVisible();
  const sourceHref = await source.getAttribute("href");
  expect(sourceHref).toMatch(/^\/dashboard\/documents\/[0-9a-f-]{36}/);
  const overview = first.getByRole("region", { name: "AI overview", exact: true });
  await expect(overview).toContainText("dusk");
  const citation = overview.getByRole("link", { name: "1", exact: true }).first();
  await expect(citation).toBeVisible();
  // [1] is the first source card.
  const firstCard = first.getByRole("region", { name: "Sources", exact: true }).getByRole("listitem").first();
  expect(await citation.getAttribute("href")).toBe(
    await firstCard.getByRole("link").first().getAttribute("href"),
  );
  await page.screenshot({ path: "/tmp/search-results.png", fullPage: true });

  // A follow-up stays in the thread, under the first question.
  await page
    .getByRole("searchbox", { name: "Ask a follow-up", exact: true })
    .fill("What does the keeper do at dawn?");
  await page.getByRole("button", { name: "Ask", exact: true }).click();
  const followUp = page.getByRole("article", { name: "What does the keeper do at dawn?", exact: true });
  await expect(followUp.getByTestId("search-status")).toHaveText(done, { timeout: 30_000 });
  await expect(first).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "/tmp/search-thread.png", fullPage: true });

  // A related question starts a new search of its own.
  const related = followUp
    .getByRole("region", { name: "Related questions", exact: true })
    .getByRole("button")
    .first();
  const question = (await related.textContent())!.trim();
  await related.click();
  const next = page.getByRole("article", { name: question, exact: true });
  await expect(next.getByRole("heading", { name: question, exact: true })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue(question);
  await expect(next.getByTestId("search-status")).toHaveText(done, { timeout: 30_000 });
  await expect(first).toHaveCount(0);

  // Both threads are in the history; the first opens again as it was saved.
  const history = page.getByRole("list", { name: "Past searches", exact: true });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await history.getByRole("button", { name: new RegExp(`^${QUESTION.replace("?", "\\?")}`) }).click();
  await expect(
    page.getByRole("article", { name: "What does the keeper do at dawn?", exact: true }),
  ).toBeVisible();
  await expect(
    page.getByRole("article", { name: QUESTION, exact: true }).getByTestId("search-status"),
  ).toHaveText(done);
  await page.screenshot({ path: "/tmp/search-desktop.png" });
});

test("the search page fits a phone, in the dark theme too", async ({ signedIn: page }) => {
  await seedDocument(page);
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard/jigsaw-search?q=" + encodeURIComponent(QUESTION));
  const result = page.getByRole("article", { name: QUESTION, exact: true });
  await expect(result.getByTestId("search-status")).toHaveText(done, { timeout: 30_000 });
  await expect(page).toHaveURL(/\/dashboard\/jigsaw-search$/);
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "/tmp/search-phone.png", fullPage: true });

  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: "/tmp/search-phone-dark.png", fullPage: true });

  await page.getByRole("button", { name: "History", exact: true }).click();
  const sheet = page.getByRole("dialog", { name: "Search history", exact: true });
  await expect(sheet.getByRole("listitem")).toHaveCount(1);
  await page.screenshot({ path: "/tmp/search-phone-history-dark.png", animations: "disabled" });
  await page.keyboard.press("Escape");

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: "/tmp/search-desktop-dark.png", fullPage: true });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
});

test("the simple AI Search page answers from the workspace", async ({ signedIn: page }) => {
  await seedDocument(page);
  await page.goto("/dashboard/tessera-search");
  await expect(page.getByRole("heading", { name: "AI Search", level: 1 })).toBeVisible();
  const box = page.getByPlaceholder("Ask anything...");
  // A blank question is refused in words, whether Search is pressed or Enter.
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter a search query");
  await box.press("Enter");
  await expect(page.getByRole("alert")).toHaveText("Please enter a search query");

  await box.fill(QUESTION);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const answer = page.getByRole("region", { name: "Answer", exact: true });
  await expect(answer).toContainText("dusk", { timeout: 30_000 });
  await expect(answer).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await page.screenshot({ path: "/tmp/search-simple.png" });
  // No web search engine here: the page says the workspace is searched, and offers only the model.
  await expect(page.getByText("Searches your workspace: no web search is set up.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Search in", exact: true })).toHaveCount(0);

  // Another model writes the answer from the same sources: the loopback server's alpha-7b.
  const modelBox = page.getByRole("combobox", { name: "Answer with", exact: true });
  await expect(modelBox).toHaveText("Automatic");
  await modelBox.click();
  await page.getByRole("option", { name: /^alpha-7b/ }).click();
  await expect(modelBox).toHaveText("alpha-7b");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(answer).toContainText(ALPHA_TEXT, { timeout: 30_000 });
  await expect(answer).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await page.screenshot({ path: "/tmp/search-simple-model.png" });

  await page.getByRole("link", { name: "See sources and images for this question", exact: true }).click();
  await expect(
    page.getByRole("article", { name: QUESTION, exact: true }).getByTestId("search-status"),
  ).toHaveText(done, {
    timeout: 30_000,
  });
});

test("a search goes on when its page is left, and history follows it to its end", async ({
  signedIn: page,
}) => {
  await seedDocument(page);
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByRole("link", { name: "AI Search", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search", exact: true }).fill(QUESTION);
  // Off to another page as soon as the server has taken the search (its answer has begun), and back:
  // the overview alone takes seconds at Tessera Local's pace, so the search is left while it runs,
  // however slowly this page draws on a loaded machine.
  const taken = page.waitForResponse(
    (res) => res.url().endsWith("/api/jigsaw-search") && res.request().method() === "POST",
  );
  await page.getByRole("button", { name: "Search", exact: true }).click();
  expect((await taken).status()).toBe(200);
  const article = page.getByRole("article", { name: QUESTION, exact: true });
  await nav.getByRole("link", { name: "AI Chat", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat/);
  await nav.getByRole("link", { name: "AI Search", exact: true }).click();
  const entry = page
    .getByRole("list", { name: "Past searches", exact: true })
    .getByRole("listitem")
    .filter({ hasText: QUESTION });
  await entry.getByRole("button", { name: new RegExp(`^${QUESTION.replace("?", "\\?")}`) }).click();
  const status = article.getByTestId("search-status");
  // Caught while it still runs, it is followed as it is stored; either way it ends whole, not cut short.
  if ((await status.getAttribute("data-phase")) === "running")
    await page.screenshot({ path: "/tmp/search-followed.png" });
  await expect(status).toHaveText(done, { timeout: 30_000 });
  await expect(article.getByRole("region", { name: "AI overview", exact: true })).toContainText("dusk");
  await expect(entry).not.toContainText("Searching");
});
