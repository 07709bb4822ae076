import { afterEach, describe, expect, it } from "vitest";
import {
  readFavoriteModels,
  readRecentPrompts,
  rememberFavoriteModel,
  rememberRecentPrompt,
} from "@/lib/local-preferences";
import { imageStyleSuggestion, smartSuggestions } from "./smart-suggestions";

describe("smart suggestions", () => {
  it("are the 4 defaults with no history", () => {
    expect(smartSuggestions([], null)).toEqual([
      "Which model should I use for code?",
      "Help me write a friendly follow-up email",
      "Explain how chat attachments work",
      "How do I turn on two-factor?",
    ]);
  });

  it("are up to 3 recent prompts plus one in the preferred image style", () => {
    const recent = ["first prompt", "second prompt", "third prompt", "fourth prompt"];
    expect(smartSuggestions(recent, "watercolor")).toEqual([
      "first prompt",
      "second prompt",
      "third prompt",
      imageStyleSuggestion("watercolor"),
    ]);
    expect(smartSuggestions(recent, null)).toEqual(["first prompt", "second prompt", "third prompt"]);
  });

  it("use the image style alone when there are no recent prompts", () => {
    expect(smartSuggestions([], "pixel art")).toEqual([imageStyleSuggestion("pixel art")]);
  });
});

describe("local preferences", () => {
  afterEach(() => localStorage.clear());

  it("remember only non-blank prompts of at least 10 characters, newest first, 10 at most", () => {
    rememberRecentPrompt("   ");
    rememberRecentPrompt("too short");
    expect(readRecentPrompts()).toEqual([]);
    for (let i = 0; i < 12; i++) rememberRecentPrompt(`  prompt number ${i}  `);
    rememberRecentPrompt("prompt number 5");
    const recent = readRecentPrompts();
    expect(recent).toHaveLength(10);
    expect(recent[0]).toBe("prompt number 5");
    expect(recent[1]).toBe("prompt number 11");
    expect(recent.filter((p) => p === "prompt number 5")).toHaveLength(1);
  });

  it("keep 3 favorite models, most recent first", () => {
    for (const id of ["guide", "gpt-5", "claude-sonnet", "gpt-5", "grok-4"]) rememberFavoriteModel(id);
    expect(readFavoriteModels()).toEqual(["grok-4", "gpt-5", "claude-sonnet"]);
  });
});
