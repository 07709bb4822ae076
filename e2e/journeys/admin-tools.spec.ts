// Admin → Tools against the built app: the instance admin adds the loopback MCP server from the page
// with a secret header, sees it connected with its four tools, switches one off and the person's
// tools (GET /api/tools) follow. The header's value is on no page once saved.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "../support/fixtures";
import { startMcpServer } from "../support/mcp-server";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The instance's first account, made by support/global-setup.ts.
const ADMIN = { email: "admin@tessera.test", password: "admin-password-long-enough" };
const NAME = `Loopback tools ${randomBytes(2).toString("hex")}`;
const SECRET = `mcp-e2e-${randomBytes(12).toString("hex")}`;

const api = (path: string, init: RequestInit = {}) =>
  fetch(`${process.env.TESSERA_E2E_URL}${path}`, {
    ...init,
    headers: {
      authorization: `Bearer ${process.env.TESSERA_E2E_ADMIN_TOKEN}`,
      "content-type": "application/json",
    },
  });

let mcp: Awaited<ReturnType<typeof startMcpServer>>;
test.beforeAll(async () => {
  mcp = await startMcpServer();
});
test.afterAll(async () => {
  // What this journey added goes, whatever step it stopped at.
  const servers = (await (await api("/api/admin/mcp-servers")).json()) as { id: string; name: string }[];
  for (const s of servers.filter((x) => x.name === NAME))
    await api(`/api/admin/mcp-servers/${s.id}`, { method: "DELETE" });
  await mcp?.close();
});

test("an admin adds an MCP server, sees it connected with its tools and switches one off", async ({
  page,
}) => {
  await page.goto("/auth");
  await page.getByLabel("Email", { exact: true }).fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  await page.locator("form").getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  await page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Tools", exact: true })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/admin\/tools$/);
  await expect(page.getByRole("heading", { name: "Tools", level: 1 })).toBeVisible();

  await page.getByRole("button", { name: "Add MCP server" }).click();
  const form = page.getByRole("form", { name: "Add MCP server" });
  await form.getByLabel("Name").fill(NAME);
  await form.getByLabel("Address").fill(mcp.streamableUrl);
  await form.getByRole("button", { name: "Add header" }).click();
  await form.getByLabel("Header name").fill("Authorization");
  await form.getByLabel("Value of Authorization").fill(`Bearer ${SECRET}`);
  await page.screenshot({ path: join(shots, "admin-tools-add.png") });
  await form.getByRole("button", { name: "Add server" }).click();
  await expect(form).toBeHidden();

  const card = page
    .getByRole("list", { name: "MCP servers" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: NAME }) });
  await expect(card.getByText("Connected · 4 tools")).toBeVisible();
  await expect(card.getByText("Headers set: Authorization")).toBeVisible();
  const tools = card.getByRole("list", { name: `Tools of ${NAME}` });
  await expect(tools.getByRole("listitem")).toHaveCount(4);
  await page.screenshot({ path: join(shots, "admin-tools-connected.png"), fullPage: true });

  const hang = tools.getByRole("switch", { name: "hang" });
  await expect(hang).toBeChecked();
  await hang.click();
  await expect(hang).not.toBeChecked();
  await expect(tools.getByRole("switch", { name: "echo" })).toBeChecked();

  // The person's tools follow: echo is there, hang is not.
  const mine = (await (await api("/api/tools")).json()) as { id: string; server?: string; name: string }[];
  const fromServer = mine.filter((t) => t.server === NAME).map((t) => t.id.split(":").at(-1));
  expect(fromServer).toEqual(["echo", "fail", "huge"]);

  await page.reload();
  await expect(card.getByText("Connected · 4 tools")).toBeVisible();
  await expect(tools.getByRole("switch", { name: "hang" })).not.toBeChecked();
  expect(await page.content()).not.toContain(SECRET);
});
