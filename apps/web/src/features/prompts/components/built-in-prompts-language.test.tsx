// The built-in prompts in the reader's language: title, description and text, placeholders kept, so
// the translated text fills and is what is handed over; a changed text stays as the server sent it.
import { screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { json } from "@/testing/fetch-stub";
import { card, myPrompt, openLibrary, promptFixture } from "./prompt-test-steps";

// The spec's built-in Email Writer and Data Analysis, word for word as the server seeds them.
const emailWriter = promptFixture({
  id: "0f000000-0000-4000-8000-000000000011",
  title: "Email Writer",
  description: "A clear, polite email for any purpose.",
  content:
    "Write a {{tone}} email to {{recipient}} about {{topic}}. Keep it under 200 words, open with the point, and end with a clear next step.",
  category: "business",
  tags: ["email", "communication"],
  usageCount: 1250,
  builtIn: "email-writer",
});
// An operator changed this one's description: it stays theirs, the untouched title is translated.
const dataAnalysis = promptFixture({
  id: "0f000000-0000-4000-8000-000000000012",
  title: "Data Analysis",
  description: "Our monthly numbers, explained.",
  content: "Analyse the numbers.",
  category: "analysis",
  usageCount: 445,
  builtIn: "data-analysis",
});

afterEach(() => changeLanguage("en"));

describe("built-in prompts in German", () => {
  it("shows their texts in German, fills the German text and leaves changed and personal texts alone", async () => {
    await changeLanguage("de");
    const route = `POST /api/prompts/${emailWriter.id}/use`;
    const { user, onUse, dialog } = await openLibrary(
      {
        "GET /api/prompts": () => json([emailWriter, dataAnalysis, myPrompt]),
        [route]: () => json({ ...emailWriter, usageCount: 1251 }),
      },
      { name: "Prompt-Bibliothek" },
    );
    const email = card("E-Mail-Verfasser");
    expect(within(email).getByText("Eine klare, höfliche E-Mail für jeden Anlass.")).toBeTruthy();
    expect(within(email).getByText("1.250 Verwendungen")).toBeTruthy();
    const analysis = card("Datenanalyse");
    expect(within(analysis).getByText("Our monthly numbers, explained.")).toBeTruthy();
    expect(within(analysis).getByText("Analyse the numbers.")).toBeTruthy();
    expect(card("Standup notes")).toBeTruthy();

    // A built-in prompt's tags are shown in German; the stored ones stay the keys.
    expect(
      within(within(email).getByRole("list", { name: "Tags" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["#E-Mail", "#Kommunikation"]);

    // The search reads the German texts, and tags.
    const search = within(dialog).getByRole("searchbox", { name: "Prompts durchsuchen" });
    await user.type(search, "Kommunikation");
    expect(within(dialog).getAllByRole("article")).toHaveLength(1);
    expect(card("E-Mail-Verfasser")).toBeTruthy();
    await user.clear(search);
    await user.type(search, "höfliche");
    expect(within(dialog).getAllByRole("article")).toHaveLength(1);

    await user.click(within(card("E-Mail-Verfasser")).getByRole("button", { name: "Prompt verwenden" }));
    // Each value is asked for in German; the text still fills by the template's own names.
    await user.type(within(dialog).getByRole("textbox", { name: "Ton" }), "freundlich");
    await user.type(within(dialog).getByRole("textbox", { name: "Empfänger" }), "das Team");
    await user.type(within(dialog).getByRole("textbox", { name: "Thema" }), "das Release am Freitag");
    await user.click(within(dialog).getByRole("button", { name: "Prompt verwenden" }));
    await waitFor(() =>
      expect(onUse).toHaveBeenCalledWith(
        "Schreibe eine E-Mail an das Team zum Thema „das Release am Freitag“ im Ton „freundlich“. Bleib unter 200 Wörtern, komm gleich zur Sache und schließe mit einem klaren nächsten Schritt.",
      ),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
