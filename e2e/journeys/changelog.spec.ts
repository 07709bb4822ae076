// Release notes against the built app: the instance admin's browser publishes this release once,
// someone who last saw an older release gets "What's new" until they dismiss it, and the admin finds
// the usage page in the sidebar.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The instance's first account, made by support/global-setup.ts.
const ADMIN = { email: "admin@tessera.test", password: "admin-password-long-enough" };

test("an admin publishes release 3.25.0 once; What's new shows it to someone who saw an older one", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);
  await page.waitForFunction(() => localStorage.getItem("last-changelog-version") === "3.25.0");

  // Pretend this browser last saw 3.24.0: the new release is shown once.
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem("tessera.auth.session") ?? "{}") as {
      user?: { id: string };
    };
    localStorage.setItem(`tessera.changelog.seen:${session.user?.id}`, "3.24.0");
  });
  await page.reload();
  const dialog = page.getByRole("dialog", { name: "What's new", exact: true });
  await expect(dialog).toContainText("Release 3.25");
  await expect(dialog).toContainText("3.25.0");
  await page.screenshot({ path: join(shots, "changelog-whats-new.png") });
  await dialog.getByRole("button", { name: "Got it", exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.reload();
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeVisible();
  await page.waitForTimeout(500);
  await expect(dialog).toBeHidden();

  // The usage page, for instance admins only.
  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Usage", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Usage", level: 1 })).toBeVisible();
  await expect(page.getByText("Active users, last 7 days")).toBeVisible();
  await expect(
    page
      .getByRole("cell", { name: "/dashboard/admin/usage", exact: true })
      .or(page.getByText("/dashboard/chat")),
  ).not.toHaveCount(0);
  await page.screenshot({ path: join(shots, "changelog-admin-usage.png"), fullPage: true });
});

test("someone who is not an admin has no usage entry and the page refuses them", async ({
  signedIn: page,
}) => {
  await expect(
    page
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "Usage", exact: true }),
  ).toHaveCount(0);
  await page.goto("/dashboard/admin/usage");
  await expect(page.getByText("Only administrators of this instance can see usage.")).toBeVisible();
});
