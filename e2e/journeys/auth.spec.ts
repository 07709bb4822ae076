import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { AUTH_STORAGE_KEY, bearer, expect, newAccount, signUpAndVerify, test } from "../support/fixtures";
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

test("an unverified account is refused as a wrong password is, with the way to confirm it", async ({
  page,
}) => {
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
  await expect(
    page.getByRole("alert").filter({ hasText: /open the link we mailed you first/i }),
  ).toBeVisible();
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

test("registering someone's address first gains the attacker nothing", async ({ page, browser }) => {
  const victim = newAccount("victim");
  const origin = process.env.TESSERA_E2E_URL!;
  // 1. The attacker, in a browser of their own, signs up with the victim's address and never verifies.
  const attacker = await browser.newContext({ baseURL: origin });
  const taken = await attacker.request.post("/api/auth/sign-up/email", {
    data: { email: victim.email, password: "the attacker's password", name: "Attacker", callbackURL: "/" },
    headers: { origin },
  });
  expect(taken.status()).toBe(200);
  // 2. The victim signs up in the form, which answers as for any new address.
  await page.goto("/auth");
  await page.getByRole("tab", { name: "Create Account", exact: true }).click();
  await page.getByLabel("Full Name", { exact: true }).fill(victim.name);
  await page.getByLabel("Email", { exact: true }).fill(victim.email);
  await page.getByLabel("Password", { exact: true }).fill(victim.password);
  await page.locator("form").getByRole("button", { name: "Create Account", exact: true }).click();
  await expect(page.getByText("Account created!")).toBeVisible();
  // 3. "Resend verification", and the link from the newest mail: the victim is signed in, to their own account.
  await page.getByRole("tab", { name: "Sign In", exact: true }).click();
  await page.getByLabel("Email", { exact: true }).fill(victim.email);
  await page.getByRole("button", { name: "Resend verification", exact: true }).click();
  await expect(page.getByText("Verification email sent")).toBeVisible();
  await page.goto(await waitForMailLink(victim.email, /Confirm your Tessera account/));
  await expect(page).toHaveURL(/\/dashboard\/chat$/);
  await expect(page.getByTestId("user-email")).toHaveText(victim.email);
  // 4. The victim's password works from then on; the attacker's does not.
  const signIn = (password: string) =>
    attacker.request.post("/api/auth/sign-in/email", {
      data: { email: victim.email, password },
      headers: { origin },
    });
  expect((await signIn("the attacker's password")).status()).toBe(401);
  expect((await signIn(victim.password)).status()).toBe(200);
  await attacker.close();
});

test("a page at another address cannot sign anyone out, by link or by form", async ({
  signedIn: page,
  account,
}) => {
  const tessera = new URL(process.env.TESSERA_E2E_URL!);
  // The same host on another port: another origin but the same site, so the session cookie goes along.
  const elsewhere = createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(
      req.url === "/form"
        ? `<form id="f" method="post" action="${tessera.origin}/api/auth/sign-out"></form><script>f.submit()</script>`
        : `<script>location = "${tessera.origin}/api/auth/sign-out"</script>`,
    );
  });
  await new Promise<void>((resolve) => elsewhere.listen(0, tessera.hostname, resolve));
  const other = `http://${tessera.hostname}:${(elsewhere.address() as AddressInfo).port}`;
  try {
    const headers = await bearer(page);
    for (const path of ["/link", "/form"]) {
      const landed = page.waitForURL((url) => url.pathname === "/api/auth/sign-out");
      await page.goto(`${other}${path}`);
      await landed;
    }
    const profile = await page.request.get("/api/profile", { headers });
    expect(profile.status()).toBe(200);
    await page.goto("/dashboard/chat");
    await expect(page.getByTestId("user-email")).toHaveText(account.email);
    const stored = await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY);
    expect(stored).toContain(account.email);
  } finally {
    await new Promise((resolve) => elsewhere.close(resolve));
  }
});
