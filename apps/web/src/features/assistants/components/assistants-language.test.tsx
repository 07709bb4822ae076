// The built-in assistants read in the person's language; an assistant someone made keeps their words.
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { changeLanguage } from "@/lib/i18n";
import { json, profileIn } from "@/testing/fetch-stub";
import { assistant, builtIns, card, openAssistants } from "./assistants-test-steps";

describe("assistants in German", () => {
  it("names and describes the built-in assistants in German, and leaves a person's own as written", async () => {
    await changeLanguage("de");
    const pirate = assistant({ name: "Pirate", description: "Talks like a pirate.", isPublic: true });
    const { user } = await openAssistants({
      "GET /api/assistants": () => json([...builtIns(), pirate]),
      "GET /api/profile": () => profileIn("de"),
    });
    const builtIn = await screen.findByRole("list", { name: "Integriert" });
    await waitFor(() => expect(within(builtIn).getAllByRole("article")).toHaveLength(4));
    const code = card("Code-Experte");
    expect(code.textContent).toContain("Prüft, erklärt und schreibt Code mit Sorgfalt.");
    expect(within(code).getByRole("link", { name: "Mit Code-Experte chatten" })).toBeTruthy();
    // Its model is not connected here: the reason is the catalogue's, in German too.
    expect(
      within(code)
        .getByText(/nicht verfügbar/)
        .getAttribute("title"),
    ).toBe("Auf diesem Server nicht aktiviert.");
    expect(screen.queryByText("Code Expert")).toBeNull();
    expect(card("KI-Assistent").textContent).toContain(
      "Ein freundlicher Helfer für alles. Die Voreinstellung.",
    );

    await user.click(screen.getByRole("tab", { name: /Meine/ }));
    expect(card("Pirate").textContent).toContain("Talks like a pirate.");
  });
});
