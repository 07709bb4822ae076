import { describe, expect, it } from "vitest";
import { splitScript } from "./split-script";

const squash = (s: string) => s.replace(/\s+/g, "");

describe("splitScript", () => {
  it("keeps a short script whole", () => {
    expect(splitScript("Hello there. How are you?", 100)).toEqual(["Hello there. How are you?"]);
  });

  it("cuts at sentence ends, losing nothing", () => {
    const text = Array.from({ length: 40 }, (_, i) => `Sentence number ${i} ends here!`).join(" ");
    const pieces = splitScript(text, 200);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces) {
      expect(p.length).toBeLessThanOrEqual(200);
      expect(p).toMatch(/!$/);
    }
    expect(squash(pieces.join(""))).toBe(squash(text));
  });

  it("ends a sentence at an ellipsis, keeping a closing quote with it", () => {
    const text = `She said \u201cwait\u2026\u201d ${"and then nothing happened for a while. ".repeat(3)}`;
    const pieces = splitScript(text, 40);
    expect(pieces[0]).toBe("She said \u201cwait\u2026\u201d");
    expect(squash(pieces.join(""))).toBe(squash(text));
  });

  it("cuts an overlong sentence at spaces, and a word without spaces where it must", () => {
    const long = `${"word ".repeat(100)}${"x".repeat(250)}`;
    const pieces = splitScript(long, 100);
    for (const p of pieces) expect(p.length).toBeLessThanOrEqual(100);
    expect(squash(pieces.join(""))).toBe(squash(long));
    expect(splitScript("...Hi... there", 100)).toEqual(["...Hi... there"]);
  });
});
