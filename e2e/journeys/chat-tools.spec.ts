// Tools in chat against the built app: a person switches tools on in the composer's Tools popover and
// a loopback model calls them. The built-in clock runs at once and shows as a step (tool, input,
// output, time), also after a reload mid-answer; the loopback MCP server's echo asks first, and
// Approve lets the answer go on with its output while Deny has the answer say it was not allowed, a
// reload while it waits shows the card again and Approve there finishes the answer, and Stop while it
// waits ends the answer with the call stopped.
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { CLOCK_MODEL, ECHO_INPUT, ECHO_MODEL } from "../support/e2e-models";
import { chooseModel, expect, test } from "../support/fixtures";
import { startMcpServer } from "../support/mcp-server";

const shots = join(import.meta.dirname, "../.artifacts/screenshots");
mkdirSync(shots, { recursive: true });

// The name the model sees is `<server>__echo`; the e2e model calls whatever tool ends in `__echo`.
const SERVER = `journey-${randomBytes(2).toString("hex")}`;
// The card names the tool as its server calls it, and the server.
const approveEcho = new RegExp(`^Approve echo · ${SERVER}\\?$`);

const admin = (path: string, init: RequestInit = {}) =>
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
  // Added the way Admin → Tools adds it (that page has its own journey); its tools ask first.
  const res = await admin("/api/admin/mcp-servers", {
    method: "POST",
    body: JSON.stringify({ name: SERVER, transport: "streamable-http", url: mcp.streamableUrl }),
  });
  expect(res.status).toBe(201);
});
test.afterAll(async () => {
  const servers = (await (await admin("/api/admin/mcp-servers")).json()) as { id: string; name: string }[];
  for (const s of servers.filter((x) => x.name === SERVER))
    await admin(`/api/admin/mcp-servers/${s.id}`, { method: "DELETE" });
  await mcp?.close();
});

async function ask(page: Page, prompt: string) {
  const box = page.getByRole("textbox", { name: "Message", exact: true });
  await box.fill(prompt);
  await box.press("Enter");
}

/** Opens the composer's Tools popover and switches on the tool whose label starts with `label`. */
async function switchOn(page: Page, label: RegExp, screenshot?: string) {
  await page.getByRole("button", { name: /^Tools/ }).click();
  const popover = page.getByRole("dialog").filter({ hasText: "Tools for this chat" });
  await expect(popover).toBeVisible();
  await expect(popover.getByText("The model may call the tools you switch on.")).toBeVisible();
  const toggle = popover.getByRole("switch", { name: label });
  await expect(toggle).toBeEnabled({ timeout: 10_000 });
  await toggle.click();
  await expect(toggle).toBeChecked();
  if (screenshot) await page.screenshot({ path: join(shots, screenshot) });
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(page.getByRole("button", { name: "Tools: 1 on", exact: true })).toBeVisible();
}

