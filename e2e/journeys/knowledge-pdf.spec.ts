// A PDF in a knowledge base against the built app with no keys: uploaded into a collection and
// indexed page by page by the offline model, a question asked in other words answered citing its
// page (the citation opens the document at that page), the same through an assistant made in the
// editor with the collection attached (and, as it is public, for someone else, who opens the cited
// passage alone), and the same chunk, with its page, from the API.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { bearer, expect, newAccount, setPlan, signUpAndVerify, test } from "../support/fixtures";
import { tinyPdf } from "../../apps/server/src/test/tiny-pdf";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const COLLECTION = "Lighthouse binder";
const TITLE = "lighthouse-keeping";
const ASSISTANT = "Keeper";
const PAGES = [
  "Brass rails on the gallery are polished every Monday with a soft cloth and a little oil.",
  "The sea rises and falls twice a day because the moon's gravity pulls the oceans toward it.",
  "Visiting ships are written in the blue ledger with their flag, their cargo and their captain.",
];
/** Shares no content word with page 2, which answers it. */
const QUESTION = "Why does the water level at the coast go up and down?";

/** Asks in the open chat; the last answer, once it has finished. */
async function ask(page: Page, question: string) {
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill(question);
  await box.press("Enter");
  const answer = page.getByRole("article", { name: /said$/ }).last();
  await expect(answer.getByText(/ tokens$/)).toBeVisible({ timeout: 90_000 });
  return answer;
}

