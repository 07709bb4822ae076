import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { apiError, json } from "@/testing/fetch-stub";
import { card, myPrompt, openLibrary, promptFixture } from "./prompt-test-steps";

describe("personal prompts", () => {
  it("writes a new prompt; the server's refusal shows inline, then the card appears", async () => {
    const created = promptFixture({
      id: "0f000000-0000-4000-8000-0000000000aa",
      title: "Summariser",
      content: "Summarise {{topic}} in three bullet points",
      category: "coding",
      tags: ["summary", "notes"],
      isPublic: true,
      userId: "u1",
      isSystem: false,
      isOwned: true,
    });
    let refuse = true;
    const { user, server, dialog } = await openLibrary({
      "POST /api/prompts": () =>
        refuse
          ? apiError(400, "VALIDATION_FAILED", "title: must not be blank")
          : json(created, { status: 201 }),
    });
    await user.click(within(dialog).getByRole("tab", { name: "Coding" }));
    await user.click(within(dialog).getByRole("button", { name: "New prompt" }));
    expect(within(dialog).getByRole("heading", { name: "New prompt" })).toBeTruthy();

    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "  ");
    await user.type(
      within(dialog).getByRole("textbox", { name: "Prompt" }),
      "Summarise {{{{topic}} in three bullet points",
    );
    expect(within(dialog).getByText(/This one asks for: topic\./)).toBeTruthy();
    await user.type(within(dialog).getByRole("textbox", { name: "Tags" }), "summary, notes, ,summary");
    await user.click(within(dialog).getByRole("switch", { name: "Public" }));
    await user.click(within(dialog).getByRole("button", { name: "Create prompt" }));

    expect((await within(dialog).findByRole("alert")).textContent).toBe("title: must not be blank");
    expect(server.callsTo("POST /api/prompts")[0]?.body).toEqual({
      title: "  ",
      description: "",
      content: "Summarise {{topic}} in three bullet points",
      category: "coding",
      tags: ["summary", "notes"],
      isPublic: true,
    });

    refuse = false;
    await user.clear(within(dialog).getByRole("textbox", { name: "Title" }));
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "Summariser");
    await user.click(within(dialog).getByRole("button", { name: "Create prompt" }));
    expect(await screen.findByText("Prompt created")).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Coding", selected: true })).toBeTruthy();
    const summariser = card("Summariser");
    expect(within(summariser).getByText("Public")).toBeTruthy();
    expect(within(summariser).getByText("0 uses")).toBeTruthy();
  });

  it("edits one's own prompt with the form filled in", async () => {
    const route = `PATCH /api/prompts/${myPrompt.id}`;
    const { user, server, dialog } = await openLibrary({
      [route]: () => json({ ...myPrompt, title: "Daily standup", tags: ["work", "daily"] }),
    });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Edit Standup notes" }));
    expect(within(dialog).getByRole("heading", { name: "Edit prompt" })).toBeTruthy();
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    expect(title).toHaveProperty("value", "Standup notes");
    expect(within(dialog).getByRole("textbox", { name: "Tags" })).toHaveProperty("value", "work");
    expect(within(dialog).getByRole("switch", { name: "Public" }).getAttribute("aria-checked")).toBe("false");
    expect(within(dialog).getByRole("combobox", { name: "Category" }).textContent).toBe("Business");

    await user.clear(title);
    await user.type(title, "Daily standup");
    await user.type(within(dialog).getByRole("textbox", { name: "Tags" }), ", daily");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Prompt saved")).toBeTruthy();
    expect(server.callsTo(route)[0]?.body).toMatchObject({ title: "Daily standup", tags: ["work", "daily"] });
    expect(card("Daily standup")).toBeTruthy();
    expect(screen.queryByRole("article", { name: "Standup notes" })).toBeNull();
  });

  it("shows the server's refusal to save a change inline", async () => {
    const route = `PATCH /api/prompts/${myPrompt.id}`;
    const { user, dialog } = await openLibrary({
      [route]: () => apiError(403, "FORBIDDEN", "Only the person who wrote this prompt can change it."),
    });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Edit Standup notes" }));
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "Only the person who wrote this prompt can change it.",
    );
  });

  it("counts a prompt's characters near the limit; saving one over it shows the field instead", async () => {
    const route = `PATCH /api/prompts/${myPrompt.id}`;
    const { user, server, dialog } = await openLibrary({ [route]: () => json(myPrompt) });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Edit Standup notes" }));
    const content = within(dialog).getByRole("textbox", { name: "Prompt" });
    const save = within(dialog).getByRole("button", { name: "Save changes" });
    await user.clear(content);
    await user.click(content);
    await user.paste("a".repeat(8_999));
    expect(within(dialog).queryByText(/characters/)).toBeNull();
    // Counted as the server counts it, trimmed: spaces at the ends do not count.
    await user.paste("b   ");
    expect(within(dialog).getByText("9,000 / 10,000 characters")).toBeTruthy();
    expect(content.getAttribute("aria-describedby")).toContain(within(dialog).getByText(/9,000/).id);
    await user.paste("c".repeat(998));
    const warning = within(dialog).getByText(
      "Too long to save: 10,001 of 10,000 characters. Shorten it to save it.",
    );
    expect(content.getAttribute("aria-invalid")).toBe("true");
    expect(content.getAttribute("aria-describedby")?.split(" ")).toContain(warning.id);
    // Saving sends nothing: the field over its limit takes the focus, its count describing it.
    await user.click(within(dialog).getByRole("textbox", { name: "Title" }));
    await user.click(save);
    expect(document.activeElement).toBe(content);
    await user.type(within(dialog).getByRole("textbox", { name: "Title" }), "{Enter}");
    expect(document.activeElement).toBe(content);
    expect(server.callsTo(route)).toHaveLength(0);
    // Nothing was cut: the whole paste is there to shorten.
    expect((content as HTMLTextAreaElement).value).toHaveLength(10_001);

    // A title over its 120 characters is held back the same way.
    await user.type(content, "{Backspace>5/}");
    expect(content.getAttribute("aria-invalid")).toBeNull();
    const title = within(dialog).getByRole("textbox", { name: "Title" });
    await user.click(title);
    await user.paste("t".repeat(120));
    expect(within(dialog).getByText(/^Too long to save: 1\d\d of 120 characters/)).toBeTruthy();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    await user.click(content);
    await user.click(save);
    expect(document.activeElement).toBe(title);
    expect(server.callsTo(route)).toHaveLength(0);

    // Shortened, it saves.
    await user.clear(title);
    await user.type(title, "Standup");
    await user.click(save);
    await waitFor(() => expect(server.callsTo(route)).toHaveLength(1));
    expect((server.callsTo(route)[0]?.body as { content: string }).content).toHaveLength(9_996);
  });

  it("deletes one's own prompt after asking; Cancel keeps it", async () => {
    const route = `DELETE /api/prompts/${myPrompt.id}`;
    const { user, server } = await openLibrary({ [route]: () => new Response(null, { status: 204 }) });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Delete Standup notes" }));
    let confirm = await screen.findByRole("alertdialog", { name: "Delete prompt?" });
    expect(confirm.textContent).toContain("“Standup notes” will be deleted for good.");
    await user.click(within(confirm).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(server.callsTo(route)).toHaveLength(0);

    await user.click(within(card("Standup notes")).getByRole("button", { name: "Delete Standup notes" }));
    confirm = await screen.findByRole("alertdialog", { name: "Delete prompt?" });
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Prompt deleted")).toBeTruthy();
    expect(server.callsTo(route)).toHaveLength(1);
    expect(screen.queryByRole("article", { name: "Standup notes" })).toBeNull();
    expect(screen.getByRole("dialog", { name: "Prompt Library" })).toBeTruthy();
  });

  it("says when a prompt could not be deleted", async () => {
    const route = `DELETE /api/prompts/${myPrompt.id}`;
    const { user } = await openLibrary({ [route]: () => apiError(404, "NOT_FOUND", "Prompt not found.") });
    await user.click(within(card("Standup notes")).getByRole("button", { name: "Delete Standup notes" }));
    const confirm = await screen.findByRole("alertdialog");
    await user.click(within(confirm).getByRole("button", { name: "Delete" }));
    expect(await screen.findByText("Failed to delete prompt")).toBeTruthy();
    expect(card("Standup notes")).toBeTruthy();
  });
});
