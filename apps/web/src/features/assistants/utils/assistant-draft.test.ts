// An assistant's tool set in its form: not sent until chosen, sent (even empty) once it is.
import { describe, expect, it } from "vitest";
import { inputOf, newDraft } from "./assistant-draft";

describe("an assistant's tool set in its draft", () => {
  it("is left out until chosen, then sent as chosen, empty included", () => {
    const draft = newDraft("guide");
    expect(inputOf(draft)).not.toHaveProperty("tools");
    expect(inputOf({ ...draft, tools: ["builtin:current_time"] }).tools).toEqual(["builtin:current_time"]);
    expect(inputOf({ ...draft, tools: [] }).tools).toEqual([]);
  });
});
