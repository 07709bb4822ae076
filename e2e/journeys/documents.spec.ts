// Documents against the built app with no keys: knowledge added by writing, by uploading a file and
// (refused, because it is a private address) by URL; opened, searched with AI Search and deleted.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const FIELD_GUIDE = [
  "# Marsh birds of Ellery Fen",
  "The Ellery Fen bittern booms from reed beds in April, and the marsh warden counts its calls at first light.",
  "Visitors keep to the boardwalk between March and July, when the bitterns nest.",
].join("\n\n");

test("add documents, open one, find it with AI Search, and delete it", async ({ signedIn: page }) => {
  await page.getByRole("link", { name: "Documents", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents$/);
  await expect(page.getByText("No documents yet")).toBeVisible();

  // Write one.
  await page.getByLabel("Title", { exact: true }).fill("Boardwalk rules");
  await page
    .getByLabel("Text", { exact: true })
    .fill("Dogs stay on a lead on the Ellery Fen boardwalk. Gates close at dusk.");
  await page.getByRole("button", { name: "Save document", exact: true }).click();
  const list = page.getByRole("list", { name: "Documents", exact: true });
  await expect(list.getByRole("listitem", { name: "Boardwalk rules", exact: true })).toBeVisible();

  // Upload one: read in full by the server and titled from the file name.
  await page.getByRole("tab", { name: /Upload/ }).click();
  await page.getByTestId("document-file-input").setInputFiles({
    name: "Ellery Fen field guide.md",
    mimeType: "text/markdown",
    buffer: Buffer.from(FIELD_GUIDE),
  });
  const guide = list.getByRole("listitem", { name: "Ellery Fen field guide", exact: true });
  // The first file read starts the reader process beside the indexing of the first document.
  await expect(guide).toBeVisible({ timeout: 30_000 });
  await expect(guide).toContainText("1 passage");

  // A private address is refused with the server's reason; the address stays for correcting.
  await page.getByRole("tab", { name: /From URL/ }).click();
  await page.getByLabel("Address", { exact: true }).fill(`${process.env.TESSERA_E2E_URL}/help`);
  await page.getByRole("button", { name: "Add page", exact: true }).click();
  await expect(page.getByRole("alert")).toContainText("not reachable from Tessera");
  await expect(page.getByLabel("Address", { exact: true })).toHaveValue(
    `${process.env.TESSERA_E2E_URL}/help`,
  );
  await page.screenshot({ path: join(shots, "documents.png"), fullPage: true });

  // Open it: the markdown is shown as written.
  await guide.getByRole("link", { name: "Ellery Fen field guide", exact: true }).click();
  await expect(
    page.getByRole("heading", { level: 1, name: "Ellery Fen field guide", exact: true }),
  ).toBeVisible();
  const text = page.getByRole("article", { name: "Document text", exact: true });
  await expect(text.getByRole("heading", { name: "Marsh birds of Ellery Fen", exact: true })).toBeVisible();
  await expect(text).toContainText("counts its calls at first light");
  await page.screenshot({ path: join(shots, "document.png") });

  // AI Search finds it in the workspace and cites it.
  await page.getByRole("link", { name: "AI Search", exact: true }).click();
  await page
    .getByRole("searchbox", { name: "Search", exact: true })
    .fill("When does the Ellery Fen bittern boom?");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("link", { name: /Ellery Fen field guide/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText(/booms from reed beds in April/).first()).toBeVisible({ timeout: 20_000 });

  // Delete it from its page; the list no longer has it.
  await page.goto("/dashboard/documents");
  await list.getByRole("link", { name: "Ellery Fen field guide", exact: true }).click();
  // The document's own page, not the list (whose rows have "Delete <title>" buttons of their own).
  await expect(page).toHaveURL(/\/dashboard\/documents\/[0-9a-f-]{36}$/);
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/documents$/);
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list.getByRole("listitem", { name: "Boardwalk rules", exact: true })).toBeVisible();
});
