import { describe, expect, it } from "vitest";
import { safeHref, storedFileSrc } from "./safe-href";

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
    "http://",
    "https:// ",
    "http://[::1",
    "",
  ])("makes %j inert", (href) => expect(safeHref(href)).toBe("#"));
});

describe("pictures in rendered text", () => {
  it.each([
    ["/files/u1/chart.png", "/files/u1/chart.png"],
    ["/files/u1/chart.png?v=2", "/files/u1/chart.png?v=2"],
    [" /files/a/./b.png", "/files/a/b.png"],
    ["/files/a/%2e/b.png", "/files/a/b.png"],
    ["/files/chat-images/u1/1-abc.png", "/files/chat-images/u1/1-abc.png"],
  ])("shows the stored file %j", (src, shown) => expect(storedFileSrc(src)).toBe(shown));

  it.each([
    "/api/image-proxy?url=https%3A%2F%2Fevil.example%2Flog%3Fc%3Dsecret",
    "/files/../api/image-proxy?url=https://evil.example/",
    "/files/%2e%2e/api/image-proxy?url=https://evil.example/",
    "/files\\..\\api/image-proxy?url=https://evil.example/",
    // Encoded separators the browser leaves alone but a server that decodes first would follow.
    "/files/..%2fapi/image-proxy?url=https://evil.example/",
    "/files/..%2Fapi/image-proxy?url=https://evil.example/",
    "/files/a/..%2f..%2fapi/auth/sign-out",
    "/files/..%5capi/image-proxy?url=https://evil.example/",
    "/files/a%2f..%2f..%2fapi/x.png",
    // Decoded twice, %252e%252e is "..".
    "/files/%252e%252e/api/image-proxy?url=https://evil.example/",
    "/files/%252e%252e%252fapi/x.png",
    "/files/%2e%2e%2fapi/x.png",
    "/files/%00/x.png",
    "/files/a%0a/x.png",
    "/files/%E0%A4%A.png",
    "/files/",
    "/files",
    "/files//x.png",
    "/filesystem/x.png",
    "/api/auth/sign-out",
    "/dashboard/chat",
    "https://evil.example/x.png?c=secret",
    "//evil.example/x.png",
    "/\\evil.example/x.png",
    "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
    "data:image/png;base64,iVBORw0KGgo=",
    "javascript:alert(1)",
    "files/u1/chart.png",
    "",
    undefined,
  ])("never loads %j", (src) => expect(storedFileSrc(src)).toBeNull());
});
