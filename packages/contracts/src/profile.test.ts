import { describe, expect, it } from "vitest";
import { updateProfileSchema } from "./profile";

describe("updateProfileSchema", () => {
  it("trims the name, turns an empty avatar into null, and keeps http(s) avatars", () => {
    expect(updateProfileSchema.parse({ fullName: "  Ada  ", avatarUrl: "" })).toEqual({
      fullName: "Ada",
      avatarUrl: null,
    });
    expect(updateProfileSchema.parse({ avatarUrl: "https://x.example/a.png" })).toEqual({
      avatarUrl: "https://x.example/a.png",
    });
  });

  it("takes a language we speak, or null for the browser's", () => {
    expect(updateProfileSchema.parse({ language: "pt-BR" })).toEqual({ language: "pt-BR" });
    expect(updateProfileSchema.parse({ language: null })).toEqual({ language: null });
  });

  it.each([
    [{}],
    [{ language: "klingon" }],
    [{ fullName: " " }],
    [{ avatarUrl: "javascript:alert(1)" }],
    [{ avatarUrl: "data:image/png;base64,AAAA" }],
    [{ fullName: "A", extra: true }],
  ])("rejects %j", (input) => {
    expect(updateProfileSchema.safeParse(input).success).toBe(false);
  });
});
