import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { markedSnippet } from "./library-message-hits";

const html = (snippet: string, ranges: [number, number][]) =>
  render(<p>{markedSnippet(snippet, ranges)}</p>).container.innerHTML;

describe("a search hit's snippet", () => {
  it("wraps each matched range in <mark> and keeps the rest as text", () => {
    expect(
      html("until a base case stops", [
        [8, 12],
        [13, 17],
      ]),
    ).toBe(
      '<p>until a <mark class="rounded-sm bg-primary/20 px-0.5 text-foreground">base</mark> <mark class="rounded-sm bg-primary/20 px-0.5 text-foreground">case</mark> stops</p>',
    );
  });

  it("never reads the message as HTML, and skips ranges that overlap or fall outside", () => {
    const out = html("<b>tulips</b> & <script>x</script>", [
      [3, 9],
      [5, 7],
      [30, 90],
    ]);
    expect(out).toContain("&lt;b&gt;<mark");
    expect(out).toContain(">tulips</mark>");
    expect(out).not.toContain("<script>");
    expect(out.match(/<mark/g)).toHaveLength(1);
  });
});
