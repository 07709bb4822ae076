// Images against the built app with no keys: Tessera Sketch, the procedural model, draws a prompt;
// the image shows with view and download and lands in Recent Images; history has it, downloads it as
// tessera-image-<id>.png (a real PNG) and deletes it. On a phone and in the dark theme too.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const PROMPT = "A lighthouse on a cliff at sunset, waves below";

test("generate an image, find it in history, download it and delete it", async ({ signedIn: page }) => {
  await page.getByRole("link", { name: "AI Images", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/images$/);
  await expect(page.getByRole("heading", { level: 1, name: "Image Creator", exact: true })).toBeVisible();

  // Without keys the procedural model is the default; the others are not enabled here.
  const model = page.getByRole("combobox", { name: "Model", exact: true });
  await expect(model).toContainText("Tessera Sketch (procedural, offline)");
  await model.click();
  await expect(page.getByRole("option", { name: /Imagine 4/ })).toContainText("Not enabled on this server.");
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("image-quota")).toHaveText("0 of 5 images this month");

  await page.getByRole("combobox", { name: "Aspect Ratio", exact: true }).click();
  await page.getByRole("option", { name: /^4:3/ }).click();
  await page.getByPlaceholder("Describe your image").fill(PROMPT);
  await page.getByRole("button", { name: "Generate Image", exact: true }).click();
  await expect(
    page.getByRole("progressbar", { name: "Image generation progress", exact: true }),
  ).toBeVisible();

  const result = page.getByRole("region", { name: "Generated image", exact: true });
  const picture = result.getByRole("img", { name: PROMPT, exact: true });
  await expect(picture).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1024);
  expect(await picture.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(768);
  await expect(result.getByRole("link", { name: "View full size", exact: true })).toHaveAttribute(
    "target",
    "_blank",
  );
  await expect(
    page
      .getByRole("list", { name: "Recent images", exact: true })
      .getByRole("button", { name: PROMPT, exact: true }),
  ).toBeVisible();
  await expect(page.getByTestId("image-quota")).toHaveText("1 of 5 images this month");
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await page.screenshot({ path: join(shots, "images.png"), fullPage: true });

  // History has it, completed; its details say how it was made.
  await page.getByRole("link", { name: "History", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/image-history$/);
  const tile = page
    .getByRole("list", { name: "Images", exact: true })
    .getByRole("listitem", { name: PROMPT, exact: true });
  await expect(tile).toBeVisible();
  await expect(tile.getByText("Completed")).toBeVisible();
  await page.screenshot({ path: join(shots, "images-history.png"), fullPage: true });

  await tile.getByRole("button", { name: `Details of ${PROMPT}`, exact: true }).click();
  const details = page.getByRole("dialog", { name: "Image details", exact: true });
  await expect(details).toContainText("Tessera Sketch (procedural, offline)");
  await expect(details).toContainText("4:3 (1024×768)");
  await page.screenshot({ path: join(shots, "images-details.png") });
  await page.keyboard.press("Escape");

  // Download: the browser saves tessera-image-<id, 12 characters>.png, and it is a PNG.
  const downloading = page.waitForEvent("download");
  await tile.getByRole("button", { name: `Download ${PROMPT}`, exact: true }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tessera-image-[A-Za-z0-9_-]{12}\.png$/);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await expect(page.getByText("Image downloaded successfully")).toBeVisible();

  // A phone and the dark theme.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, "images-history-mobile.png"), fullPage: true });
  await page.goto("/dashboard/images");
  await expect(
    page
      .getByRole("list", { name: "Recent images", exact: true })
      .getByRole("button", { name: PROMPT, exact: true }),
  ).toBeVisible();
  await page.screenshot({ path: join(shots, "images-mobile.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page
    .getByRole("list", { name: "Recent images", exact: true })
    .getByRole("button", { name: PROMPT, exact: true })
    .click();
  await expect(page.getByRole("region", { name: "Generated image", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: join(shots, "images-dark.png"), fullPage: true });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();

  // Delete it from history, after confirming: the empty state leads back to the creator.
  await page.goto("/dashboard/image-history");
  await tile.getByRole("button", { name: `Delete ${PROMPT}`, exact: true }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Image deleted successfully")).toBeVisible();
  await expect(page.getByText("No images yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create Your First Image", exact: true })).toHaveAttribute(
    "href",
    "/dashboard/images",
  );
});
