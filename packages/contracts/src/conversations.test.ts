import { describe, expect, it } from "vitest";
import { messageSearchQuerySchema, rangesFromMarked, shareTokenSchema } from "./conversations";

describe("snippet marks to ranges", () => {
  it("turns marked words into plain text and [start, end) ranges", () => {
    expect(rangesFromMarked("a [base] and [case] stop", "[", "]")).toEqual({
      text: "a base and case stop",
      highlights: [
        [2, 6],
        [11, 15],
      ],
    });
  });

  it("drops stray marks and empty matches, and closes an unclosed one at the end", () => {
    expect(rangesFromMarked("x] [] [[ab] [cd", "[", "]")).toEqual({
      text: "x  ab cd",
      highlights: [
        [3, 5],
        [6, 8],
      ],
    });
  });
});

describe("search and share inputs", () => {
  it("refuses a blank or too long query", () => {
    expect(messageSearchQuerySchema.safeParse({ q: "  " }).success).toBe(false);
    expect(messageSearchQuerySchema.safeParse({ q: "x".repeat(201) }).success).toBe(false);
    expect(messageSearchQuerySchema.parse({ q: " tulip ", limit: "5" })).toEqual({ q: "tulip", limit: 5 });
  });

  it("takes only 43-character base64url tokens", () => {
    expect(shareTokenSchema.safeParse({ token: "a".repeat(43) }).success).toBe(true);
    expect(shareTokenSchema.safeParse({ token: "a".repeat(42) }).success).toBe(false);
    expect(shareTokenSchema.safeParse({ token: `${"a".repeat(42)}/` }).success).toBe(false);
  });
});
