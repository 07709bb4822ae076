import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { apiError, json, pending } from "@/testing/fetch-stub";
import { allPrompts, card, codeReviewer, emailWriter, openLibrary } from "./prompt-test-steps";

const titles = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole("article")
    .map((a) => within(a).getByRole("heading").textContent);

describe("prompt library", () => {
  it("shows each prompt's title, description, category, two tags and a +N badge, and its usage", async () => {
    const { dialog } = await openLibrary();
    expect(titles(dialog)).toEqual(["Email Writer", "Code Reviewer", "Standup notes", "Haiku maker"]);
    const email = card("Email Writer");
    expect(within(email).getByText("A clear, polite email for any purpose.")).toBeTruthy();
    expect(within(email).getByText("Business")).toBeTruthy();
    expect(within(email).getByText("Built-in")).toBeTruthy();
    const tags = within(email).getByRole("list", { name: "Tags" });
    expect(
      within(tags)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["#email", "#communication", "+1"]);
    expect(within(tags).getByText("+1").getAttribute("title")).toBe("professional");
    expect(within(email).getByText("1,250 uses")).toBeTruthy();
    expect(within(email).getByRole("button", { name: "Copy" })).toBeTruthy();
    expect(within(email).getByRole("button", { name: "Use Prompt" })).toBeTruthy();
    // Two tags or fewer: no badge.
    expect(within(card("Code Reviewer")).queryByText(/^\+\d/)).toBeNull();
  });

  it("marks where a prompt comes from; only the author's own show Edit and Delete", async () => {
    await openLibrary();
    expect(within(card("Standup notes")).getByText("Private")).toBeTruthy();
    expect(within(card("Standup notes")).getByRole("button", { name: "Edit Standup notes" })).toBeTruthy();
    expect(within(card("Standup notes")).getByRole("button", { name: "Delete Standup notes" })).toBeTruthy();
    const shared = card("Haiku maker");
    expect(within(shared).getByText("Shared")).toBeTruthy();
    expect(within(shared).getByText("1 use")).toBeTruthy();
    expect(within(shared).queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
    expect(within(card("Email Writer")).queryByRole("button", { name: /Edit|Delete/ })).toBeNull();
  });

  it("filters by category tab and by search, and says so when nothing matches", async () => {
    const { user, dialog } = await openLibrary();
    const tabs = within(dialog)
      .getAllByRole("tab")
      .map((t) => t.textContent);
    expect(tabs).toEqual(["All", "Writing", "Coding", "Business", "Creative", "Analysis", "Education"]);

    await user.click(within(dialog).getByRole("tab", { name: "Coding" }));
    expect(titles(dialog)).toEqual(["Code Reviewer"]);
    await user.click(within(dialog).getByRole("tab", { name: "Business" }));
    expect(titles(dialog)).toEqual(["Email Writer", "Standup notes"]);

    // The search looks into the text as well: "blockers" is only in Standup notes' content.
    const search = within(dialog).getByRole("searchbox", { name: "Search prompts" });
    await user.type(search, "blockers");
    expect(titles(dialog)).toEqual(["Standup notes"]);
    await user.click(within(dialog).getByRole("tab", { name: "Writing" }));
    expect(titles(dialog)).toEqual([]);
    expect(within(dialog).getByText("No prompts found matching your criteria.")).toBeTruthy();

    await user.click(within(dialog).getByRole("tab", { name: "All" }));
    await user.clear(search);
    await user.type(search, "PROFESSIONAL");
    expect(titles(dialog)).toEqual(["Email Writer"]);
    await user.clear(search);
    await user.type(search, "nothing like this");
    expect(within(dialog).getByText("No prompts found matching your criteria.")).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Show all prompts" }));
    expect(titles(dialog)).toHaveLength(allPrompts.length);
  });

  it("shows the empty text when there are no prompts at all", async () => {
    const { dialog } = await openLibrary({ "GET /api/prompts": () => json([]) }, { wait: false });
    expect(await within(dialog).findByText("No prompts found matching your criteria.")).toBeTruthy();
  });

  it("shows placeholders while loading", async () => {
    const { dialog } = await openLibrary({ "GET /api/prompts": pending }, { wait: false });
    expect(within(dialog).getByRole("status", { name: "Loading prompts" })).toBeTruthy();
  });

  it("says when the list cannot be loaded and tries again", async () => {
    let fail = true;
    const { user, dialog } = await openLibrary(
      {
        "GET /api/prompts": () =>
          fail ? apiError(500, "INTERNAL", "The server had a problem.") : json([codeReviewer]),
      },
      { wait: false },
    );
    const alert = await within(dialog).findByRole("alert");
    expect(alert.textContent).toContain("The prompts could not be loaded.");
    expect(alert.textContent).toContain("The server had a problem.");
    fail = false;
    await user.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await within(dialog).findByRole("article", { name: "Code Reviewer" })).toBeTruthy();
  });

  it("Copy puts the prompt's text on the clipboard and says 'Copied to clipboard'", async () => {
    const { user } = await openLibrary();
    await user.click(within(card("Email Writer")).getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Copied to clipboard")).toBeTruthy();
    expect(await navigator.clipboard.readText()).toBe(emailWriter.content);
  });

  it("says 'Copy failed' when the browser refuses", async () => {
    const { user } = await openLibrary();
    vi.spyOn(navigator.clipboard, "writeText").mockRejectedValue(new Error("Write permission denied."));
    await user.click(within(card("Email Writer")).getByRole("button", { name: "Copy" }));
    expect(await screen.findByText("Copy failed")).toBeTruthy();
    expect(screen.getByText("Write permission denied.")).toBeTruthy();
  });

  it("closes with Escape", async () => {
    const { user } = await openLibrary();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });
});
