// The conversation library against the real server: a search that finds a word inside an answer and
// opens it highlighted, a folder to file a chat in (from its menu and by dragging), a pin to the top,
// and a share link opened signed out in a fresh browser, then turned off.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { ALPHA_TEXT } from "../support/e2e-models";
import { bearer, expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const MODEL = "local/alpha-7b";
const TITLES = [
  "Tell me about recursion",
  "Packing list for the coast",
  "Seed order for the allotment",
  "Tide tables",
];

async function startConversation(page: Page, message: string): Promise<void> {
  const res = await page.request.post("/api/chat-stream", {
    headers: await bearer(page),
    data: { message, model: MODEL, clientMessageId: crypto.randomUUID() },
  });
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  expect(body).toContain('"type":"complete"');
}

test("search inside answers, folders and pins, and a share link that works signed out until turned off", async ({
  signedIn: page,
  account,
  browser,
}) => {
  test.slow();
  for (const title of TITLES) await startConversation(page, title);
  await page.goto("/dashboard/chat");
  const nav = page.getByRole("navigation", { name: "Conversations", exact: true });
  await expect(nav.getByRole("link")).toHaveCount(4);

  // Find: a word only the answers hold, highlighted in the snippet; opening it marks the message.
  const search = page.getByRole("searchbox", { name: "Search chats", exact: true });
  await search.fill("base case");
  const hits = page.getByRole("list", { name: "Messages found", exact: true }).getByRole("link");
  await expect(hits).toHaveCount(4);
  await expect(hits.first().locator("mark").first()).toHaveText(/^base$/i);
  await page.screenshot({ path: join(shots, "library-search.png"), fullPage: true });
  await hits.filter({ hasText: "Seed order for the allotment" }).click();
  await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}&message=[0-9a-f-]{36}$/);
  const marked = page.locator("[data-highlighted]");
  await expect(marked).toContainText(ALPHA_TEXT);
  const messageId = new URL(page.url()).searchParams.get("message");
  await expect(marked).toHaveAttribute("data-message-id", messageId!);
  await page.screenshot({ path: join(shots, "library-search-opened.png"), fullPage: true });
  // Marked for a moment only.
  await expect(marked).toHaveCount(0, { timeout: 6_000 });
  await search.fill("");

  // Folders: made from the header, a chat filed from its menu, another dragged onto it.
  await page.getByRole("button", { name: "New folder", exact: true }).click();
  await page.keyboard.type("Projects");
  await page.keyboard.press("Enter");
  const folders = page.getByRole("list", { name: "Folders", exact: true });
  const folder = folders.getByRole("button", { name: /^Projects \d+$/ });
  await expect(folder).toBeVisible();
  await nav.getByRole("button", { name: "More actions: Packing list for the coast" }).click();
  await page.getByRole("menuitem", { name: "Projects" }).click();
  await expect(nav.getByRole("link", { name: /Packing list/ })).toHaveCount(0);
  await expect(folder).toContainText("1");
  await nav.getByRole("link", { name: /Tide tables/ }).dragTo(folders.getByLabel("Folder Projects"));
  await expect(folder).toContainText("2");
  await folder.click();
  await expect(folders.getByRole("link")).toHaveCount(2);

  // A pin puts a chat at the top of the list.
  await nav.getByRole("button", { name: "More actions: Tell me about recursion" }).click();
  await page.getByRole("menuitem", { name: "Pin to top" }).click();
  const unfiled = page.getByLabel("Chats not in a folder").getByRole("link");
  await expect(unfiled.first()).toContainText("Tell me about recursion");
  await expect(unfiled.first().getByLabel("Pinned")).toBeVisible();
  await page.screenshot({ path: join(shots, "library-folders-pins.png"), fullPage: true });

  // Share: a link to a snapshot, opened signed out in a fresh browser.
  await unfiled.first().click();
  await expect(page.getByTestId("chat-title")).toHaveText("Tell me about recursion");
  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share conversation" });
  await dialog.getByRole("button", { name: "Create link" }).click();
  const linkBox = dialog.getByRole("textbox", { name: "Share link" });
  await expect(linkBox).toHaveValue(/\/share\/[A-Za-z0-9_-]{43}$/);
  await page.screenshot({ path: join(shots, "library-share-dialog.png"), fullPage: true });
  const token = /\/share\/([A-Za-z0-9_-]{43})$/.exec(await linkBox.inputValue())![1]!;

  const stranger = await browser.newContext();
  const publicPage = await stranger.newPage();
  const strangerErrors: string[] = [];
  publicPage.on("pageerror", (e) => strangerErrors.push(e.message));
  publicPage.on("console", (m) => {
    if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
      strangerErrors.push(m.text());
  });
  const origin = new URL(page.url()).origin;
  const opened = await publicPage.goto(`${origin}/share/${token}`);
  expect(opened!.headers()["x-robots-tag"]).toContain("noindex");
  await expect(
    publicPage.getByRole("heading", { name: "Tell me about recursion" }),
    strangerErrors.join("\n"),
  ).toBeVisible();
  await expect(publicPage.getByRole("article", { name: "Answer" })).toContainText(ALPHA_TEXT);
  await expect(publicPage.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  expect(await publicPage.content()).not.toContain(account.email);
  await publicPage.screenshot({ path: join(shots, "library-share-page.png"), fullPage: true });

  // Turned off: the link is a 404 at once, and the page says it does not work.
  await dialog.getByRole("button", { name: "Stop sharing" }).click();
  await expect(dialog.getByRole("button", { name: "Create link" })).toBeVisible();
  const api = await publicPage.request.get(`${origin}/api/shared/${token}`);
  expect(api.status()).toBe(404);
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { name: "This link does not work" })).toBeVisible();
  await stranger.close();
  expect(strangerErrors).toEqual([]);

  // Deleting a folder asks first; its chats stay, out of any folder.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  const folderActions = folders.getByRole("button", { name: /^Folder actions: Projects/ });
  await folderActions.click();
  await page.getByRole("menuitem", { name: "Delete folder (keeps its chats)" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Its 2 chats stay in your list, out of any folder.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(folder).toBeVisible();
  await folderActions.click();
  await page.getByRole("menuitem", { name: "Delete folder (keeps its chats)" }).click();
  await confirm.getByRole("button", { name: "Delete folder" }).click();
  await expect(folder).toBeHidden();
  await expect(unfiled.filter({ hasText: "Tide tables" })).toHaveCount(1);
});
