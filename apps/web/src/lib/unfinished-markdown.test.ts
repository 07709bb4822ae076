import { describe, expect, it } from "vitest";
import { closeUnfinished } from "./unfinished-markdown";

describe("closeUnfinished", () => {
  it.each([
    ["For code, pick **Qwen 3 Co", "For code, pick **Qwen 3 Co**"],
    ["pick **Qwen 3 ", "pick **Qwen 3** "],
    ["pick **Qwen*", "pick **Qwen**"],
    ["a ~~gone~", "a ~~gone~~"],
    ["a ~~gone", "a ~~gone~~"],
    ["**bold ~~and struck", "**bold ~~and struck~~**"],
    ["~~struck **and bold", "~~struck **and bold**~~"],
    ["run `npm te", "run `npm te`"],
    ["run ``a ` b", "run ``a ` b``"],
    ["**run `npm te", "**run `npm te`**"],
    ["see [the docs](https://exa", "see the docs"],
    ["a picture ![chart](/files/ch", "a picture "],
  ])("finishes %j", (text, shown) => {
    expect(closeUnfinished(text)).toBe(shown);
  });

  it.each([
    ["a marker that has just arrived is held back", "pick **", "pick "],
    ["a backtick that has just arrived is held back", "run `", "run "],
  ])("%s", (_what, text, shown) => {
    expect(closeUnfinished(text)).toBe(shown);
  });

  it.each([
    "Plain text, nothing open.",
    "**Done** and `done` and ~~done~~.",
    "2 ** 3 is eight.",
    "See [the docs](https://example.com/a) and [1].",
    "Inside code `a ** b` nothing is bold.",
    "```ts\nconst a = `x`;\n```\nAfter.",
  ])("leaves finished text as it is: %j", (text) => {
    expect(closeUnfinished(text)).toBe(text);
  });

  it("closes an open code fence with its own marker, and reads nothing inside it as markdown", () => {
    expect(closeUnfinished("Try:\n\n```ts\nconst a = 2 ** 3;\nconst s = `x")).toBe(
      "Try:\n\n```ts\nconst a = 2 ** 3;\nconst s = `x\n```",
    );
    expect(closeUnfinished("~~~~\ncode\n~~~\nstill code\n")).toBe("~~~~\ncode\n~~~\nstill code\n~~~~");
    expect(closeUnfinished("```\ncode\n``")).toBe("```\ncode\n```");
  });

  it("looks only at the paragraph being written, after any closed fence", () => {
    expect(closeUnfinished("An **open one\n\nthen a new **para")).toBe(
      "An **open one\n\nthen a new **para**",
    );
    expect(closeUnfinished("```\n**x\n```\nnow **bold")).toBe("```\n**x\n```\nnow **bold**");
  });
});
