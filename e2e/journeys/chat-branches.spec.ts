// Branches of a conversation: an earlier question edited makes a second version of it, and the first
// comes back with all that followed it, after a reload too.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

async function ask(page: Page, prompt: string) {
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill(prompt);
  await box.press("Enter");
  // The answer is whole once its footer shows its tokens.
  await expect(
    page
      .getByRole("article", { name: "Tessa said", exact: true })
      .last()
      .getByText(/ tokens$/),
  ).toBeVisible({
    timeout: 20_000,
  });
}

test("an earlier question edited branches the conversation: '‹ 2 / 2 ›', back to 1 / 2, after a reload too", async ({
  signedIn: page,
}) => {
  test.slow(); // three answers and a reload
  await page.getByRole("button", { name: /Chat with the guide/ }).click();
  await ask(page, "Which model should I use for code?");
  await ask(page, "And for writing poems?");
  const log = page.getByRole("log", { name: "Messages", exact: true });
  await expect(log.getByRole("article")).toHaveCount(4);
  const firstAnswer = await log.getByRole("article").nth(1).locator(".markdown").innerText();

  // Edit the first question: it and all that followed give way to the new version and its answer.
  const question = log.getByRole("article", { name: "You said", exact: true }).first();
  await question.getByRole("button", { name: "Edit", exact: true }).click();
  const box = question.getByRole("textbox", { name: "Question", exact: true });
  await box.fill("What is Tessera Local?");
  await box.press("Enter");
  await expect(log.getByRole("article")).toHaveCount(2, { timeout: 20_000 });
  await expect(
    log
      .getByRole("article")
      .nth(1)
      .getByText(/ tokens$/),
  ).toBeVisible({ timeout: 20_000 });
  await expect(question).toContainText("What is Tessera Local?");
  await expect(question.getByText("2 / 2", { exact: true })).toBeVisible({ timeout: 10_000 });
  await expect(log.getByText("And for writing poems?")).toHaveCount(0);
  await page.screenshot({ path: join(shots, "chat-branch-2-of-2.png") });

  // The first version, with its answer and the question after it.
  await question.getByRole("button", { name: "Previous version", exact: true }).click();
  await expect(question.getByText("1 / 2", { exact: true })).toBeVisible();
  await expect(question).toContainText("Which model should I use for code?");
  await expect(log.getByRole("article")).toHaveCount(4);
  await expect(log.getByRole("article").nth(1).locator(".markdown")).toHaveText(firstAnswer);
  await expect(log.getByText("And for writing poems?")).toBeVisible();
  await page.screenshot({ path: join(shots, "chat-branch-1-of-2.png") });

  // As stored: the branch chosen comes back on reload.
  await page.reload();
  await expect(log.getByRole("article")).toHaveCount(4, { timeout: 15_000 });
  await expect(question).toContainText("Which model should I use for code?");
  await expect(question.getByText("1 / 2", { exact: true })).toBeVisible();
  await expect(question.getByRole("button", { name: "Next version", exact: true })).toBeEnabled();
  await expect(question.getByRole("button", { name: "Previous version", exact: true })).toBeDisabled();
});
