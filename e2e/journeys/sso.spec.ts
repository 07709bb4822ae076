// Company sign-in in the browser against a real OpenID provider on loopback (oidc-provider): the
// instance admin sets it up on Admin → Sign-in, then people sign in through the provider's own login
// and consent pages. The first sign-in makes the account and the second finds it; the admin claim
// makes an admin; an address outside the allowed domains is sent back with the reason.
// The provider is on loopback, which an instance reaches only with OUTBOUND_ALLOW_PRIVATE (tests and
// development): this journey runs its own server with it, so the other journeys keep theirs closed.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, openSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";
import { startOidcProvider } from "../../apps/server/src/test/oidc-provider";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

const ADMIN = { email: "owner@tessera.test", password: "owner-password-long-enough", name: "Instance Owner" };
const CLIENT = { id: "tessera-journey", secret: `secret-${randomBytes(12).toString("hex")}` };
const ACCOUNTS = {
  ada: {
    email: "ada@acme.test",
    email_verified: true,
    name: "Ada Admin",
    groups: ["staff", "tessera-admins"],
  },
  bob: { email: "bob@acme.test", email_verified: true, name: "Bob Builder", groups: ["staff"] },
  eve: { email: "eve@elsewhere.test", email_verified: true, name: "Eve Elsewhere" },
};

let url = "";
let server: ChildProcess | undefined;
let logFile = "";
let idp: Awaited<ReturnType<typeof startOidcProvider>> | undefined;

function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => done(port));
    });
  });
}

/** The confirmation link the server wrote to its log (it has no mail server). */
async function linkFromLog(to: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    for (const line of readFileSync(logFile, "utf8").split("\n").reverse()) {
      if (!line.includes('"mail.outbox"')) continue;
      const entry = JSON.parse(line) as { to?: string; link?: string };
      if (entry.to === to && entry.link) return entry.link;
    }
    if (Date.now() > deadline) throw new Error(`no confirmation link for ${to} in ${logFile}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const port = await freePort();
  url = `http://127.0.0.1:${port}`;
  idp = await startOidcProvider({
    accounts: ACCOUNTS,
    redirectUris: [`${url}/api/auth/callback/sso`],
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    host: "localhost",
  });
  const work = mkdtempSync(join(tmpdir(), "tessera-e2e-sso-"));
  logFile = join(work, "server.log");
  const out = openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    DATA_DIR: join(work, "data"),
    LOG_LEVEL: "info",
    RATE_LIMIT_SIGN_IN: "200",
    RATE_LIMIT_SIGN_UP: "200",
    OUTBOUND_ALLOW_PRIVATE: "true",
  };
  for (const key of ["DATABASE_URL", "REDIS_URL", "SMTP_URL", "ADMIN_EMAILS"]) delete env[key];
  server = spawn(process.execPath, [resolve(import.meta.dirname, "../../apps/server/dist/main.js")], {
    env,
    stdio: ["ignore", out, out],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}; see ${logFile}`);
    const healthy = await fetch(`${url}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy) break;
    if (Date.now() > deadline) throw new Error(`server did not become healthy; see ${logFile}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  // The instance's first account is its admin: signed up and confirmed through the API.
  const headers = { "content-type": "application/json", origin: url };
  const signUp = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers,
    body: JSON.stringify({ ...ADMIN, callbackURL: "/" }),
  });
  expect(signUp.ok).toBe(true);
  await fetch(await linkFromLog(ADMIN.email), {
    redirect: "manual",
    headers: { cookie: signUp.headers.get("set-cookie")?.split(";")[0] ?? "" },
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((r) => server?.once("exit", r));
  }
  await idp?.close();
});

/** Through the provider's own pages: its login form (the account id, any password), then consent. */
async function signInWithProvider(page: Page, login: string, button: string) {
  await page.goto(`${url}/auth`);
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(new RegExp(`^${idp!.issuer}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password at all");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
}

/** A fresh browser at the desktop size the screenshots are taken at. */
const freshPage = async (browser: Browser) =>
  (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();

test("the admin sets up company sign-in on Admin → Sign-in", async ({ browser }) => {
  const page = await freshPage(browser);
  await page.goto(`${url}/auth`);
  // Nothing configured yet: no SSO button.
  await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /SSO|Acme ID/ })).toHaveCount(0);
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Sign-in", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Sign-in", level: 1 })).toBeVisible();
  await expect(page.getByText("Company sign-in is off")).toBeVisible();
  await expect(page.getByText(`${url}/api/auth/callback/sso`)).toBeVisible();
  const form = page.getByRole("form", { name: "OpenID Connect provider" });
  await form.getByLabel("Issuer URL").fill(idp!.issuer);
  await form.getByLabel("Client ID").fill(CLIENT.id);
  await form.getByLabel("Client secret").fill(CLIENT.secret);
  await form.getByLabel("Button label").fill("Sign in with Acme ID");
  await form.getByLabel("Allowed email domains").fill("acme.test");
  await form.getByLabel("Claim", { exact: true }).fill("groups");
  await form.getByLabel("Value", { exact: true }).fill("tessera-admins");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Company sign-in is on")).toBeVisible();
  await expect(form.getByText("Leave empty to keep the secret already saved.")).toBeVisible();
  await page.getByRole("heading", { name: "Sign-in", level: 1 }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(shots, "admin-sign-in.png") });
  // The secret is on no page: not this one after saving, not in what it loaded.
  expect(await page.content()).not.toContain(CLIENT.secret);
  await page.context().close();
});