test("the built-in clock shows as a step with its input, output and time, also after a reload mid-answer", async ({
  signedIn: page,
}) => {
  test.slow(); // a long answer and a reload
  await chooseModel(page, CLOCK_MODEL);
  await switchOn(page, /^Current time/, "chat-tools-popover.png");
  await ask(page, "What time is it?");

  const answer = page.getByRole("article", { name: `${CLOCK_MODEL} said`, exact: true }).last();
  const steps = answer.getByRole("list", { name: "Tool calls" });
  const step = steps.getByRole("button", { name: /current_time/ });
  await expect(step).toBeVisible({ timeout: 20_000 });
  await expect(step.getByLabel("Done")).toBeVisible({ timeout: 10_000 });
  await expect(answer).toContainText("Tick 2.", { timeout: 20_000 });
  await expect(page).toHaveURL(/\?conversation=/);

  // Reloaded while the answer is still being written: the call made so far is there, done.
  await page.reload();
  await expect(step).toBeVisible({ timeout: 10_000 });
  await expect(step.getByLabel("Done")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeVisible();
  await expect(answer).toContainText("Tick 80.", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeHidden();
  // The model read the clock's output: the answer quotes it.
  await expect(answer).toContainText("The tool said: ");

  await step.click();
  await expect(step).toHaveAttribute("aria-expanded", "true");
  const opened = steps.getByRole("listitem").first();
  await expect(opened.getByText("Input", { exact: true })).toBeVisible();
  await expect(opened.getByText("{}", { exact: true })).toBeVisible();
  await expect(opened.getByText("Output", { exact: true })).toBeVisible();
  await expect(step).toContainText(/\d+(\.\d)? m?s/);
  const output = (await opened.locator("pre").nth(1).innerText()).trim();
  expect(output.length).toBeGreaterThan(0);
  await expect(answer).toContainText(`The tool said: ${output.slice(0, 20)}`);
  await page.screenshot({ path: join(shots, "chat-tools-step-expanded.png") });

  // The tool stays on for this conversation: the next question asks the model with it again.
  await expect(page.getByRole("button", { name: "Tools: 1 on", exact: true })).toBeVisible();
});

test("an MCP tool asks first: Approve lets the answer go on, Deny has it say so", async ({
  signedIn: page,
}) => {
  test.slow(); // two answers that wait for the person
  await chooseModel(page, ECHO_MODEL);
  // Listed under its server with the name the server gives it.
  const echo = new RegExp(`^${SERVER} · echo Says back`);
  await switchOn(page, echo);

  await ask(page, "Say it back");
  const answers = page.getByRole("article", { name: `${ECHO_MODEL} said`, exact: true });
  const first = answers.nth(0);
  const card = first.getByRole("group", { name: approveEcho });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText("The model wants to use");
  await expect(card).toContainText(ECHO_INPUT);
  await page.screenshot({ path: join(shots, "chat-tools-approval.png") });
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(card).toBeHidden();
  await expect(first).toContainText("Here is what came back.", { timeout: 20_000 });
  await expect(first).toContainText(`The tool said: echo: ${ECHO_INPUT}`);
  const done = first.getByRole("button", { name: /echo/ });
  await expect(done.getByLabel("Done")).toBeVisible();
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeHidden({ timeout: 20_000 });

  await ask(page, "Once more");
  const second = answers.nth(1);
  const again = second.getByRole("group", { name: approveEcho });
  await expect(again).toBeVisible({ timeout: 20_000 });
  await again.getByRole("button", { name: "Deny", exact: true }).click();
  await expect(again).toBeHidden();
  await expect(second).toContainText("The tool said: The person did not allow this call.", {
    timeout: 20_000,
  });
  await expect(second.getByRole("button", { name: /echo/ })).toContainText("Denied");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeHidden({ timeout: 20_000 });

  // Shown again as stored after a reload: the approved call done, the denied one denied.
  await page.reload();
  await expect(first.getByRole("button", { name: /echo/ }).getByLabel("Done")).toBeVisible({
    timeout: 10_000,
  });
  await expect(second.getByRole("button", { name: /echo/ })).toContainText("Denied");
});

test("reloaded while a call waits for approval: the card is back, and Approve there finishes the answer", async ({
  signedIn: page,
}) => {
  await chooseModel(page, ECHO_MODEL);
  await switchOn(page, new RegExp(`^${SERVER} · echo Says back`));
  await ask(page, "Say it back after a reload");
  const answer = page.getByRole("article", { name: `${ECHO_MODEL} said`, exact: true });
  const card = answer.getByRole("group", { name: approveEcho });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await expect(page).toHaveURL(/\?conversation=/);

  await page.reload();
  await expect(card).toBeVisible({ timeout: 10_000 });
  await expect(card).toContainText(ECHO_INPUT);
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeVisible();
  await page.screenshot({ path: join(shots, "chat-tools-approval-after-reload.png") });
  await card.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(card).toBeHidden({ timeout: 10_000 });
  const step = answer.getByRole("button", { name: `echo · ${SERVER}` });
  await expect(step.getByLabel("Done")).toBeVisible({ timeout: 20_000 });
  await expect(answer).toContainText(`The tool said: echo: ${ECHO_INPUT}`, { timeout: 20_000 });
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeHidden({ timeout: 20_000 });
});

test("Stop while a call waits for approval ends the answer and the call, also after a reload", async ({
  signedIn: page,
}) => {
  await chooseModel(page, ECHO_MODEL);
  await switchOn(page, new RegExp(`^${SERVER} · echo Says back`));
  await ask(page, "Say it back, then stop");
  const answer = page.getByRole("article", { name: `${ECHO_MODEL} said`, exact: true });
  const card = answer.getByRole("group", { name: approveEcho });
  await expect(card).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: "Stop", exact: true }).click();
  await expect(card).toBeHidden();
  await expect(answer).toContainText("[Response interrupted]");
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();

  // Stored as stopped: the call never ran and nothing waits for the person any more.
  await page.reload();
  const step = answer.getByRole("button", { name: /echo/ });
  await expect(step).toContainText("Denied", { timeout: 10_000 });
  await expect(card).toBeHidden();
  await step.click();
  await expect(answer.getByText("The call was stopped.", { exact: true })).toBeVisible();
  await expect(answer).not.toContainText("The tool said:");
});
