import { afterEach, describe, expect, it } from "vitest";
import { shownTitle } from "./default-titles";
import { changeLanguage } from "./i18n";

afterEach(() => changeLanguage("en"));

describe("default titles", () => {
  it("shows the server's English defaults in German and any other title as it is", async () => {
    expect(shownTitle("Untitled document")).toBe("Untitled document");
    await changeLanguage("de");
    expect(shownTitle("Untitled document")).toBe("Unbenanntes Dokument");
    expect(shownTitle("Imported conversation")).toBe("Importierte Unterhaltung");
    expect(shownTitle("Untitled document (2)")).toBe("Untitled document (2)");
    expect(shownTitle("Quartalszahlen")).toBe("Quartalszahlen");
    expect(shownTitle("constructor")).toBe("constructor");
    expect(shownTitle("")).toBe("");
  });
});
