import * as OTPAuth from "otpauth";
import { expect, test } from "../support/fixtures";

test("enrol in two-factor with the QR secret, then sign in with a code", async ({
  signedIn: page,
  account,
}) => {
  await page.goto("/dashboard/account");
  await expect(page.getByTestId("two-factor-status")).toHaveText("Disabled");
  await page.getByRole("button", { name: "Enable two-factor", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Password", { exact: true }).fill(account.password);
  await dialog.getByRole("button", { name: "Continue", exact: true }).click();

  await expect(
    page
      .locator("svg")
      .filter({ has: page.locator("title", { hasText: "QR code for your authenticator app" }) }),
  ).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    issuer: "Tessera",
    digits: 6,
    period: 30,
  });
  const usedCode = totp.generate();
  await page.getByLabel("Authentication code", { exact: true }).fill(usedCode);
  await page.getByRole("button", { name: "Confirm", exact: true }).click();
  await expect(page.getByText("Two-factor authentication enabled")).toBeVisible();
  await expect(page.getByTestId("two-factor-status")).toHaveText("Enabled");

  await page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel("Email", { exact: true }).fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByLabel("Authentication code", { exact: true })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("auth")))).toEqual([]);

  // A code is good once: wait for the next 30-second window before signing in with one.
  await expect.poll(() => totp.generate(), { timeout: 35_000, intervals: [1000] }).not.toBe(usedCode);
  await page.getByLabel("Authentication code", { exact: true }).fill(totp.generate());
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId("user-email")).toHaveText(account.email);
});
