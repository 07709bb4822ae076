// The pages people spend their time on, checked by axe-core (WCAG 2.x A and AA rules: contrast, names,
// heading order, landmarks…) in light and in dark, at desktop and phone width, with an answer on
// screen and with the chat's dialogs open. Any violation fails, with the rule and where it is.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { fillComparison } from "../support/compare-steps";
import { expect, setPlan, test } from "../support/fixtures";

const AXE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  nodes: { target: string[] }[];
}
declare global {
  interface Window {
    axe: { run: (context: Document) => Promise<{ violations: AxeViolation[] }> };
  }
}

/** What axe finds once the page's entrance animations have ended, one line per rule. */
async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState("networkidle");
  // A fading-in element would be measured half transparent: wait for every animation that ends.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through the DevTools protocol, so the page's script policy (no inline scripts) allows it;
  // once per page loaded (a dialog opened on the same page finds it there).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async () => (await window.axe.run(document)).violations);
  return found.map(
    (v) =>
      `${v.id} (${v.impact ?? "?"}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(" "))
        .join(" | ")}`,
  );
}

const DASHBOARD_PAGES = [
  "",
  "chat",
  "compare",
  "assistants",
  "tessera-search",
  "documents",
  "images",
  "account",
];

test("the sign-in and pricing pages have no accessibility violations", async ({ page }) => {
  for (const path of ["/auth", "/pricing"]) {
    await page.goto(path);
    expect(await violations(page), path).toEqual([]);
  }
});

test("the signed-in pages, an answer and the chat's dialogs have none, in light and in dark", async ({
  signedIn: page,
}) => {
  // Eight pages in two themes, an answer and the dialogs, each scanned: 64 s once on a machine whose
  // Chromium runs at half the usual pace, beside the other worker. Three times the usual minute.
  test.slow();
  for (const theme of ["light", "dark"] as const) {
    if (theme === "dark") {
      await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
      await expect(page.locator("html")).toHaveClass(/dark/);
    }
    for (const path of DASHBOARD_PAGES) {
      await page.goto(`/dashboard/${path}`);
      expect(await violations(page), `${theme} /dashboard/${path}`).toEqual([]);
    }
  }

  await page.goto("/dashboard/chat");
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("How do I turn on two-factor?");
  await page.keyboard.press("Enter");
  await expect(page.getByText(/ tokens$/)).toBeVisible({ timeout: 30_000 });
  expect(await violations(page), "dark chat with an answer").toEqual([]);

  await page.getByRole("button", { name: /^Choose model/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations(page), "dark model picker").toEqual([]);
  await page.keyboard.press("Escape");
  // A dialog opened without a Trigger hands focus back to what opened it.
  await expect(page.getByRole("button", { name: /^Choose model/ })).toBeFocused();
  await page.getByRole("button", { name: /prompt library/i }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await violations(page), "dark prompt library").toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: /prompt library/i })).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  for (const path of ["chat", "compare", "images"]) {
    await page.goto(`/dashboard/${path}`);
    expect(await violations(page), `dark phone /dashboard/${path}`).toEqual([]);
  }
});

test("a paid plan's dashboard and a comparison's finished answers have none either", async ({
  signedIn: page,
  account,
}) => {
  await setPlan(account.email, "team");
  await page.goto("/dashboard");
  await expect(page.getByText("Active Subscription")).toBeVisible();
  expect(await violations(page), "team plan dashboard").toEqual([]);

  await page.goto("/dashboard/compare");
  await page.getByRole("button", { name: "New comparison", exact: true }).click();
  const dialog = await fillComparison(page, "How do I turn on two-factor?", ["Tessera Local", "alpha-7b"]);
  await dialog.getByRole("button", { name: "Compare Models", exact: true }).click();
  for (const card of await dialog
    .getByRole("region", { name: "Answers", exact: true })
    .getByRole("article")
    .all()) {
    await expect(card).toHaveAttribute("data-status", "complete", { timeout: 30_000 });
  }
  await expect(dialog.getByText("Complete")).toHaveCount(2);
  expect(await violations(page), "a comparison's answers").toEqual([]);
});
