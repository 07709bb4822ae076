// The dashboard home against the built app: a new person chats once and searches once, then finds
// both counted on the dashboard, Tessa in the model usage, their plan, and a quick search that runs.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const CHAT_QUESTION = "Which model should I use for code?";
const SEARCH_QUESTION = "How do I compare models side by side?";
const QUICK_QUESTION = "What can Tessera Local answer?";
const done = /^Done · [\d,]+ tokens? · \$0\.00$/;

test("a chat and a search show up on the dashboard, and its quick search runs a question", async ({
  signedIn: page,
}) => {
  // One chat with Tessa, answered by the built-in engine.
  await page.getByRole("button", { name: /Chat with the guide/ }).click();
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill(CHAT_QUESTION);
  await box.press("Enter");
  const answer = page.getByRole("article", { name: "Tessa said", exact: true }).last();
  await expect(answer.getByText(/ tokens$/)).toBeVisible({ timeout: 20_000 });

  // One search on the search engine page.
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await nav.getByRole("link", { name: "AI Search", exact: true }).click();
  await page.getByRole("searchbox", { name: "Search", exact: true }).fill(SEARCH_QUESTION);
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(
    page.getByRole("article", { name: SEARCH_QUESTION, exact: true }).getByTestId("search-status"),
  ).toHaveText(done, { timeout: 30_000 });

  // Both counted on the dashboard.
  await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByText("Welcome back! Here's what's happening with your AI workspace.")).toBeVisible();
  await expect(page.getByTestId("stat-chats")).toHaveText("1");
  await expect(page.getByTestId("stat-searches")).toHaveText("1");
  await expect(page.getByTestId("stat-images")).toHaveText("0");
  await expect(page.getByTestId("stat-videos")).toHaveText("0");
  const usage = page.getByRole("list", { name: "Chats per model", exact: true }).getByRole("listitem");
  await expect(usage).toHaveCount(1);
  await expect(usage.first()).toHaveAccessibleName(/^(Tessa|Tessera Local)$/);
  await expect(usage.first()).toContainText("1 chat");
  await expect(usage.first()).toContainText("$0.00");
  const activity = page.getByRole("region", { name: "Activity", exact: true });
  await expect(activity).toContainText("1 chat, 1 search and 0 images in the last 30 days.");

  // A new person is on the free plan, offered the upgrade.
  const plan = page.getByRole("region", { name: "Current Plan", exact: true });
  await expect(plan).toContainText("Free");
  await expect(plan).toContainText("No active subscription");
  await expect(page.getByRole("link", { name: "Upgrade Plan", exact: true })).toHaveAttribute(
    "href",
    "/pricing",
  );
  await expect(
    page.getByRole("region", { name: "Quick Actions", exact: true }).getByRole("link"),
  ).toHaveCount(7);
  await page.screenshot({ path: join(shots, "dashboard.png"), fullPage: true });

  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await page.screenshot({ path: join(shots, "dashboard-dark.png"), fullPage: true });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();

  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByTestId("stat-chats")).toHaveText("1");
  await page.screenshot({ path: join(shots, "dashboard-mobile.png"), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  // The quick search opens the search engine page, which runs the question at once.
  const quick = page.getByRole("search", { name: "Quick AI Search", exact: true });
  const go = quick.getByRole("button", { name: "Search", exact: true });
  await expect(go).toBeDisabled();
  await quick.getByRole("searchbox", { name: "Search query", exact: true }).fill(QUICK_QUESTION);
  await expect(go).toBeEnabled();
  await quick.getByRole("searchbox", { name: "Search query", exact: true }).press("Enter");
  await expect(page).toHaveURL(/\/dashboard\/jigsaw-search$/);
  await expect(page.getByRole("searchbox", { name: "Search", exact: true })).toHaveValue(QUICK_QUESTION);
  await expect(
    page.getByRole("article", { name: QUICK_QUESTION, exact: true }).getByTestId("search-status"),
  ).toHaveText(done, { timeout: 30_000 });

  // Back on the dashboard the second search is counted.
  await nav.getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByTestId("stat-searches")).toHaveText("2");
});
