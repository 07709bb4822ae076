import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

test("the sidebar collapses with Ctrl+B and stays collapsed after a reload", async ({ signedIn: page }) => {
  const sidebar = page.locator("[data-sidebar='sidebar']").first();
  await expect(sidebar).toHaveAttribute("data-state", "expanded");
  await page.screenshot({ path: join(shots, "shell-light.png") });
  await page.keyboard.press("Control+b");
  await expect(sidebar).toHaveAttribute("data-state", "collapsed");
  await page.reload();
  await expect(page.locator("[data-sidebar='sidebar']").first()).toHaveAttribute("data-state", "collapsed");
  await page.screenshot({ path: join(shots, "shell-collapsed.png") });
  await page.getByRole("button", { name: "Toggle sidebar", exact: true }).click();
  await expect(page.locator("[data-sidebar='sidebar']").first()).toHaveAttribute("data-state", "expanded");
});

test("the theme toggles between light (default) and dark and is remembered", async ({ signedIn: page }) => {
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(page.getByText("AI Platform")).toBeVisible();
  await page.screenshot({ path: join(shots, "shell-dark.png") });
  await page.getByRole("button", { name: "Toggle theme", exact: true }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
});

test("sign-out in one browser ends the session in another", async ({ signedIn: first, account, browser }) => {
  const second = await browser.newContext({ baseURL: process.env.TESSERA_E2E_URL });
  const other = await second.newPage();
  await other.goto("/auth");
  await other.getByLabel("Email", { exact: true }).fill(account.email);
  await other.getByLabel("Password", { exact: true }).fill(account.password);
  await other.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(other).toHaveURL(/\/dashboard\/chat$/);

  await first.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(first).toHaveURL(/\/auth$/);

  await other.reload();
  await expect(other).toHaveURL(/\/auth$/);
  const stored = await other.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("auth")));
  expect(stored).toEqual([]);
  await second.close();
});

test("unknown paths show the 404 page", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Go Back", exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, "not-found.png") });
  await page.getByRole("link", { name: "Go to Homepage", exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test("the auth page looks finished", async ({ page }) => {
  await page.goto("/auth?accept=invite-123");
  await expect(page.getByText(/invited/i)).toBeVisible();
  await expect(page.getByRole("link", { name: "Terms of Service", exact: true })).toHaveAttribute(
    "href",
    "/terms",
  );
  await expect(page.getByRole("link", { name: "Privacy Policy", exact: true })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await page.screenshot({ path: join(shots, "auth.png") });
});

test("a chat page loaded by its address fetches its route code with the page, each file once", async ({
  signedIn: page,
  browser,
}) => {
  // A context of its own with the worker blocked: the offline shell's index.html lists no route code.
  const state = await page.context().storageState();
  const context = await browser.newContext({
    baseURL: process.env.TESSERA_E2E_URL,
    storageState: state,
    serviceWorkers: "block",
  });
  const cold = await context.newPage();
  const warnings: string[] = [];
  cold.on("console", (m) => {
    if (/preload/i.test(m.text())) warnings.push(m.text());
  });
  const requests: string[] = [];
  cold.on("request", (r) => requests.push(new URL(r.url()).pathname));

  // The route's files: those in the chat's HTML and not in a page's that names none.
  const linksIn = async (path: string) =>
    [
      ...(await (await cold.request.get(path)).text()).matchAll(
        /<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)">/g,
      ),
    ].map((m) => m[1]!);
  const plain = new Set(await linksIn("/dashboard/compare"));
  const routeFiles = (await linksIn("/dashboard/chat")).filter((href) => !plain.has(href));
  expect(routeFiles.some((href) => /\/chat-route-[\w-]+\.js$/.test(href))).toBe(true);
  expect(routeFiles.some((href) => href.endsWith(".css"))).toBe(true);

  await cold.goto("/dashboard/chat");
  await expect(cold.getByRole("textbox", { name: "Message" })).toBeVisible();
  await cold.waitForLoadState("networkidle");
  // Each asked for once, and by the page's own links, before its code has run and asked anything of
  // the API (the router asks for the route's code only after the session check has begun). Once: the
  // links' requests match the router's (module, CORS), so the browser does not fetch them again.
  const firstApiCall = requests.findIndex((path) => path.startsWith("/api/"));
  expect(firstApiCall).toBeGreaterThan(0);
  for (const href of routeFiles) {
    expect(
      requests.filter((path) => path === href),
      href,
    ).toHaveLength(1);
    expect(requests.indexOf(href), href).toBeLessThan(firstApiCall);
  }
  expect(warnings).toEqual([]);
  await context.close();
});
