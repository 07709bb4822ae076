import { describe, expect, it } from "vitest";
import { imageGenerationRequestSchema, normaliseAspectRatio, normaliseImageModel } from "./images";

describe("image names", () => {
  it("maps legacy ratio names and refuses ratios that are not listed", () => {
    expect(normaliseAspectRatio("square")).toBe("1:1");
    expect(normaliseAspectRatio("Landscape")).toBe("16:9");
    expect(normaliseAspectRatio("portrait")).toBe("9:16");
    expect(normaliseAspectRatio("21:9")).toBe("21:9");
    expect(normaliseAspectRatio("2:1")).toBeNull();
    expect(normaliseAspectRatio(undefined)).toBeNull();
  });

  it("treats every imagen4- model as Imagine 4", () => {
    expect(normaliseImageModel("imagen4-ultra")).toBe("imagen4");
    expect(normaliseImageModel("imagen4")).toBe("imagen4");
    expect(normaliseImageModel("flux-pro")).toBe("flux-pro");
  });

  it("trims the prompt, defaults the ratio to 16:9 and accepts legacy names", () => {
    expect(imageGenerationRequestSchema.parse({ prompt: "  a fox " })).toEqual({
      prompt: "a fox",
      aspect_ratio: "16:9",
    });
    expect(imageGenerationRequestSchema.parse({ prompt: "a fox", aspect_ratio: "square" }).aspect_ratio).toBe(
      "1:1",
    );
    const empty = imageGenerationRequestSchema.safeParse({ prompt: " " });
    expect(empty.error?.issues[0]?.message).toBe("Please describe the image you want to generate.");
  });
});
