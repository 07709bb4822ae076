import { expect, newAccount, signUpAndVerify, test } from "../support/fixtures";
import { waitForMailLink } from "../support/mail";

test("sign up in the form, verify from the mail, land signed in on the chat shell", async ({ page }) => {
  const account = newAccount("signup");
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Create Account", exact: true }).click();
  await page.getByLabel("Full Name", { exact: true }).fill(account.name);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.locator("form").getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(page.getByText("Account created!")).toBeVisible();

  const link = await waitForMailLink(account.email, /Confirm your Tessera account/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId("user-email")).toHaveText(account.email);
  await expect(page.getByText("AI Platform")).toBeVisible();
  await expect(page).toHaveTitle("AI Chat | Tessera");
});

test("a wrong password shows 'Sign in failed' and the inline alert", async ({ page }) => {
  const account = newAccount("wrongpw");
  await signUpAndVerify(page, account);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill("not the password at all");
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Sign in failed")).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: /invalid email or password/i })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("an unverified account is refused with a clear message", async ({ page }) => {
  const account = newAccount("unverified");
  const res = await page.request.post("/api/auth/sign-up/email", {
    data: { email: account.email, password: account.password, name: account.name, callbackURL: "/" },
    headers: { origin: process.env.TESSERA_E2E_URL! },
  });
  expect(res.status()).toBe(200);
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: /not verified/i })).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  await page.getByRole("button", { name: "Resend verification", exact: true }).click();
  await expect(page.getByText("Verification email sent")).toBeVisible();
  await waitForMailLink(account.email, /Confirm your Tessera account/);
});

test("a protected page sends a stranger to /auth, and a signed-in visitor of /auth goes to chat", async ({
  page,
  account,
}) => {
  await page.goto("/dashboard/chat");
  await expect(page).toHaveURL(/\/auth$/);
  await signUpAndVerify(page, account);
  await page.goto("/auth");
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
});
