// An assistant's draft: its tool set is sent only once chosen, and its answer languages are named
// in the reader's language.
import { describe, expect, it } from "vitest";
import { inputOf, languageNamer, newDraft } from "./assistant-draft";

describe("an assistant's tool set in its draft", () => {
  it("is left out until chosen, then sent as chosen, empty included", () => {
    const draft = newDraft("guide");
    expect(inputOf(draft)).not.toHaveProperty("tools");
    expect(inputOf({ ...draft, tools: ["builtin:current_time"] }).tools).toEqual(["builtin:current_time"]);
    expect(inputOf({ ...draft, tools: [] }).tools).toEqual([]);
  });
});

describe("the names of an assistant's answer languages", () => {
  it("follow the reader's language, capitalised as list items", () => {
    expect(languageNamer("en")("de")).toBe("German");
    expect(languageNamer("de")("de")).toBe("Deutsch");
    expect(languageNamer("fr")("en")).toBe("Anglais");
    expect(languageNamer("ja")("zh")).toBe("中国語");
  });

  it("show a code the browser cannot name as it is", () => {
    expect(languageNamer("en")("not a code")).toBe("not a code");
  });
});
