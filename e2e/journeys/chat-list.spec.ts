// Recent Chats against the real server: more conversations than the first page holds, the older
// ones a click away, a search of the titles, an older chat that moves to the top once continued, and
// a rename from the list and from the chat's header, a download, the keyboard shortcuts, and the
// download of every conversation from the Account page.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { bearer, expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The loopback model answers in about a second; Tessera Local is paced slower in the journeys.
const MODEL = "local/alpha-7b";
const OLDER = ["Packing list for the coast", "Seed order for the allotment", "Reading list for winter"];
const RECENT = Array.from({ length: 20 }, (_, i) => `Question ${i + 1} about recursion`);

/** Starts a conversation through the API, the way the chat page does, and reads its answer to the end. */
async function startConversation(page: Page, message: string): Promise<void> {
  const res = await page.request.post("/api/chat-stream", {
    headers: await bearer(page),
    data: { message, model: MODEL, clientMessageId: crypto.randomUUID() },
  });
  const body = await res.text();
  expect(res.status(), body).toBe(200);
  expect(body).toContain('"type":"complete"');
}

test("older chats load under the first twenty, a search finds them, a continued one moves to the top, is renamed and downloaded", async ({
  signedIn: page,
}) => {
  // Twenty-three chats, two reloads, renames, shortcuts and two downloads: it ran out of the minute at
  // its last download once on a machine whose Chromium runs at half the usual pace. Three minutes.
  test.slow();
  // The three older ones first, one after another; then twenty more, five at a time.
  for (const title of OLDER) await startConversation(page, title);
  for (let i = 0; i < RECENT.length; i += 5)
    await Promise.all(RECENT.slice(i, i + 5).map((m) => startConversation(page, m)));

  await page.goto("/dashboard/chat");
  const nav = page.getByRole("navigation", { name: "Conversations", exact: true });
  const links = nav.getByRole("link");
  await expect(links).toHaveCount(20);
  for (const title of OLDER) await expect(nav.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  await nav.getByRole("button", { name: "Show older chats", exact: true }).click();
  await expect(links).toHaveCount(23);
  await expect(links.nth(22)).toContainText(OLDER[0]!);
  await expect(nav.getByRole("button", { name: "Show older chats", exact: true })).toHaveCount(0);

  // An older chat opens with its messages.
  await nav.getByRole("link", { name: new RegExp(OLDER[1]!) }).click();
  await expect(page).toHaveURL(/\?conversation=[0-9a-f-]{36}$/);
  const log = page.getByRole("log", { name: "Messages", exact: true });
  await expect(log.getByText(OLDER[1]!, { exact: true })).toBeVisible();
  await expect(log.getByRole("article", { name: "alpha-7b said", exact: true })).toContainText(
    "base case stops it.",
  );

  // The search asks the server, so it finds older chats whether or not their page is loaded.
  await page.reload();
  await expect(page.getByTestId("chat-title")).toHaveText(OLDER[1]!);
  const search = page.getByRole("searchbox", { name: "Search chats", exact: true });
  await search.fill("list for");
  const found = page.getByRole("list", { name: "Chats found", exact: true }).getByRole("link");
  await expect(found).toHaveCount(2);
  await expect(found.nth(0)).toContainText(OLDER[2]!);
  await expect(found.nth(1)).toContainText(OLDER[0]!);
  await page.screenshot({ path: join(shots, "chat-list-search.png"), fullPage: true });
  await search.fill("tide tables");
  await expect(nav.getByText("No chats match \u201ctide tables\u201d")).toBeVisible();
  await search.fill("");
  await expect(links).toHaveCount(20);

  // Continuing the open older chat puts it first in the list.
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill("And a second question");
  await box.press("Enter");
  await expect(log.getByRole("article", { name: /^(?!You said$).+ said$/ })).toHaveCount(2, {
    timeout: 20_000,
  });
  await expect(links.first()).toContainText(OLDER[1]!);
  await expect(links).toHaveCount(20);
  await page.screenshot({ path: join(shots, "chat-list.png"), fullPage: true });

  // Renamed in place, it keeps its place and its new title after a reload.
  await nav.getByRole("button", { name: `Rename conversation: ${OLDER[1]}`, exact: true }).click();
  const title = nav.getByRole("textbox", { name: "Conversation title", exact: true });
  await expect(title).toBeFocused();
  await title.fill("Allotment: seeds to order");
  await page.screenshot({ path: join(shots, "chat-list-rename.png") });
  await title.press("Enter");
  await expect(links.first()).toContainText("Allotment: seeds to order");
  await expect(page.getByTestId("chat-title")).toHaveText("Allotment: seeds to order");
  await page.reload();
  await expect(links.first()).toContainText("Allotment: seeds to order");
  await expect(page.getByTestId("chat-title")).toHaveText("Allotment: seeds to order");

  // Renamed again from the chat's header: the list follows.
  const chat = page.getByRole("region", { name: "Chat", exact: true });
  await chat.getByRole("button", { name: "Rename this conversation", exact: true }).click();
  const headerTitle = chat.getByRole("textbox", { name: "Conversation title", exact: true });
  await expect(headerTitle).toHaveValue("Allotment: seeds to order");
  await headerTitle.fill("Allotment: seeds and bulbs");
  await headerTitle.press("Enter");
  await expect(page.getByTestId("chat-title")).toHaveText("Allotment: seeds and bulbs");
  await expect(links.first()).toContainText("Allotment: seeds and bulbs");

  // Downloaded, it is a Markdown file named from the title, with both turns.
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download conversation", exact: true }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("allotment-seeds-and-bulbs.md");
  const text = readFileSync(await file.path(), "utf8");
  expect(text).toMatch(/^# Allotment: seeds and bulbs\n/);
  expect(text.match(/^## alpha-7b · /gm)).toHaveLength(2);
  expect(text).toContain("And a second question");

  // From the keyboard: Ctrl+K puts the cursor in Search chats, beside the chat or, on a small
  // screen, in the sheet it opens; Ctrl+Shift+O starts a new chat.
  const message = page.getByRole("textbox", { name: "Message", exact: true });
  await message.click();
  await page.keyboard.press("Control+k");
  await expect(page.getByRole("searchbox", { name: "Search chats", exact: true })).toBeFocused();
  await page.setViewportSize({ width: 390, height: 800 });
  await message.click();
  await page.keyboard.press("Control+k");
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("searchbox", { name: "Search chats", exact: true })).toBeFocused();
  await page.screenshot({ path: join(shots, "chat-list-search-shortcut.png") });
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await page.keyboard.press("Control+Shift+O");
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId("chat-title")).toHaveText("New chat");
  await expect(message).toBeFocused();

  // All 23 at once from the Account page, oldest first, each with its messages.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/dashboard/account");
  const all = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download all conversations", exact: true }).click();
  const allFile = await all;
  expect(allFile.suggestedFilename()).toMatch(/^tessera-conversations-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(readFileSync(await allFile.path(), "utf8")) as {
    conversations: { title: string; messages: { role: string }[] }[];
  };
  expect(exported.conversations).toHaveLength(23);
  expect(exported.conversations.slice(0, 3).map((c) => c.title)).toEqual([
    OLDER[0],
    "Allotment: seeds and bulbs",
    OLDER[2],
  ]);
  expect(exported.conversations[1]!.messages.map((m) => m.role)).toEqual([
    "user",
    "assistant",
    "user",
    "assistant",
  ]);
});
