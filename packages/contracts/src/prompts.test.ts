import { describe, expect, it } from "vitest";
import { fillPlaceholders, promptPlaceholders } from "./prompts";

describe("prompt placeholders", () => {
  it("finds each {{placeholder}} once and fills the ones given", () => {
    const content = "Write a {{tone}} email to {{ recipient }} about {{topic}} in a {{tone}} voice.";
    expect(promptPlaceholders(content)).toEqual(["tone", "recipient", "topic"]);
    expect(fillPlaceholders(content, { tone: "warm", recipient: "Ada" })).toBe(
      "Write a warm email to Ada about {{topic}} in a warm voice.",
    );
  });
});
