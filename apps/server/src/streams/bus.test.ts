import { describe, expect, it } from "vitest";
import { MAX_NOTICE_BYTES, splitForNotices } from "./bus";

describe("text cut for notices", () => {
  it("keeps a short text whole, and an empty one as one empty piece", () => {
    expect(splitForNotices("Hello")).toEqual(["Hello"]);
    expect(splitForNotices("")).toEqual([""]);
  });

  it("cuts a long text into pieces that fit in JSON, never inside a character", () => {
    // Quotes and control characters grow in JSON; an emoji is two UTF-16 units and four bytes.
    const text = `"\n\u0001\u{1f600}\u00e9abc`.repeat(3_000);
    const pieces = splitForNotices(text, 1_000);
    expect(pieces.join("")).toBe(text);
    expect(pieces.length).toBeGreaterThan(10);
    for (const piece of pieces) {
      expect(Buffer.byteLength(JSON.stringify(piece))).toBeLessThanOrEqual(1_000);
      // No lone surrogate at either end.
      expect(piece).toBe(Buffer.from(piece).toString());
    }
    for (const piece of splitForNotices(text))
      expect(Buffer.byteLength(JSON.stringify({ t: "text", k: "id", o: 0, s: piece }))).toBeLessThanOrEqual(
        MAX_NOTICE_BYTES,
      );
  });
});
