// Model comparison against the built app: Tessera Local plus two models on a loopback
// OpenAI-compatible server (global-setup) answer one prompt side by side; ratings feed the leaderboard.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { fillComparison } from "../support/compare-steps";
import { ALPHA_TEXT, BETA_TEXT, SAGA_END } from "../support/e2e-models";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const PROMPT = "Explain recursion in one paragraph";

async function startComparison(page: Page, models: string[], { blind = false } = {}) {
  const dialog = await fillComparison(page, PROMPT, models, { blind });
  const streamed = sawStreamingCard(page);
  await dialog.getByRole("button", { name: "Compare Models", exact: true }).click();
  return { dialog, streamed };
}

/**
 * Resolves true once any card shows the streaming status. The local models answer in well under a
 * second, faster than a poll from the test runner can be sure to see, so the page watches itself.
 */
function sawStreamingCard(page: Page): Promise<boolean> {
  return page.evaluate(
    () =>
      new Promise<boolean>((resolve) => {
        const found = () => document.querySelector("article[data-status='streaming']") !== null;
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          resolve(true);
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        setTimeout(() => (observer.disconnect(), resolve(found())), 20_000);
      }),
  );
}

async function rate(page: Page, card: Locator, stars: number) {
  const saved = page.waitForResponse((r) => r.url().includes("/rating") && r.request().method() === "PUT");
  await card.getByRole("button", { name: `Rate ${stars}`, exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(card.getByRole("button", { name: `Rate ${stars}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
}

test("compare Tessera Local with two models on a local server, rate them and see the leaderboard", async ({
  signedIn: page,
}) => {
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Compare", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Model Comparison", level: 1 })).toBeVisible();
  await expect(page.getByText("No comparisons yet")).toBeVisible();
  await expect(page.getByText("No ratings yet")).toBeVisible();
  // Side by side, the two empty cards stand at one height.
  const [historyCard, boardCard] = await page.locator("[data-slot=card]").all();
  expect((await historyCard!.boundingBox())!.height).toBe((await boardCard!.boundingBox())!.height);

  await page.getByRole("button", { name: "New comparison", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Model Comparison", exact: true });
  // Without provider keys the catalogue's models are unavailable and not offered.
  await expect(dialog.getByRole("checkbox", { name: "alpha-7b", exact: true })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "GPT-4o", exact: true })).toHaveCount(0);
  // Tessa runs on Tessera Local here: one engine is offered once, as itself.
  await expect(dialog.getByRole("checkbox", { name: "Tessera Local", exact: true })).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Tessa", exact: true })).toHaveCount(0);
  const { streamed } = await startComparison(page, ["Tessera Local", "alpha-7b", "beta-13b"]);

  const answers = dialog.getByRole("region", { name: "Answers", exact: true });
  const local = answers.getByRole("article", { name: "Tessera Local", exact: true });
  const alpha = answers.getByRole("article", { name: "alpha-7b", exact: true });
  const beta = answers.getByRole("article", { name: "beta-13b", exact: true });
  expect(await streamed, "a card showed the streaming status").toBe(true);

  for (const card of [local, alpha, beta])
    await expect(card).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(alpha.locator(".markdown")).toHaveText(ALPHA_TEXT);
  await expect(beta.locator(".markdown")).toHaveText(BETA_TEXT);
  await expect(beta.locator(".markdown strong")).toHaveText("Recursion");
  await expect(local.locator(".markdown")).toHaveText(/\S/);
  // Tessera Local runs in the server and costs nothing; the local server reports no price.
  await expect(local.getByLabel("Metrics", { exact: true })).toContainText("$0.0000");
  await expect(alpha.getByLabel("Metrics", { exact: true })).toContainText("Cost—");
  await expect(alpha.getByLabel("Metrics", { exact: true })).toContainText(/Tokens\d+/);
  await page.screenshot({ path: join(shots, "compare-complete.png") });

  await rate(page, local, 3);
  await rate(page, alpha, 5);
  await rate(page, beta, 4);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  const history = page.getByRole("list", { name: "Your comparisons", exact: true });
  const item = history.getByRole("link", { name: new RegExp(PROMPT) });
  await expect(item).toContainText("Tessera Local, alpha-7b, beta-13b");
  await expect(item).toContainText("Rated 3/3");
  await expect(item).toContainText("Winner: alpha-7b");
  const board = page.getByRole("table", { name: "Your model leaderboard", exact: true });
  await expect(board.getByRole("row")).toHaveCount(4);
  await expect(board.getByRole("row").nth(1)).toContainText(/alpha-7b\s*1\s*5\.0\s*1/);
  await expect(board.getByRole("row", { name: /beta-13b/ })).toContainText("4.0");
  await expect(board.getByRole("row", { name: /Tessera Local/ })).toContainText("3.0");
  await page.screenshot({ path: join(shots, "compare-page.png") });

  // The stored comparison, read back: continue alpha's answer in a chat.
  await item.click();
  await expect(page).toHaveURL(/\/dashboard\/compare\/[0-9a-f-]{36}$/);
  const stored = page.getByRole("article", { name: "alpha-7b", exact: true });
  await expect(stored.getByRole("button", { name: "Rate 5", exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await stored.getByRole("button", { name: "Continue in chat", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat\?conversation=[0-9a-f-]{36}$/);
  await expect(page.getByRole("article", { name: "You said", exact: true })).toContainText(PROMPT);
  await expect(page.getByRole("article", { name: /said$/ }).last()).toContainText(ALPHA_TEXT);
});

test("a blind comparison hides the model names until every answer is rated", async ({ signedIn: page }) => {
  await page.goto("/dashboard/compare?new=1");
  const { dialog } = await startComparison(page, ["alpha-7b", "beta-13b"], { blind: true });
  const answers = dialog.getByRole("region", { name: "Answers", exact: true });
  // By place, not by name: the names change when the models are revealed.
  const first = answers.getByRole("article").nth(0);
  const second = answers.getByRole("article").nth(1);
  for (const card of [first, second])
    await expect(card).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  await expect(answers.getByTestId("card-title")).toHaveText(["Model A", "Model B"]);
  await expect(first.getByRole("button", { name: "Continue in chat", exact: true })).toHaveCount(0);
  await page.screenshot({ path: join(shots, "compare-blind.png") });

  await rate(page, first, 2);
  await expect(answers.getByTestId("card-title")).toHaveText(["Model A", "Model B"]);
  await rate(page, second, 4);

  // Revealed: the names are shown, each beside the letter it had.
  const titles = answers.getByTestId("card-title");
  await expect(titles).toHaveText(ALPHA_FIRST_OR_BETA_FIRST);
  await expect(answers.getByText("Revealed · A")).toBeVisible();
  await expect(answers.getByText("Revealed · B")).toBeVisible();
  const alpha = answers.getByRole("article", { name: "alpha-7b", exact: true });
  await expect(alpha.locator(".markdown")).toHaveText(ALPHA_TEXT);
  await expect(alpha.getByRole("button", { name: "Continue in chat", exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, "compare-revealed.png") });

  await page.keyboard.press("Escape");
  const item = page
    .getByRole("list", { name: "Your comparisons", exact: true })
    .getByRole("link", { name: new RegExp(PROMPT) });
  await expect(item).toContainText("Blind · revealed");
  await expect(item).toContainText("Rated 2/2");
  await item.click();
  await expect(page.getByRole("article", { name: "beta-13b", exact: true })).toBeVisible();
});

test("answers go on when the dialog is left: the saved comparison follows one to its end and stops another", async ({
  signedIn: page,
}) => {
  test.slow();
  await page.goto("/dashboard/compare?new=1");
  const { dialog } = await startComparison(page, ["saga-1", "epic-1"]);
  const answers = dialog.getByRole("region", { name: "Answers", exact: true });
  await expect(answers.getByRole("article", { name: "saga-1", exact: true })).toContainText(
    "Chapter 1 of the saga.",
    { timeout: 20_000 },
  );

  await expect(answers.getByRole("link", { name: "Open saved comparison", exact: true })).toBeVisible();

  // The dialog closed, the list says the comparison is still answering.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const item = page
    .getByRole("list", { name: "Your comparisons", exact: true })
    .getByRole("link", { name: new RegExp(PROMPT) });
  await expect(item).toContainText("Answering 2/2");
  await page.screenshot({ path: join(shots, "compare-answering.png") });

  // Opened while they stream: the page reads the answers as the server stores them.
  await item.click();
  await expect(page).toHaveURL(/\/dashboard\/compare\/[0-9a-f-]{36}$/);
  const saga = page.getByRole("article", { name: "saga-1", exact: true });
  const epic = page.getByRole("article", { name: "epic-1", exact: true });
  await expect(epic).toHaveAttribute("data-status", "streaming");
  await expect(epic).toHaveAttribute("aria-busy", "true");
  const early = (await epic.locator(".markdown").textContent()) ?? "";
  await expect
    .poll(async () => ((await epic.locator(".markdown").textContent()) ?? "").length, { timeout: 20_000 })
    .toBeGreaterThan(early.length);
  await page.screenshot({ path: join(shots, "compare-followed.png") });
  await expect(saga).toHaveAttribute("data-status", "complete", { timeout: 60_000 });
  await expect(saga.locator(".markdown")).toContainText(SAGA_END);

  // The epic outlasts the journey: Stop on the saved page ends it, and a reload finds it stopped.
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(epic).toHaveAttribute("data-status", "stopped");
  await expect(epic).toContainText("Stopped");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toHaveCount(0);
  const kept = await epic.locator(".markdown").textContent();
  expect(kept).toMatch(/^Verse 1 of the epic\./);
  await page.reload();
  await expect(epic.locator(".markdown")).toHaveText(kept!);
  await expect(epic).toHaveAttribute("data-status", "stopped");
  await page.waitForTimeout(1_500);
  await expect(epic.locator(".markdown")).toHaveText(kept!);

  // Run again from the saved page: it starts over and is followed there, then stopped once more.
  await epic.getByRole("button", { name: "Try again", exact: true }).click();
  await expect(epic).toHaveAttribute("data-status", "streaming");
  await expect(epic.locator(".markdown")).toContainText("Verse 2 of the epic.", { timeout: 20_000 });
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(epic).toHaveAttribute("data-status", "stopped");
  await expect(epic.getByRole("button", { name: "Try again", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "All comparisons", exact: true }).click();
  await expect(item).toContainText("Rated 0/2");
  await expect(item).not.toContainText("Answering");
});

// The server shuffles a blind comparison's answers: either order is right.
const ALPHA_FIRST_OR_BETA_FIRST = [/^(alpha-7b|beta-13b)$/, /^(alpha-7b|beta-13b)$/];
