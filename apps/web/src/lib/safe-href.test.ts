import { describe, expect, it } from "vitest";
import { safeHref } from "./safe-href";

describe("safe links (spec §5)", () => {
  it.each([
    ["https://example.com/a?b=1", "https://example.com/a?b=1"],
    ["http://example.com", "http://example.com"],
    ["mailto:ada@example.com", "mailto:ada@example.com"],
    ["tel:+441234567", "tel:+441234567"],
    ["/help/chat-basics", "/help/chat-basics"],
  ])("keeps %s", (href, kept) => expect(safeHref(href)).toBe(kept));

  it.each([
    "javascript:alert(1)",
    "JavaScript:alert(1)",
    " java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox",
    "file:///etc/passwd",
    "//evil.example/x",
    "relative/path",
    "",
  ])("makes %j inert", (href) => expect(safeHref(href)).toBe("#"));
});
