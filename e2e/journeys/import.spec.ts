// Account → Import conversations against the real server: a small ChatGPT export is previewed (what
// it holds, what is left out, nothing written yet), imported, and its chats are in Recent Chats.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });
const fixture = readFileSync(
  join(import.meta.dirname, "../../apps/server/src/features/import/fixtures/chatgpt-conversations.json"),
);

test("a ChatGPT export is previewed, imported and its chats appear in Recent Chats", async ({
  signedIn: page,
}) => {
  await page.goto("/dashboard/account");
  const card = page.getByRole("region", { name: "Import conversations" });
  await card
    .locator("input[type=file]")
    .setInputFiles({ name: "conversations.json", mimeType: "application/json", buffer: fixture });
  const summary = card.getByLabel("What the file holds");
  await expect(summary).toContainText("ChatGPT data export");
  await expect(summary).toContainText("2 conversations with 6 messages");
  await expect(summary).toContainText("Models: gpt-4o, gpt-4o-mini");
  await expect(summary).toContainText("4 system, tool and hidden messages");
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "import-preview.png"), fullPage: true });

  // The preview wrote nothing.
  await page.goto("/dashboard/chat");
  const nav = page.getByRole("navigation", { name: "Conversations", exact: true });
  await expect(nav.getByRole("link", { name: /Sourdough starter/ })).toHaveCount(0);

  await page.goto("/dashboard/account");
  await card
    .locator("input[type=file]")
    .setInputFiles({ name: "conversations.json", mimeType: "application/json", buffer: fixture });
  await card.getByRole("button", { name: "Import 2 conversations" }).click();
  await expect(card.getByText("Imported 2 conversations")).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "import-done.png"), fullPage: true });

  await card.getByRole("link", { name: "Open your chats" }).click();
  await expect(nav.getByRole("link", { name: /Sourdough starter/ })).toBeVisible();
  await expect(nav.getByRole("link", { name: /Edited question/ })).toBeVisible();
  await nav.getByRole("link", { name: /Sourdough starter/ }).click();
  await expect(page.getByText("About 350 g of flour a week.")).toBeVisible();
  await expect(page.getByText("An answer that was regenerated.")).toHaveCount(0);

  // A file that is not an export says so.
  await page.goto("/dashboard/account");
  await card
    .locator("input[type=file]")
    .setInputFiles({ name: "notes.json", mimeType: "application/json", buffer: Buffer.from('{"notes":[]}') });
  await expect(card.getByRole("alert")).toContainText("not an export Tessera can import");
  await page.screenshot({ path: join(shots, "import-refused.png"), fullPage: true });
});
