// Open models that run inside Tessera, against the built app: the instance admin adds a GGUF model by
// its address (a tiny one served on loopback, paced: support/model-file-server.ts), watches its
// download's progress bar move and survive a reload, then chats with it as gguf/<name>: llama.cpp
// runs it in the server, and its answer streams in. The model is removed at the end.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { chooseModel, expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The instance's first account, made by support/global-setup.ts.
const ADMIN = { email: "admin@tessera.test", password: "admin-password-long-enough" };
/** What the tiny model answers, whatever it is asked (apps/server/src/test/tiny-gguf.ts). */
const ANSWER = "Hello from a tiny local model inside Tessera.";

async function signInAsAdmin(page: Page) {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
}

const percent = async (bar: ReturnType<Page["getByRole"]>) => Number(await bar.getAttribute("aria-valuenow"));

test("an admin downloads a model by its address, watches the progress bar, and chats with it", async ({
  page,
}) => {
  test.slow(); // a paced download and a model loaded into the server
  await signInAsAdmin(page);
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Local models", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Local models", level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Download a model" }).getByRole("listitem")).toHaveCount(8);

  await page.getByLabel("File address", { exact: true }).fill(process.env.TESSERA_E2E_GGUF_URL!);
  await page.getByRole("button", { name: "Add model", exact: true }).click();
  const bar = page.getByRole("progressbar", { name: "Downloading tiny-e2e", exact: true });
  await expect(bar).toBeVisible();
  // It moves, with bytes, speed and time left beside it.
  const first = await percent(bar);
  await expect.poll(() => percent(bar), { timeout: 10_000 }).toBeGreaterThan(first);
  await expect(page.getByText(/ of 15\d KB \(\d+%\) · .+\/s · \d+ s left$/)).toBeVisible();
  await page.screenshot({ path: join(shots, "local-models-downloading.png"), fullPage: true });

  // The progress lives on the server: a reload finds the download where it is.
  await page.reload();
  const card = page.getByRole("listitem").filter({ hasText: "gguf/tiny-e2e" });
  await expect(card.getByText("Ready", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(card).toContainText("SHA-256 checked against the one the server sent with the file.");
  await page.screenshot({ path: join(shots, "local-models-ready.png"), fullPage: true });

  // In the chat's Open Source group, and it answers: llama.cpp in the server, streamed.
  await page.goto("/dashboard/chat");
  await chooseModel(page, "tiny-e2e");
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill("Who are you?");
  await box.press("Enter");
  const answer = page.getByRole("article", { name: "tiny-e2e said", exact: true });
  await expect(answer.locator(".markdown")).toHaveText(ANSWER, { timeout: 30_000 });
  await expect(answer.getByText(/ tokens$/)).toBeVisible();
  await page.screenshot({ path: join(shots, "local-models-chat.png") });

  // Removed, it is no longer offered.
  await page.goto("/dashboard/admin/local-models");
  await card.getByRole("button", { name: "Remove", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByText("No local models yet.", { exact: false })).toBeVisible();
});
