import { describe, expect, it } from "vitest";
import { markdownText } from "./markdown-text";

describe("markdownText", () => {
  it("keeps a passage's words and drops its heading, emphasis, link and code syntax", () => {
    expect(
      markdownText(
        [
          "# Lamp",
          "",
          "The **brass** lamp is _lit_ at dusk; see [the tide tables](https://example.com/tides).",
          "",
          "## Keeping it lit ##",
          "> Trim the `wick` daily.",
          "- oil",
          "* a ~~match~~ flint",
          "",
          "```",
          "lamp --light",
          "```",
          "![A lamp](lamp.png) <mailto:keeper@example.com>",
          "---",
        ].join("\n"),
      ),
    ).toBe(
      [
        "Lamp",
        "",
        "The brass lamp is lit at dusk; see the tide tables.",
        "",
        "Keeping it lit",
        "Trim the wick daily.",
        "• oil",
        "• a match flint",
        "",
        "lamp --light",
        "A lamp mailto:keeper@example.com",
      ].join("\n"),
    );
  });

  it("leaves plain text, snake_case words, sums and #tags alone", () => {
    const plain = "Set max_depth to 2 * 3 = 6 before #7 runs.\nA second line.";
    expect(markdownText(plain)).toBe(plain);
  });
});
