import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json } from "@/testing/fetch-stub";
import { card, codeReviewer, emailWriter, myPrompt, openLibrary } from "./prompt-test-steps";

const used = (prompt: typeof emailWriter) => () => json({ ...prompt, usageCount: prompt.usageCount + 1 });

describe("Use Prompt", () => {
  it("asks a value for each placeholder, hands over the filled text, counts the use and closes", async () => {
    const route = `POST /api/prompts/${emailWriter.id}/use`;
    const { user, server, onUse, dialog } = await openLibrary({ [route]: used(emailWriter) });
    await user.click(within(card("Email Writer")).getByRole("button", { name: "Use Prompt" }));

    const tone = within(dialog).getByRole("textbox", { name: "tone" });
    expect(tone).toHaveProperty("value", "");
    expect(document.activeElement).toBe(tone);
    expect(within(dialog).getByRole("textbox", { name: "recipient" })).toHaveProperty("required", true);
    expect(server.callsTo(route)).toHaveLength(0);

    // Every value is needed.
    await user.type(tone, "friendly");
    await user.click(within(dialog).getByRole("button", { name: "Use Prompt" }));
    expect(within(dialog).getByRole("alert").textContent).toContain("Fill in recipient, topic first.");
    expect(server.callsTo(route)).toHaveLength(0);

    await user.type(within(dialog).getByRole("textbox", { name: "recipient" }), "the team");
    await user.type(within(dialog).getByRole("textbox", { name: "topic" }), "Friday's release");
    expect(within(dialog).getByRole("region", { name: "Preview" }).textContent).toContain(
      "Write a friendly email to the team about Friday's release.",
    );
    await user.click(within(dialog).getByRole("button", { name: "Use Prompt" }));

    await waitFor(() =>
      expect(onUse).toHaveBeenCalledWith("Write a friendly email to the team about Friday's release."),
    );
    expect(onUse).toHaveBeenCalledTimes(1);
    expect(server.callsTo(route)).toHaveLength(1);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByText("Prompt selected")).toBeTruthy();

    // The card shows the server's new count when the library opens again, on its list.
    await user.click(screen.getByRole("button", { name: "Open library" }));
    await screen.findByRole("dialog", { name: "Prompt Library" });
    expect(within(card("Email Writer")).getByText("1,251 uses")).toBeTruthy();
  });

  it("a block placeholder gets a text area, and Back returns to the cards", async () => {
    const { user, dialog } = await openLibrary();
    await user.click(within(card("Code Reviewer")).getByRole("button", { name: "Use Prompt" }));
    expect(within(dialog).getByRole("textbox", { name: "language" }).tagName).toBe("INPUT");
    expect(within(dialog).getByRole("textbox", { name: "code" }).tagName).toBe("TEXTAREA");
    await user.click(within(dialog).getByRole("button", { name: "Back to prompts" }));
    expect(within(dialog).getByRole("article", { name: codeReviewer.title })).toBeTruthy();
  });

  it("a prompt without placeholders is used at once", async () => {
    const route = `POST /api/prompts/${myPrompt.id}/use`;
    const { user, onUse } = await openLibrary({ [route]: used(myPrompt) });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Use Prompt" }));
    await waitFor(() => expect(onUse).toHaveBeenCalledWith(myPrompt.content));
    expect(await screen.findByText("Prompt selected")).toBeTruthy();
  });

  it("keeps the library open and says why when the server refuses", async () => {
    const route = `POST /api/prompts/${myPrompt.id}/use`;
    const { user, onUse, dialog } = await openLibrary({
      [route]: () => apiError(404, "NOT_FOUND", "Prompt not found."),
    });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Use Prompt" }));
    expect(await screen.findByText("Could not use this prompt")).toBeTruthy();
    expect(screen.getByText("Prompt not found.")).toBeTruthy();
    expect(dialog.isConnected).toBe(true);
    expect(onUse).not.toHaveBeenCalled();
  });
});
