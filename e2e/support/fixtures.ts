// Journeys start signed in: `account` is a fresh user who signed up through the real API, opened the
// verification link from the mail in the browser and landed on the chat shell.
import { randomBytes } from "node:crypto";
import { test as base, expect, type Page } from "@playwright/test";
import { waitForMailLink } from "./mail";

export interface Account {
  email: string;
  password: string;
  name: string;
}

export function newAccount(prefix = "user"): Account {
  const id = randomBytes(4).toString("hex");
  return {
    email: `${prefix}-${id}@example.com`,
    password: `pw-${id}-long-enough`,
    name: `Test ${prefix} ${id}`,
  };
}

export async function signUpAndVerify(page: Page, account: Account): Promise<void> {
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email: account.email, password: account.password, name: account.name, callbackURL: "/" },
    headers: { origin: process.env.TESSERA_E2E_URL! },
  });
  expect(res.status()).toBe(200);
  const link = await waitForMailLink(account.email, /Confirm your Tessera account/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId("user-email")).toHaveText(account.email);
}

/** Where the web app keeps its session (the contracts' AUTH_STORAGE_KEY). */
export const AUTH_STORAGE_KEY = "tessera.auth.session";

/** The API takes the bearer token the app keeps for the signed-in person, not a cookie. */
export async function bearer(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(
    (key) => (JSON.parse(localStorage.getItem(key) ?? "{}") as { token?: string }).token,
    AUTH_STORAGE_KEY,
  );
  expect(token, "the signed-in session's token").toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

/** Puts an account on a plan the way an instance admin does (PUT /api/admin/plans). */
export async function setPlan(email: string, plan: "core" | "pro" | "max" | "team"): Promise<void> {
  const res = await fetch(`${process.env.TESSERA_E2E_URL}/api/admin/plans`, {
    method: "PUT",
    headers: {
      authorization: `Bearer ${process.env.TESSERA_E2E_ADMIN_TOKEN}`,
      "content-type": "application/json",
    },
    body: JSON.stringify({ email, plan }),
  });
  expect(res.status).toBe(200);
}

export const test = base.extend<{ account: Account; signedIn: Page; pageErrors: string[] }>({
  // Every journey fails on an uncaught page error or a CSP violation (the browser reports both).
  // Responses with an error status are logged by the browser as "Failed to load resource"; those are expected.
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error" && !m.text().startsWith("Failed to load resource"))
          errors.push(`console: ${m.text()}`);
      });
      await use(errors);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixture's dependencies from this pattern
  account: async ({}, use) => {
    await use(newAccount());
  },
  signedIn: async ({ page, account }, use) => {
    await signUpAndVerify(page, account);
    await use(page);
  },
});

/** Chooses the chat's model in the model picker by the start of its name. */
export async function chooseModel(page: Page, name: string): Promise<void> {
  await page.getByRole("button", { name: /^Choose model: / }).click();
  const picker = page.getByRole("dialog", { name: "Select AI Model", exact: true });
  await picker.getByRole("button", { name: new RegExp(`^${name}`) }).click();
  await expect(picker).toBeHidden();
}

export { expect };
