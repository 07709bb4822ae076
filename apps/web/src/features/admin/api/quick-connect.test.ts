// The card's hand-written check of a saved connection, held to the contracts' schema.
import { connectionSchema } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { savedConnection as saved } from "@/testing/saved-connection";
import { madeConnection } from "./quick-connect";

describe("a connection saved from the chat's card", () => {
  it("reads the id and name of what the schema takes", () => {
    const { id, name } = connectionSchema.parse(saved);
    expect(madeConnection.safeParse(saved)).toEqual({ success: true, data: { id, name } });
  });

  it("refuses an answer without them, as the schema does", () => {
    for (const value of [null, [], { ...saved, id: undefined }, { ...saved, name: 7 }]) {
      expect(connectionSchema.safeParse(value).success).toBe(false);
      expect(madeConnection.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });
});
