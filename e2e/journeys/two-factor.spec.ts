import * as OTPAuth from "otpauth";
import { expect, test } from "../support/fixtures";

test("enrol in two-factor with the QR secret, then sign in with a code", async ({
  signedIn: page,
  account,
}) => {
  await page.goto("/dashboard/account");
  await page.getByRole("button", { name: /Enable two-factor/i }).click();
  await page.getByLabel("Password").fill(account.password);
  await page
    .getByRole("button", { name: /Continue|Enable/ })
    .last()
    .click();

  await expect(
    page
      .locator("svg")
      .filter({ has: page.locator("path") })
      .first(),
  ).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  const totp = new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    issuer: "Tessera",
    digits: 6,
    period: 30,
  });
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Two-factor authentication enabled")).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.locator("form").getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByLabel("Authentication code")).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes("auth")))).toEqual([]);
  await page.getByLabel("Authentication code").fill(totp.generate());
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByText(account.email)).toBeVisible();
});
