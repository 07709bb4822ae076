import { describe, expect, it } from "vitest";
import { exportFileName } from "./export-conversation";

describe("exportFileName", () => {
  it("makes a safe file name from any title", () => {
    expect(exportFileName("Seed order for the allotment")).toBe("seed-order-for-the-allotment.md");
    expect(exportFileName("Crème brûlée: how?")).toBe("creme-brulee-how.md");
    expect(exportFileName("../../etc/passwd")).toBe("etc-passwd.md");
    expect(exportFileName("日本語のタイトル")).toBe("conversation.md");
    expect(exportFileName("a".repeat(59) + " bcd")).toBe(`${"a".repeat(59)}.md`);
  });
});
