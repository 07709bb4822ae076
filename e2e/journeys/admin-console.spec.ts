// The admin console against the built app: the instance admin finds a person on Admin → Users, bans
// them (their session stops working at once), unbans them (they sign in again), gives them a budget,
// names the instance and sees the name in the sidebar, and reads all of it in the audit log.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, newAccount, signUpAndVerify, test, bearer, type Account } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The instance's first account, made by support/global-setup.ts.
const ADMIN = { email: "admin@tessera.test", password: "admin-password-long-enough" };
const INSTANCE_NAME = `Acme Research ${Date.now().toString(36)}`;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${process.env.TESSERA_E2E_URL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${process.env.TESSERA_E2E_ADMIN_TOKEN}`,
      "content-type": "application/json",
    },
  });

let person: Account | null = null;
let personId: string | null = null;

test.afterAll(async () => {
  // The name goes, and the person with their budget, whatever step the journey stopped at.
  await api("/api/admin/settings", { method: "PATCH", body: JSON.stringify({ instanceName: null }) });
  if (personId) {
    await api(`/api/admin/budgets?scope=user&id=${personId}`, { method: "DELETE" });
    await api(`/api/admin/users/${personId}`, {
      method: "DELETE",
      body: JSON.stringify({ confirmEmail: person!.email }),
    });
  }
});

test("an admin finds a person, bans and unbans them, sets their budget, names the instance and reads the audit log", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The person, signed in in their own browser.
  person = newAccount("member");
  const theirs = await browser.newContext();
  const theirPage = await theirs.newPage();
  await signUpAndVerify(theirPage, person);
  // One answer of theirs, so the usage report has something to show.
  const box = theirPage.getByRole("textbox", { name: "Message", exact: true });
  await box.fill("What is recursion?");
  await box.press("Enter");
  await expect(theirPage.getByRole("article", { name: "Tessa said", exact: true }).last()).toBeVisible({
    timeout: 30_000,
  });
  const theirToken = await bearer(theirPage);
  const theirSession = () => theirPage.request.get("/api/conversations", { headers: theirToken });
  expect((await theirSession()).status()).toBe(200);

  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.setViewportSize({ width: 1280, height: 800 });
  const nav = page.getByRole("navigation", { name: "Main", exact: true });

  // Users: find the person by their address and open them.
  await nav.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Users", level: 1 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search users" }).fill(person.email);
  const table = page.getByRole("table", { name: "Users" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByRole("row", { name: new RegExp(person.name) })).toContainText("Active");
  await page.screenshot({ path: join(shots, "admin-users.png") });
  await table.getByRole("link", { name: person.name }).click();
  await expect(page.getByRole("heading", { name: person.name, level: 1 })).toBeVisible();
  personId = decodeURIComponent(new URL(page.url()).pathname.split("/").at(-1)!);

  // Ban: every session of theirs ends at once.
  await page.getByRole("button", { name: "Ban…" }).click();
  const ban = page.getByRole("dialog");
  await ban.getByLabel("Reason").fill("Shared their account with a bot.");
  await ban.getByLabel("Ends on (optional)").fill("2030-01-31");
  await ban.getByRole("button", { name: "Ban", exact: true }).click();
  await expect(ban).toBeHidden();
  await expect(
    page.getByRole("status").filter({ hasText: "Reason: Shared their account with a bot." }),
  ).toBeVisible();
  await expect(page.getByText("0 browsers or devices")).toBeVisible();
  expect((await theirSession()).status()).toBe(401);
  const refused = await theirPage.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { origin: process.env.TESSERA_E2E_URL! },
  });
  expect(refused.ok()).toBe(false);
  await page.screenshot({ path: join(shots, "admin-user-banned.png"), fullPage: true });

  // Unban: they may sign in again.
  await page.getByRole("button", { name: "Unban", exact: true }).click();
  await expect(page.getByRole("button", { name: "Ban…" })).toBeVisible();
  const again = await theirPage.request.post("/api/auth/sign-in/email", {
    data: { email: person.email, password: person.password },
    headers: { origin: process.env.TESSERA_E2E_URL! },
  });
  expect(again.status()).toBe(200);
  await theirs.close();

  // Budgets: a cap of their own.
  await nav.getByRole("link", { name: "Budgets", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Budgets", level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Set a budget" }).click();
  const budget = page.getByRole("dialog");
  await budget.getByLabel("Person's email").fill(person.email);
  await budget.getByLabel("Tokens a month").fill("50000");
  await budget.getByLabel("Cost a month (USD)").fill("2.5");
  await budget.getByRole("button", { name: "Save budget" }).click();
  await expect(budget).toBeHidden();
  const row = page
    .getByRole("region", { name: "People" })
    .getByRole("row", { name: new RegExp(person.email) });
  await expect(row).toContainText("50K");
  await expect(row).toContainText("$2.50");
  await expect(row).toContainText("1 person");
  await page.screenshot({ path: join(shots, "admin-budgets.png") });

  // Instance settings: the name shows in the sidebar at once.
  await nav.getByRole("link", { name: "Instance settings", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Instance settings", level: 1 })).toBeVisible();
  await page.getByLabel("Instance name").fill(INSTANCE_NAME);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText(/^Last changed/)).toBeVisible();
  await expect(page.locator('[data-sidebar="sidebar"]').getByText(INSTANCE_NAME)).toBeVisible();
  await page.screenshot({ path: join(shots, "admin-settings.png") });
  await page.reload();
  await expect(page.locator('[data-sidebar="sidebar"]').getByText(INSTANCE_NAME)).toBeVisible();

  // Audit log: what was done, by whom, to whom.
  await nav.getByRole("link", { name: "Audit log", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  const log = page.getByRole("table", { name: "Audit log" });
  await expect(log.getByRole("row", { name: /Instance settings changed/ }).first()).toContainText(
    INSTANCE_NAME,
  );
  await expect(log.getByRole("row", { name: /Budget changed/ }).first()).toContainText(`user:${personId}`);
  const filters = page.getByRole("form", { name: "Filter the audit log" });
  await filters.getByLabel("Action").click();
  await page.getByRole("option", { name: "User banned", exact: true }).click();
  await filters.getByRole("button", { name: "Filter", exact: true }).click();
  const banned = log.getByRole("row", { name: new RegExp(`User banned.*${personId}`) });
  await expect(banned).toContainText(ADMIN.email);
  await expect(banned).toContainText("Shared their account with a bot.");
  await expect(log.getByRole("row", { name: /User unbanned/ })).toHaveCount(0);
  await page.screenshot({ path: join(shots, "admin-audit.png") });

  // Usage: the range and its breakdowns.
  await nav.getByRole("link", { name: "Usage", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Model spend" })).toBeVisible();
  await page.getByRole("button", { name: "Last 7 days" }).click();
  await expect(page.getByRole("region", { name: "By person", exact: true })).toContainText(person.name);
  await page.screenshot({ path: join(shots, "admin-usage.png"), fullPage: true });
});
