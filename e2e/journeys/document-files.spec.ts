// Word documents in a knowledge base against the built app: a DOCX uploaded into a collection on the
// Documents page is read with its headings, indexed by the offline model, and opened with its text.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

test("a DOCX uploaded into a collection is read, indexed and shown with its headings", async ({
  signedIn: page,
}) => {
  test.setTimeout(180_000);
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await page.getByRole("button", { name: "New collection", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "New collection" });
  await dialog.getByLabel("Name", { exact: true }).fill("Lantern Quay");
  await dialog.getByRole("button", { name: "Create collection", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Add to Lantern Quay" })).toBeVisible();

  await page.getByRole("tab", { name: /Upload/ }).click();
  await expect(
    page.getByText("PDF, DOCX, HTML, Markdown, CSV, JSON or text, up to 10 MB each."),
  ).toBeVisible();
  const item = page.getByRole("listitem", { name: "lantern-quay-handbook", exact: true });
  await page
    .getByTestId("document-file-input")
    .setInputFiles(join(import.meta.dirname, "../fixtures/lantern-quay-handbook.docx"));
  // Read in one go: loading the DOCX reader is not part of the file's time, however busy the machine.
  await expect(item).toBeVisible({ timeout: 90_000 });
  // Indexing by the offline model follows.
  await expect(item.getByText("Ready", { exact: true })).toBeVisible({ timeout: 120_000 });
  await page.screenshot({ path: join(shots, "document-docx-ready.png") });

  await item.getByRole("link", { name: "lantern-quay-handbook", exact: true }).click();
  const text = page.getByRole("article", { name: "Document text", exact: true });
  await expect(text.getByRole("heading", { name: "Lantern Quay handbook", exact: true })).toBeVisible();
  await expect(text.getByRole("heading", { name: "Moorings", exact: true })).toBeVisible();
  await expect(text).toContainText("Visiting boats moor on the north pontoon");
  await page.screenshot({ path: join(shots, "document-docx-open.png") });
});