test("the first sign-in makes the account, the admin claim makes an admin, the second finds it", async ({
  browser,
}) => {
  // Three whole sign-ins through the provider's pages: on a busy machine, more than one test's minute.
  test.setTimeout(150_000);
  const page = await freshPage(browser);
  await page.goto(`${url}/auth`);
  await expect(page.getByRole("button", { name: "Sign in with Acme ID" })).toBeVisible();
  await page.screenshot({ path: join(shots, "auth-sso-button.png") });

  await signInWithProvider(page, "ada", "Sign in with Acme ID");
  await expect(page).toHaveURL(/\/dashboard\/chat/);
  // An admin by the provider's groups claim: the admin pages are in the sidebar.
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await expect(nav.getByRole("link", { name: "Sign-in", exact: true })).toBeVisible();
  await page.context().close();

  const again = await freshPage(browser);
  await signInWithProvider(again, "ada", "Sign in with Acme ID");
  await expect(again).toHaveURL(/\/dashboard\/chat/);
  // One account for Ada, whichever sign-in: the admin console lists her once.
  const readToken = () =>
    again.evaluate(
      () =>
        (JSON.parse(localStorage.getItem("tessera.auth.session") ?? "{}") as { token?: string }).token ?? "",
    );
  // The app adopts the provider sign-in's session as its bearer token once it has loaded.
  await expect.poll(readToken).not.toBe("");
  const res = await fetch(`${url}/api/admin/users?q=ada%40acme.test`, {
    headers: { authorization: `Bearer ${await readToken()}` },
  });
  expect(res.status).toBe(200);
  const users = (await res.json()) as { users: { email: string; role: string }[] };
  expect(users.users.filter((u) => u.email === "ada@acme.test")).toHaveLength(1);
  await again.context().close();

  const bob = await freshPage(browser);
  await signInWithProvider(bob, "bob", "Sign in with Acme ID");
  await expect(bob).toHaveURL(/\/dashboard\/chat/);
  await expect(
    bob
      .getByRole("navigation", { name: "Main", exact: true })
      .getByRole("link", { name: "Sign-in", exact: true }),
  ).toHaveCount(0);
  await bob.context().close();
});

test("an address outside the allowed domains is sent back with the reason", async ({ browser }) => {
  const page = await freshPage(browser);
  await signInWithProvider(page, "eve", "Sign in with Acme ID");
  await expect(page).toHaveURL(/\/auth\?error=sso_domain_not_allowed/);
  await expect(page.getByRole("alert")).toContainText("not at a domain allowed to sign in here");
  await page.screenshot({ path: join(shots, "auth-sso-refused.png") });
  await page.context().close();
  // Nor is the client secret in any line the server logged, through every sign-in above.
  expect(readFileSync(logFile, "utf8")).not.toContain(CLIENT.secret);
});
