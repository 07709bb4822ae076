// Languages: the person picks one on Account; the shell, the server's errors and a reload follow it,
// Arabic lays out right to left, and in every language no nav item, button or label overflows.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { bearer, expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

/** Each language as the select names it, with its word for the nav's "Dashboard" and "Account". */
const LANGUAGES = [
  { code: "en", name: "English", dashboard: "Dashboard", account: "Account" },
  { code: "de", name: "Deutsch", dashboard: "Übersicht", account: "Konto" },
  { code: "fr", name: "Français", dashboard: "Tableau de bord", account: "Compte" },
  { code: "es", name: "Español", dashboard: "Panel", account: "Cuenta" },
  { code: "pt-BR", name: "Português (Brasil)", dashboard: "Painel", account: "Conta" },
  { code: "zh-CN", name: "简体中文", dashboard: "仪表盘", account: "账户" },
  { code: "ja", name: "日本語", dashboard: "ダッシュボード", account: "アカウント" },
  { code: "ar", name: "العربية", dashboard: "لوحة التحكم", account: "الحساب" },
];

async function pickLanguage(page: Page, name: string) {
  await page.getByTestId("language-select").click();
  await page.getByRole("option", { name, exact: true }).click();
}

/** Nav items, buttons and labels whose text is wider than their box (ellipsis-truncated ones aside). */
function overflowing(page: Page) {
  return page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLElement>("nav a, nav button, header a, button, label, [data-slot=badge]"),
    )
      .filter((el) => el.offsetParent !== null && getComputedStyle(el).textOverflow !== "ellipsis")
      .filter((el) => el.scrollWidth > el.clientWidth + 1)
      .map(
        (el) => `${el.tagName.toLowerCase()} "${el.textContent?.trim()}" ${el.scrollWidth}>${el.clientWidth}`,
      ),
  );
}

test("Deutsch on Account: the shell and the server's errors are German, and stay so after a reload", async ({
  signedIn: page,
}) => {
  await page.goto("/dashboard/account");
  await pickLanguage(page, "Deutsch");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  const nav = page.getByRole("navigation", { name: "Hauptmenü" });
  await expect(nav.getByRole("link", { name: "Übersicht" })).toBeVisible();
  await expect(page.getByText("KI-Plattform")).toBeVisible();
  await expect(page.getByRole("button", { name: "Abmelden" })).toBeVisible();

  // The account holds the choice: the server answers in German whatever the browser asks for.
  const answer = await page.evaluate(
    async (headers) => {
      const res = await fetch(`/api/conversations/${crypto.randomUUID()}/share`, {
        method: "POST",
        headers: { ...headers, "accept-language": "en", "content-type": "application/json" },
        body: "{}",
      });
      return (await res.json()) as { error: { message: string } };
    },
    await bearer(page),
  );
  expect(answer.error.message).toBe("Unterhaltung nicht gefunden.");

  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(
    page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name: "Konto" }),
  ).toBeVisible();

  await pickLanguage(page, "العربية");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  // Right to left: the sidebar sits on the right of the page.
  const sidebar = await page.locator("[data-sidebar='sidebar']").first().boundingBox();
  const viewport = page.viewportSize();
  expect(sidebar && viewport && sidebar.x + sidebar.width > viewport.width / 2).toBe(true);
});

test("every language: the main screens have their texts and nothing overflows", async ({
  signedIn: page,
}) => {
  // Eight languages, each fetching its texts for three screens: more than a minute on a busy machine.
  test.setTimeout(240_000);
  await page.goto("/dashboard/account");
  for (const language of LANGUAGES) {
    await pickLanguage(page, language.name);
    await expect(page.locator("html")).toHaveAttribute("lang", language.code);
    const nav = page.locator("nav[aria-label]").first();
    await expect(nav.getByRole("link", { name: language.account, exact: true })).toBeVisible();
    await page.screenshot({ path: join(shots, `language-${language.code}-account.png`), fullPage: true });
    expect(await overflowing(page), `${language.code} account`).toEqual([]);

    await nav.getByRole("link", { name: language.dashboard, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.screenshot({ path: join(shots, `language-${language.code}-dashboard.png`) });
    expect(await overflowing(page), `${language.code} dashboard`).toEqual([]);
    await nav.getByRole("link", { name: language.account, exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/account$/);
  }
});
