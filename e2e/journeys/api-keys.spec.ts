// Account → API keys: a key made in the browser opens the OpenAI-compatible API, and revoked there it
// stops working at once.
import { expect, setPlan, test } from "../support/fixtures";

test("an API key is made, used against /v1 and revoked from the account page", async ({
  signedIn: page,
  account,
}) => {
  await setPlan(account.email, "max");
  await page.goto("/dashboard/account");
  const keys = page.getByRole("region", { name: "API keys" });
  await keys.getByLabel("Key name").fill("Journey script");
  await keys.getByRole("button", { name: "Create key" }).click();
  const shown = keys.getByLabel("New API key");
  await expect(shown).toHaveText(/^tsr_/);
  const key = (await shown.textContent())!;
  await expect(keys.getByRole("listitem", { name: "Journey script" })).toContainText(key.slice(0, 10));
  await page.screenshot({ path: ".artifacts/screenshots/account-api-keys.png", fullPage: true });

  const headers = { authorization: `Bearer ${key}` };
  const models = await page.request.get("/v1/models", { headers });
  expect(models.status()).toBe(200);
  const ids = ((await models.json()) as { data: { id: string }[] }).data.map((m) => m.id);
  expect(ids).toContain("tessera-local");
  const answer = await page.request.post("/v1/chat/completions", {
    headers,
    data: { model: "tessera-local", messages: [{ role: "user", content: "What is Tessera?" }] },
  });
  expect(answer.status()).toBe(200);
  expect(
    ((await answer.json()) as { choices: { message: { content: string } }[] }).choices[0]!.message.content,
  ).not.toBe("");

  await keys.getByRole("button", { name: "Done" }).click();
  await keys.getByRole("button", { name: "Revoke Journey script" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
  await expect(keys.getByText("No keys yet.")).toBeVisible();
  expect((await page.request.get("/v1/models", { headers })).status()).toBe(401);
});
