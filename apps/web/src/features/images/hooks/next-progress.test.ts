import { describe, expect, it } from "vitest";
import { nextProgress } from "./use-image-generation";

describe("generation progress", () => {
  it("rises by 7 from 30 and stops at 90", () => {
    const seen = [30];
    for (let i = 0; i < 12; i++) seen.push(nextProgress(seen.at(-1)!));
    expect(seen).toEqual([30, 37, 44, 51, 58, 65, 72, 79, 86, 90, 90, 90, 90]);
  });
});
