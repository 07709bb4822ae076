// The Model Comparison dialog, open on the page: its prompt written and its models ticked, ready for
// Compare Models (the journeys press it themselves, some watching the cards as they do).
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

export async function fillComparison(
  page: Page,
  prompt: string,
  models: readonly string[],
  { blind = false } = {},
): Promise<Locator> {
  const dialog = page.getByRole("dialog", { name: "Model Comparison", exact: true });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Prompt", exact: true }).fill(prompt);
  for (const name of models) await dialog.getByRole("checkbox", { name, exact: true }).check();
  if (blind) await dialog.getByRole("switch", { name: "Blind mode", exact: true }).click();
  return dialog;
}
