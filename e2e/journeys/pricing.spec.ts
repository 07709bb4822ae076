// The public pages against the built app: the plans a visitor compares (and is sent to sign in to
// choose), the legal texts, and a signed-in person starting the free Pro trial (no checkout here).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

/** Desktop, then 375px wide, then dark at desktop width: three full-page screenshots. */
async function shootThreeWays(page: Page, name: string) {
  await page.screenshot({ path: join(shots, `${name}.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.screenshot({ path: join(shots, `${name}-mobile.png`), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: join(shots, `${name}-dark.png`), fullPage: true });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
}

test("a visitor compares the four plans and is sent to sign in to choose one", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/pricing");
  await expect(page).toHaveTitle("Pricing | Tessera");
  await expect(page.getByRole("region", { name: "Plans", exact: true }).getByRole("article")).toHaveCount(4);
  const pro = page.getByRole("article", { name: "Pro", exact: true });
  await expect(pro).toContainText("Most Popular");
  await expect(pro).toContainText("$19/month");
  await expect(page.getByRole("article", { name: "Core", exact: true })).toContainText("Free");
  await expect(page.getByText("Sign in to choose a plan")).toBeVisible();

  const faq = page.getByRole("region", { name: "Frequently asked questions", exact: true });
  await faq.getByText("Is there a free trial?").click();
  await expect(faq.getByText(/free for 7 days, once, with no card needed/)).toBeVisible();
  await shootThreeWays(page, "pricing");

  await pro.getByRole("link", { name: "Choose Pro", exact: true }).click();
  await expect(page).toHaveURL(/\/auth\?plan=pro$/);
  await expect(page.getByRole("tab", { name: "Sign In", exact: true })).toBeVisible();
});

test("the terms and the privacy policy are there to read, dated December 2024", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const [path, title, name] of [
    ["/terms", "Terms of Service", "terms"],
    ["/privacy", "Privacy Policy", "privacy"],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveTitle(`${title} | Tessera`);
    await expect(page.getByRole("heading", { level: 1, name: title, exact: true })).toBeVisible();
    await expect(page.getByText("Last updated: December 2024")).toBeVisible();
    await shootThreeWays(page, name);
  }
  // A contents entry leads to its section.
  await page
    .getByRole("navigation", { name: "Contents", exact: true })
    .getByRole("link", { name: /Cookies/ })
    .click();
  await expect(page).toHaveURL(/\/privacy#cookies$/);
  await expect(
    page.getByRole("heading", { name: "Cookies and local storage", exact: true }),
  ).toBeInViewport();
});

test("signed in on Core, choosing Pro starts the free trial and lands on the dashboard", async ({
  signedIn: page,
}) => {
  // A new person is on Free, and the dashboard offers the upgrade.
  await page.goto("/dashboard");
  const plan = page.getByRole("region", { name: "Current Plan", exact: true });
  await expect(plan).toContainText("Free");
  await expect(plan).toContainText("No active subscription");
  await expect(page.getByRole("heading", { name: "Upgrade to Pro", exact: true })).toBeVisible();
  await page.getByRole("link", { name: "Upgrade Plan", exact: true }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  const core = page.getByRole("article", { name: "Core", exact: true });
  await expect(core).toContainText("Current plan");
  await expect(page.getByText("Sign in to choose a plan")).toHaveCount(0);
  const pro = page.getByRole("article", { name: "Pro", exact: true });
  await pro.getByRole("button", { name: "Start free trial", exact: true }).click();
  await expect(page.getByText("Your 7-day Pro trial has started")).toBeVisible();
  // It lands on the dashboard, whose Current Plan shows the trial (not Team Settings' lock screen).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(plan).toContainText("Pro");

  // Back on the pricing page, Pro is the current plan and the trial cannot start twice.
  await page.goto("/pricing");
  await expect(page.getByRole("status").filter({ hasText: "You're on Pro (free trial)" })).toBeVisible();
  await expect(pro.getByRole("button", { name: "Current plan", exact: true })).toBeDisabled();
  await expect(page.getByRole("article", { name: "Max", exact: true }).getByRole("note")).toContainText(
    "Ask them to change your plan",
  );
  await page.screenshot({ path: join(shots, "pricing-trial.png"), fullPage: true });

  // The dashboard now says Pro, and the upgrade banner is gone.
  await page.goto("/dashboard");
  await expect(plan).toContainText("Pro");
  await expect(plan).toContainText("Active Subscription");
  await expect(page.getByRole("heading", { name: "Upgrade to Pro", exact: true })).toHaveCount(0);
});