test("a PDF in a collection answers in other words, citing its page, in chat, an assistant and the API", async ({
  signedIn: page,
  account,
  browser,
}) => {
  // An upload read by the parser, indexed by the offline model, two answers and an assistant: on a
  // loaded two-core machine this takes minutes, and every wait is for a state, not a pause.
  test.setTimeout(360_000);
  await setPlan(account.email, "max");
  await page.reload();
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await page.getByRole("button", { name: "New collection", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New collection" });
  await dialog.getByLabel("Name", { exact: true }).fill(COLLECTION);
  await dialog.getByRole("button", { name: "Create collection", exact: true }).click();
  await expect(page.getByRole("heading", { name: `Add to ${COLLECTION}` })).toBeVisible();

  await page.getByRole("tab", { name: /Upload/ }).click();
  const item = page.getByRole("listitem", { name: TITLE, exact: true });
  await page.getByTestId("document-file-input").setInputFiles({
    name: `${TITLE}.pdf`,
    mimeType: "application/pdf",
    buffer: Buffer.from(tinyPdf(PAGES)),
  });
  // Read in one go: loading pdf.js is not part of the file's time, however busy the machine.
  await expect(item).toBeVisible({ timeout: 90_000 });
  await expect(item.getByText("Ready", { exact: true })).toBeVisible({ timeout: 180_000 });
  await page.screenshot({ path: join(shots, "knowledge-pdf-collection.png") });

  // (a) In chat, with the collection chosen by "#": the answer cites page 2 and opens there.
  await page.getByRole("link", { name: "AI Chat", exact: true }).click();
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.click();
  await box.pressSequentially("#Light");
  await page.getByRole("listbox", { name: "Answer from a collection" }).getByText(COLLECTION).waitFor();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`#${COLLECTION}`)).toBeVisible();
  const answer = await ask(page, QUESTION);
  await expect(answer).toContainText("gravity pulls the oceans");
  const cite = answer.getByRole("link", { name: new RegExp(`${TITLE}.*page 2`) }).first();
  await expect(cite).toBeVisible();
  await cite.hover();
  await expect(page.getByText("Cited passage · page 2").first()).toBeVisible();
  await page.screenshot({ path: join(shots, "knowledge-pdf-cited.png") });
  await cite.click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]+\?chunk=[0-9a-f-]+&page=2/);
  const page2 = page.getByRole("region", { name: "Page 2", exact: true });
  await expect(page2).toContainText("gravity pulls the oceans");
  await expect(page2.locator("[data-cited=true]").first()).toBeVisible();
  await expect(page2.locator("[data-cited=true]").first()).toBeInViewport();
  await page.screenshot({ path: join(shots, "knowledge-pdf-opened.png") });

  // (b) Through an assistant made in the editor with the collection attached.
  await page.getByRole("link", { name: "Assistants", exact: true }).click();
  await page.getByRole("button", { name: "New assistant", exact: true }).first().click();
  const form = page.getByRole("dialog", { name: "New assistant", exact: true });
  await form.getByLabel("Name", { exact: true }).fill(ASSISTANT);
  await form.getByLabel("System prompt", { exact: true }).fill("Answer from the lighthouse binder.");
  await form.getByLabel("Model", { exact: true }).click();
  await page.getByRole("option", { name: /^Tessera Local/ }).click();
  await form.getByRole("switch", { name: COLLECTION, exact: true }).click();
  await expect(form.getByRole("switch", { name: COLLECTION, exact: true })).toBeChecked();
  await form.getByRole("checkbox", { name: "Public", exact: true }).check();
  await form.getByRole("button", { name: "Create assistant", exact: true }).click();
  await expect(form).toBeHidden();
  const card = page.getByRole("article", { name: ASSISTANT, exact: true });
  await card.getByRole("link", { name: `Chat with ${ASSISTANT}`, exact: true }).click();
  await expect(page.getByTestId("chat-assistant")).toContainText(ASSISTANT);
  const viaAssistant = await ask(page, QUESTION);
  const sources = viaAssistant.getByRole("region", { name: "Sources", exact: true });
  await expect(sources.getByRole("link", { name: new RegExp(`${TITLE}.*page 2`) }).first()).toBeVisible();
  await page.screenshot({ path: join(shots, "knowledge-pdf-assistant.png") });
  const chatWithKeeper = new URL(page.url());
  chatWithKeeper.searchParams.delete("conversation");

  // Someone else uses the public assistant: its citation opens the cited passage and its neighbours,
  // read-only, though the document is not theirs.
  const other = await browser.newContext();
  try {
    const reader = await other.newPage();
    await signUpAndVerify(reader, newAccount("reader"));
    await reader.goto(`${chatWithKeeper.pathname}${chatWithKeeper.search}`);
    await expect(reader.getByTestId("chat-assistant")).toContainText(ASSISTANT, { timeout: 60_000 });
    const theirs = await ask(reader, QUESTION);
    const theirCite = theirs.getByRole("link", { name: new RegExp(`${TITLE}.*page 2`) }).first();
    await theirCite.click();
    await expect(reader).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]+\?chunk=.+&assistant=[0-9a-f-]{36}/);
    await expect(reader.getByRole("heading", { level: 1, name: TITLE })).toBeVisible({ timeout: 30_000 });
    await expect(reader.getByText(/Cited by an assistant you use/)).toBeVisible();
    await expect(reader.getByText("Cited passage · Page 2", { exact: true })).toBeVisible();
    await expect(reader.locator("[data-cited=true]").first()).toContainText("gravity pulls the oceans");
    await expect(reader.getByText(/Brass rails on the gallery/)).toBeVisible();
    await expect(reader.getByRole("button", { name: "Delete", exact: true })).toHaveCount(0);
    await reader.screenshot({ path: join(shots, "knowledge-pdf-shared-passage.png") });
  } finally {
    await other.close();
  }

  // (c) The API, on the Max plan: the chunk that answers, on page 2.
  const found = await page.evaluate(
    async ({ headers, query, name }) => {
      const collections = (await (await fetch("/api/knowledge/collections", { headers })).json()) as {
        id: string;
        name: string;
      }[];
      const id = collections.find((c) => c.name === name)!.id;
      const res = await fetch("/api/knowledge/search", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ query, collectionIds: [id] }),
      });
      return {
        status: res.status,
        body: (await res.json()) as { results: { title: string; page?: number; snippet: string }[] },
      };
    },
    { headers: await bearer(page), query: QUESTION, name: COLLECTION },
  );
  expect(found.status).toBe(200);
  expect(found.body.results[0]).toMatchObject({ title: TITLE, page: 2 });
  expect(found.body.results[0]!.snippet).toContain("moon");
});
