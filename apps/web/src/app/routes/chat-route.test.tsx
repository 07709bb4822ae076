import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { messageBox, openChat } from "@/features/chat/components/chat-test-steps";
import { emailWriter, myPrompt } from "@/features/prompts/components/prompt-test-steps";
import { json } from "@/testing/fetch-stub";

const prompts = {
  "GET /api/prompts": () => json([emailWriter, myPrompt]),
  [`POST /api/prompts/${emailWriter.id}/use`]: () => json({ ...emailWriter, usageCount: 1251 }),
};

describe("chat with the prompt library", () => {
  it("the library button opens the library; a used prompt fills the message box and takes focus", async () => {
    const { user } = await openChat("/dashboard/chat", prompts);
    const button = screen.getByRole("button", { name: "Prompt library" });
    expect(button.getAttribute("aria-disabled")).toBeNull();
    await user.click(button);

    const dialog = await screen.findByRole("dialog", { name: "Prompt Library" });
    const email = await within(dialog).findByRole("article", { name: "Email Writer" });
    await user.click(within(email).getByRole("button", { name: "Use Prompt" }));
    await user.type(within(dialog).getByRole("textbox", { name: "tone" }), "warm");
    await user.type(within(dialog).getByRole("textbox", { name: "recipient" }), "Grace");
    await user.type(within(dialog).getByRole("textbox", { name: "topic" }), "the launch");
    await user.click(within(dialog).getByRole("button", { name: "Use Prompt" }));

    await waitFor(() =>
      expect(messageBox()).toHaveProperty("value", "Write a warm email to Grace about the launch."),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(messageBox()));
    expect(await screen.findByText("Prompt selected")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Send" })).toHaveProperty("disabled", false);
  });
});
