// Knowledge by meaning against the built app with no keys: a collection made on the Documents page, a
// document added to it and indexed by the offline model, a question asked in other words with the
// collection chosen by "#", an answer that cites the passage (shown on hover, opened at its place),
// and the same passage found through the API.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { bearer, expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const HANDBOOK = [
  "# Harbour operations",
  "The sea rises and falls twice a day because the moon's gravity pulls the oceans toward it, and the sun adds a smaller pull of its own.",
  "The harbour master posts the day's timetable on the board by the fuel dock every morning at six.",
].join("\n\n");
/** Shares no content word with the passage that answers it. */
const QUESTION = "Why does the water level at the coast go up and down?";

test("a collection answers a question asked in other words, citing the passage", async ({
  signedIn: page,
}) => {
  test.setTimeout(180_000);
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await page.getByRole("button", { name: "New collection", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New collection" });
  await dialog.getByLabel("Name", { exact: true }).fill("Harbour handbook");
  await dialog.getByRole("button", { name: "Create collection", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Add to Harbour handbook" })).toBeVisible();

  await page.getByLabel("Title", { exact: true }).fill("Harbour operations manual");
  await page.getByLabel("Text", { exact: true }).fill(HANDBOOK);
  await page.getByRole("button", { name: "Save document", exact: true }).click();
  const item = page.getByRole("listitem", { name: "Harbour operations manual", exact: true });
  // Indexed off the request by the offline model: the row says so once its chunks are embedded.
  await expect(item.getByText("Ready", { exact: true })).toBeVisible({ timeout: 90_000 });
  await page.screenshot({ path: join(shots, "knowledge-collection.png") });

  await page.getByRole("link", { name: "AI Chat", exact: true }).click();
  const box = page.getByRole("textbox", { name: "Message" });
  await box.click();
  await box.pressSequentially("#Harb");
  await page
    .getByRole("listbox", { name: "Answer from a collection" })
    .getByText("Harbour handbook")
    .waitFor();
  await page.keyboard.press("Enter");
  await expect(page.getByText("#Harbour handbook")).toBeVisible();
  await box.fill(QUESTION);
  await page.keyboard.press("Enter");

  await expect(page.getByText(/From your documents: The sea rises and falls twice a day/)).toBeVisible({
    timeout: 60_000,
  });
  const cite = page.getByRole("link", { name: /Harbour operations manual/ }).first();
  await cite.hover();
  await expect(page.getByText("Cited passage", { exact: false }).first()).toBeVisible();
  await page.screenshot({ path: join(shots, "knowledge-cited.png") });
  await cite.click();
  await expect(page).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]+\?chunk=/);
  await expect(page.getByRole("heading", { level: 1, name: "Harbour operations manual" })).toBeVisible();
  await expect(page.getByText(/moon's gravity pulls the oceans/)).toBeVisible();
  await page.screenshot({ path: join(shots, "knowledge-opened.png") });

  // The same passage through the API, limited to the collection.
  const found = await page.evaluate(
    async ({ headers, query }) => {
      const collections = (await (await fetch("/api/knowledge/collections", { headers })).json()) as {
        id: string;
        name: string;
      }[];
      const id = collections.find((c) => c.name === "Harbour handbook")!.id;
      const res = await fetch("/api/knowledge/search", {
        method: "POST",
        headers: { ...headers, "content-type": "application/json" },
        body: JSON.stringify({ query, collectionIds: [id] }),
      });
      return (await res.json()) as { results: { title: string; chunkId: string }[] };
    },
    { headers: await bearer(page), query: QUESTION },
  );
  expect(found.results[0]).toMatchObject({ title: "Harbour operations manual" });
});
