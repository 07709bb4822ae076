// Assistants against the built app with no model keys: an assistant on Tessera Local answers from
// its own knowledge document, and a starred one is kept under Favorites.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, setPlan, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const NAME = "Zephyr guide";
const FACT = "The Zephyr project codename is BLUEHERON.";

/** Fills a new assistant on Tessera Local with one uploaded knowledge document; leaves the dialog open. */
async function fillNewAssistant(page: Page, shot: string) {
  await page.getByRole("button", { name: "New assistant", exact: true }).first().click();
  const form = page.getByRole("dialog", { name: "New assistant", exact: true });
  await form.getByLabel("Name", { exact: true }).fill(NAME);
  await form.getByLabel("Description", { exact: true }).fill("Knows the Zephyr project inside out.");
  await form.getByRole("button", { name: "Use 🧭 as avatar", exact: true }).click();
  await form
    .getByLabel("System prompt", { exact: true })
    .fill("Answer questions about the Zephyr project from its documents.");
  await form.getByLabel("Model", { exact: true }).click();
  // Models without a provider key are listed, disabled, with the variable that enables them.
  await expect(page.getByRole("option", { name: /^GPT-4o/ }).first()).toHaveAttribute(
    "aria-disabled",
    "true",
  );
  await page.screenshot({ path: join(shots, `${shot}-models.png`), animations: "disabled" });
  await page.getByRole("option", { name: /^Tessera Local/ }).click();
  await expect(form.getByLabel("Model", { exact: true })).toContainText("Tessera Local");
  await form.getByTestId("knowledge-file-input").setInputFiles({
    name: "zephyr-notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from(`${FACT} It ships in the spring.\n\nThe team meets on Tuesdays.\n`),
  });
  const attached = form.getByRole("list", { name: "Attached documents", exact: true });
  await expect(attached).toContainText("zephyr-notes");
  await attached.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, `${shot}-knowledge.png`) });
  return form;
}

test("make an assistant with a knowledge document, star it, and chat with it", async ({
  signedIn: page,
  account,
}) => {
  // The longest journey (a plan change, a form with a document, a reload, a chat), 17 s alone and up
  // to a minute beside the other worker on two cores: three times the usual minute.
  test.slow();
  // On Core, making assistants is locked and says which plan includes it.
  await page.getByRole("link", { name: "Assistants", exact: true }).click();
  await expect(page.getByRole("link", { name: /New assistant · Max/ })).toHaveAttribute("href", "/pricing");
  await setPlan(account.email, "max");
  await page.reload();
  await expect(page).toHaveURL(/\/dashboard\/assistants$/);
  await expect(page.getByRole("tab", { name: /Built-in/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("list", { name: "Built-in", exact: true }).getByRole("article")).toHaveCount(4);
  await page.screenshot({ path: join(shots, "assistants.png") });

  const form = await fillNewAssistant(page, "assistant-form");
  await form.getByRole("button", { name: "Create assistant", exact: true }).click();
  await expect(form).toBeHidden();
  await expect(page).toHaveURL(/\?tab=mine$/);
  const card = page.getByRole("article", { name: NAME, exact: true });
  await expect(card).toContainText("Tessera Local");
  await expect(card).toContainText("Private");

  await card.getByRole("button", { name: `Favorite ${NAME}`, exact: true }).click();
  await expect(card.getByRole("button", { name: `Favorite ${NAME}`, exact: true })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await expect(page.getByRole("tab", { name: /Favorites/ })).toContainText("1");

  // The star is kept by the server: after a reload it is under Favorites, which now opens first.
  await page.reload();
  await page.getByRole("tab", { name: /Favorites/ }).click();
  await expect(
    page
      .getByRole("list", { name: "Favorites", exact: true })
      .getByRole("article", { name: NAME, exact: true }),
  ).toBeVisible();
  await page.goto("/dashboard/assistants");
  await expect(page.getByRole("tab", { name: /Favorites/ })).toHaveAttribute("aria-selected", "true");
  const favorite = page
    .getByRole("list", { name: "Favorites", exact: true })
    .getByRole("article", { name: NAME, exact: true });
  await expect(favorite).toBeVisible();
  await page.screenshot({ path: join(shots, "assistants-favorites.png") });

  await favorite.getByRole("link", { name: `Chat with ${NAME}`, exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat\?assistant=[0-9a-f-]{36}$/);
  await expect(page.getByTestId("chat-assistant")).toContainText(NAME);
  await expect(page.getByRole("heading", { name: `Chat with ${NAME}`, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Choose model: / })).toContainText("Tessera Local");

  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill("What is the Zephyr project codename?");
  await box.press("Enter");
  const answer = page.getByRole("article", { name: "Tessera Local said", exact: true }).last();
  await expect(answer.getByText(/ tokens$/)).toBeVisible({ timeout: 20_000 });
  await expect(answer.locator(".markdown")).toContainText("BLUEHERON");
  await expect(answer.getByRole("region", { name: "Sources", exact: true })).toContainText("zephyr-notes");
  // The conversation joins the address; the assistant stays with it.
  await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}&assistant=[0-9a-f-]{36}$/);
  await page.screenshot({ path: join(shots, "assistant-chat.png") });

  await page.getByRole("button", { name: `Stop chatting with ${NAME}`, exact: true }).click();
  await expect(page.getByTestId("chat-assistant")).toHaveCount(0);
  await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);
});

test("the assistants page and its form fit a phone, in the dark theme too", async ({
  signedIn: page,
  account,
}) => {
  await setPlan(account.email, "max");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/dashboard/assistants");
  await expect(page.getByRole("tab", { name: /Built-in/ })).toHaveAttribute("aria-selected", "true");
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, "assistants-phone.png"), fullPage: true });

  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: join(shots, "assistants-phone-dark.png"), fullPage: true });

  const form = await fillNewAssistant(page, "assistant-form-phone-dark");
  expect(await overflow()).toBeLessThanOrEqual(0);
  await form.getByRole("button", { name: "Create assistant", exact: true }).click();
  await expect(form).toBeHidden();
  await page.screenshot({ path: join(shots, "assistants-mine-phone-dark.png"), fullPage: true });
  await page
    .getByRole("article", { name: NAME, exact: true })
    .getByRole("link", { name: `Chat with ${NAME}`, exact: true })
    .click();
  await expect(page.getByTestId("chat-assistant")).toContainText(NAME);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, "assistant-chat-phone-dark.png") });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
});
