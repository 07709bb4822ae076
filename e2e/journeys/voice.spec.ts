// AI Voice Over against the built app with no keys: the offline eSpeak NG engine speaks a script, the
// page plays it and downloads it as an MP3 under the chosen name, and it is kept among past voice-overs.
// Below Pro the page shows the plan that includes it.
import { mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, setPlan, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const SCRIPT =
  "Good morning, and welcome aboard. The ferry leaves the harbour at ten, and the crossing takes about an hour.";

/** An MP3 begins with an ID3 tag or an MPEG audio frame sync (eleven set bits). */
const startsLikeMp3 = (bytes: Buffer) =>
  bytes.subarray(0, 3).toString("latin1") === "ID3" || (bytes[0] === 0xff && (bytes[1]! & 0xe0) === 0xe0);

const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("write a script, generate the MP3, play it, download it and find it among past voice-overs", async ({
  signedIn: page,
  account,
}) => {
  await setPlan(account.email, "pro");
  await page.getByRole("link", { name: "AI Voice", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/voice$/);
  await expect(page.getByRole("heading", { level: 1, name: "AI Voice Over", exact: true })).toBeVisible();
  const preview = page.getByRole("region", { name: "Preview & Download", exact: true });
  await expect(preview).toContainText("Generate a voice first to preview and download here.");
  await expect(page.getByText("No voice-overs yet")).toBeVisible();

  await page.getByLabel("Script", { exact: true }).fill(SCRIPT);
  await expect(page.getByText(`${SCRIPT.length} / 10,000`)).toBeVisible();
  await page.getByRole("combobox", { name: "Voice", exact: true }).click();
  await page.getByRole("option", { name: /^Coral/ }).click();
  await expect(page.getByRole("combobox", { name: "Voice", exact: true })).toContainText("Coral");
  await page.getByLabel("File name", { exact: true }).fill("Ferry welcome");
  await expect(page.getByText("Downloads as Ferry welcome.mp3")).toBeVisible();

  await page.getByRole("button", { name: "Generate MP3", exact: true }).click();
  await expect(page.getByText("Voice generated")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Your MP3 is ready to preview or download.")).toBeVisible();

  // The browser decodes it: the player knows how long it is, and so does the card.
  const player = preview.getByLabel("Voice-over preview", { exact: true });
  await expect(player).toBeVisible();
  await expect
    .poll(() => player.evaluate((audio: HTMLAudioElement) => audio.duration), { timeout: 10_000 })
    .toBeGreaterThan(4);
  const seconds = await player.evaluate((audio: HTMLAudioElement) => Math.round(audio.duration));
  await expect(preview.getByTestId("voice-duration")).toHaveText(
    new RegExp(
      `^0:(${[seconds - 1, seconds, seconds + 1].map((s) => String(s).padStart(2, "0")).join("|")})$`,
    ),
  );
  await page.screenshot({ path: join(shots, "voice.png"), fullPage: true });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    preview.getByRole("link", { name: "Download MP3", exact: true }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Ferry welcome.mp3");
  const bytes = readFileSync(await download.path());
  expect(bytes.byteLength).toBeGreaterThan(20_000);
  expect(startsLikeMp3(bytes)).toBe(true);

  // Kept: listed with its voice, and downloadable again from the list, even after a reload.
  await page.reload();
  const list = page.getByRole("list", { name: "Voice-overs", exact: true });
  const item = list.getByRole("listitem");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("Coral");
  await expect(item).toContainText("Good morning, and welcome aboard.");
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: /^Download Ferry welcome\.mp3/ }).click(),
  ]);
  expect(again.suggestedFilename()).toBe("Ferry welcome.mp3");
  expect(readFileSync(await again.path()).equals(bytes)).toBe(true);

  // Played again from the list into the preview.
  await item.getByRole("button", { name: /^Play Ferry welcome\.mp3/ }).click();
  await expect(preview.getByLabel("Voice-over preview", { exact: true })).toBeVisible();
  await expect(preview.getByTestId("voice-duration")).toHaveText(/^0:\d\d$/);

  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(shots, "voice-dark.png"), fullPage: true });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();

  // Deleted after a confirmation.
  await item.getByRole("button", { name: /^Delete Ferry welcome\.mp3/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("No voice-overs yet")).toBeVisible();
});

test("the voice page fits a phone, in the dark theme too, and is locked below Pro", async ({
  signedIn: page,
  account,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto("/dashboard/voice");
  const lock = page.getByRole("region", { name: "Voice-overs come with Pro", exact: true });
  await expect(lock).toContainText("AI Voice is on the Pro plan and up. Upgrade to use it.");
  await expect(lock.getByRole("link", { name: "See plans", exact: true })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await expect(page.getByLabel("Script", { exact: true })).toHaveCount(0);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, "voice-locked-phone.png"), fullPage: true });

  await setPlan(account.email, "pro");
  await page.reload();
  await page.getByLabel("Script", { exact: true }).fill("A short line, read on a phone.");
  await page.getByRole("button", { name: "Generate MP3", exact: true }).click();
  await expect(page.getByText("Voice generated")).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole("list", { name: "Voice-overs", exact: true }).getByRole("listitem"),
  ).toHaveCount(1);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await page.screenshot({ path: join(shots, "voice-phone.png"), fullPage: true });

  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: join(shots, "voice-phone-dark.png"), fullPage: true });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
});
