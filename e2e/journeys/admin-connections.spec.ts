// Admin → Connections against the built app: the instance admin connects the loopback model server
// from the page (with a key), tests it and sees its models, adds one to the catalogue, chats with
// it, switches the connection off and reads "Not enabled on this server". The key is on no page
// and in no line of the server's log.
import { randomBytes } from "node:crypto";
import { readFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { chooseModel, expect, test } from "../support/fixtures";
import { ALPHA_TEXT } from "../support/e2e-models";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The instance's first account, made by support/global-setup.ts.
const ADMIN = { email: "admin@tessera.test", password: "admin-password-long-enough" };
const KEY = `sk-e2e-${randomBytes(12).toString("hex")}`;
const NAME = `Loopback models ${randomBytes(2).toString("hex")}`;
const MODEL = "Loopback Alpha";

/**
 * The server global-setup started, under another name for the same address: environment and page
 * then keep one connection each, and the journeys beside this one keep their local/ models.
 */
const address = () => process.env.TESSERA_E2E_MODELS_URL!.replace("127.0.0.1", "localhost");

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${process.env.TESSERA_E2E_URL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${process.env.TESSERA_E2E_ADMIN_TOKEN}`,
      "content-type": "application/json",
    },
  });

test.afterAll(async () => {
  // What this journey added goes, whatever step it stopped at.
  await api("/api/admin/models/alpha-7b", { method: "DELETE" });
  const { connections } = (await (await api("/api/admin/connections")).json()) as {
    connections: { id: string; name: string }[];
  };
  for (const c of connections.filter((x) => x.name === NAME))
    await api(`/api/admin/connections/${c.id}`, { method: "DELETE" });
});

test("an admin connects a model server, tests it, chats with its model and switches it off", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Connections", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: "Connections", level: 1 })).toBeVisible();
  // The environment's model server is shown as such, read-only.
  await expect(page.getByText("Set by the server's environment").first()).toBeVisible();

  await page.getByRole("button", { name: "Add connection", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Service").click();
  await page.getByRole("option", { name: "OpenAI-compatible server", exact: true }).click();
  await dialog.getByLabel("Name").fill(NAME);
  await dialog.getByLabel("Address").fill(address());
  await dialog.getByLabel("API key (optional)").fill(KEY);
  await dialog.getByRole("button", { name: "Test and connect" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const row = page.getByRole("listitem", { name: NAME });
  await expect(row.getByText("In use", { exact: true })).toBeVisible();
  await expect(row.getByText(`Key ending in ${KEY.slice(-4)}`)).toBeVisible();
  await row.getByRole("button", { name: "Test", exact: true }).click();
  const result = row.getByRole("status");
  // What global-setup serves: the two answering models, the hostile, the long and the tool-calling ones.
  await expect(result).toContainText("It works. It lists 7 models.", { timeout: 30_000 });
  await expect(result.getByText("alpha-7b", { exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, "admin-connections-tested.png"), fullPage: true });

  await row.getByRole("button", { name: "Models", exact: true }).click();
  const models = page.getByRole("dialog", { name: `Models on ${NAME}` });
  await models.getByLabel("Search models").fill("alpha");
  await models.getByRole("button", { name: "Add alpha-7b", exact: true }).click();
  await models.getByLabel("Display name").fill(MODEL);
  await models.getByRole("button", { name: "Add to catalogue" }).click();
  await expect(models.getByText("In the catalogue")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(models).toBeHidden();

  // The key is on no page: not here, and not in the catalogue's or the dialog's markup.
  expect(await page.content()).not.toContain(KEY);

  await page.goto("/dashboard/chat");
  await chooseModel(page, MODEL);
  await page.getByRole("textbox", { name: "Message" }).fill("What is recursion?");
  await page.keyboard.press("Enter");
  await expect(page.getByText(ALPHA_TEXT)).toBeVisible({ timeout: 30_000 });

  await page.goto("/dashboard/admin/connections");
  await page
    .getByRole("listitem", { name: NAME })
    .getByRole("switch", { name: `${NAME} switched on` })
    .click();
  await expect(page.getByRole("listitem", { name: NAME }).getByText("Off", { exact: true })).toBeVisible();

  await page.goto("/dashboard/chat");
  await page.getByRole("button", { name: /^Choose model: / }).click();
  const picker = page.getByRole("dialog", { name: "Select AI Model", exact: true });
  const card = picker.getByRole("button", { name: new RegExp(`^${MODEL}`) });
  await expect(card).toBeDisabled();
  await expect(card).toContainText("Not enabled on this server.");
  // The admin is shown where to connect it.
  await expect(picker.getByRole("link", { name: "Connect" }).first()).toHaveAttribute(
    "href",
    "/dashboard/admin/connections",
  );
  await page.screenshot({ path: join(shots, "admin-connections-switched-off.png") });

  expect(await page.content()).not.toContain(KEY);
  expect(readFileSync(process.env.TESSERA_E2E_SERVER_LOG!, "utf8")).not.toContain(KEY);
});
