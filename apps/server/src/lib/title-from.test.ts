import { composeMessage } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { titleFrom } from "./title-from";

describe("titleFrom", () => {
  it("is the message's first words on one line, cut at 60 characters", () => {
    expect(titleFrom("  Plan a\n trip  ")).toBe("Plan a trip");
    expect(titleFrom("word ".repeat(30))).toBe(`${"word ".repeat(30).slice(0, 57)}...`);
  });

  it("leaves out attached files: no raw [Attached: …] marker, no file text", () => {
    const message = composeMessage("What does the note say about the wind?", [
      { name: "notes.txt", text: "The wind is logged at dawn." },
    ]);
    expect(titleFrom(message)).toBe("What does the note say about the wind?");
  });

  it("is the files' names when the question is only the files", () => {
    const message = composeMessage("", [
      { name: "notes.txt", text: "The wind is logged at dawn." },
      { name: "log.csv", text: "a,b" },
    ]);
    expect(titleFrom(message)).toBe("notes.txt, log.csv");
  });
});
