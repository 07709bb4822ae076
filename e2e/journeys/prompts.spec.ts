// The prompt library from the chat page, against the built app: a personal prompt with a
// placeholder goes into the message box filled in and gets an answer; a built-in prompt's usage
// count goes up on the server.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

async function openLibrary(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Prompt library", exact: true }).click();
  const library = page.getByRole("dialog", { name: "Prompt Library", exact: true });
  await expect(library.getByRole("article").first()).toBeVisible();
  return library;
}

/** A screenshot for people to look at, taken once the dialog's fade-in has finished. */
async function shot(page: Page, name: string) {
  await page.screenshot({ path: join(shots, name), animations: "disabled" });
}

async function usageOf(card: Locator): Promise<number> {
  const text = (await card.getByTestId("usage-count").textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

test("write a prompt with a placeholder, use it, and send the filled text to Tessa", async ({
  signedIn: page,
}) => {
  // A long journey (write, use, a chat answer, a reload, count, delete): over the minute once beside
  // the other worker on a slow two-core machine, so three times the usual minute.
  test.slow();
  const messageBox = page.getByRole("textbox", { name: "Message", exact: true });
  let library = await openLibrary(page);
  await expect(library.getByRole("tab")).toHaveText([
    "All",
    "Writing",
    "Coding",
    "Business",
    "Creative",
    "Analysis",
    "Education",
  ]);
  await shot(page, "prompt-library.png");

  await library.getByRole("button", { name: "New prompt", exact: true }).click();
  await library.getByRole("textbox", { name: "Title", exact: true }).fill("Bullet summary");
  await library
    .getByRole("textbox", { name: "Description", exact: true })
    .fill("Three bullet points on any topic.");
  await library
    .getByRole("textbox", { name: "Prompt", exact: true })
    .fill("Summarise {{topic}} in three bullet points");
  await expect(library.getByText("This one asks for: topic.")).toBeVisible();
  await library.getByRole("combobox", { name: "Category", exact: true }).click();
  await page.getByRole("option", { name: "Education", exact: true }).click();
  await library.getByRole("textbox", { name: "Tags", exact: true }).fill("summary, study, notes");
  await shot(page, "prompt-form.png");
  await library.getByRole("button", { name: "Create prompt", exact: true }).click();
  await expect(page.getByText("Prompt created")).toBeVisible();

  await library.getByRole("tab", { name: "Education", exact: true }).click();
  const mine = library.getByRole("article", { name: "Bullet summary", exact: true });
  await expect(mine).toContainText("Private");
  await expect(mine.getByRole("list", { name: "Tags", exact: true }).getByRole("listitem")).toHaveText([
    "#summary",
    "#study",
    "+1",
  ]);
  await expect(mine.getByTestId("usage-count")).toHaveText("0 uses");

  await mine.getByRole("button", { name: "Use Prompt", exact: true }).click();
  await library.getByRole("textbox", { name: "topic", exact: true }).fill("the water cycle");
  await shot(page, "prompt-placeholders.png");
  await library.getByRole("button", { name: "Use Prompt", exact: true }).click();

  await expect(library).toBeHidden();
  await expect(page.getByText("Prompt selected")).toBeVisible();
  await expect(messageBox).toHaveValue("Summarise the water cycle in three bullet points");
  await expect(messageBox).toBeFocused();

  await messageBox.press("Enter");
  await expect(page.getByRole("article", { name: "You said", exact: true })).toContainText(
    "Summarise the water cycle in three bullet points",
  );
  const answer = page.getByRole("article", { name: "Tessa said", exact: true }).last();
  await expect(answer.getByText(/ tokens$/)).toBeVisible({ timeout: 20_000 });
  await expect(answer.locator(".markdown")).toHaveText(/\S/);

  // The count is the server's: it is still there after a reload.
  await page.reload();
  library = await openLibrary(page);
  const counted = library.getByRole("article", { name: "Bullet summary", exact: true });
  await expect(counted.getByTestId("usage-count")).toHaveText("1 use");

  await counted.getByRole("button", { name: "Delete Bullet summary", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: "Delete prompt?", exact: true })
    .getByRole("button", { name: "Delete", exact: true })
    .click();
  await expect(page.getByText("Prompt deleted")).toBeVisible();
  await expect(counted).toHaveCount(0);
});

test("using a built-in prompt raises its usage count", async ({ signedIn: page }) => {
  let library = await openLibrary(page);
  const story = () => library.getByRole("article", { name: "Creative Story", exact: true });
  await expect(story()).toContainText("Built-in");
  const before = await usageOf(story());
  expect(before).toBeGreaterThanOrEqual(320);

  await story().getByRole("button", { name: "Use Prompt", exact: true }).click();
  await library.getByRole("textbox", { name: "genre", exact: true }).fill("mystery");
  await library.getByRole("textbox", { name: "setting", exact: true }).fill("a lighthouse");
  await library.getByRole("textbox", { name: "character_trait", exact: true }).fill("never lies");
  await library.getByRole("button", { name: "Use Prompt", exact: true }).click();
  await expect(page.getByRole("textbox", { name: "Message", exact: true })).toHaveValue(
    /^Write a short mystery story of about 500 words set in a lighthouse, with a main character who never lies\./,
  );

  library = await openLibrary(page);
  await expect.poll(() => usageOf(story())).toBe(before + 1);
  await page.reload();
  library = await openLibrary(page);
  await expect.poll(() => usageOf(story())).toBe(before + 1);
});

test("the library in dark theme and on a narrow screen", async ({ signedIn: page }) => {
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  const library = await openLibrary(page);
  await shot(page, "prompt-library-dark.png");
  await library
    .getByRole("article", { name: "Code Reviewer", exact: true })
    .getByRole("button", { name: "Use Prompt", exact: true })
    .click();
  await expect(library.getByRole("textbox", { name: "code", exact: true })).toBeVisible();
  await shot(page, "prompt-placeholders-dark.png");
  // Escape leaves the form for the cards first, then closes the library.
  await page.keyboard.press("Escape");
  await expect(library.getByRole("article", { name: "Code Reviewer", exact: true })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(library).toBeHidden();
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();

  await page.setViewportSize({ width: 390, height: 844 });
  await openLibrary(page);
  await shot(page, "prompt-library-narrow-all.png");
  await library.getByRole("searchbox", { name: "Search prompts", exact: true }).fill("email");
  await expect(library.getByRole("article")).toHaveCount(1);
  await shot(page, "prompt-library-narrow.png");
  await library
    .getByRole("searchbox", { name: "Search prompts", exact: true })
    .fill("no such prompt anywhere");
  await expect(library.getByText("No prompts found matching your criteria.")).toBeVisible();
  await shot(page, "prompt-empty-narrow.png");
  await library.getByRole("button", { name: "New prompt", exact: true }).click();
  await shot(page, "prompt-form-narrow.png");
  const box = await library.boundingBox();
  expect(box?.width).toBeLessThanOrEqual(390);
});
