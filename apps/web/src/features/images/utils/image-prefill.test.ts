import { afterEach, describe, expect, it } from "vitest";
import { clearImagePrefill, readImagePrefill } from "./image-prefill";

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe("image prefill", () => {
  it("reads selectedImage, normalising legacy model and ratio names", () => {
    localStorage.setItem(
      "selectedImage",
      JSON.stringify({ prompt: "a red fox", model: "imagen4-ultra", aspectRatio: "landscape" }),
    );
    expect(readImagePrefill()).toEqual({
      prompt: "a red fox",
      model: "imagen4",
      aspectRatio: "16:9",
      autoStart: false,
    });
  });

  it("lets the session keys win, ignores a ratio that is not listed, and auto-starts only on '1'", () => {
    localStorage.setItem("selectedImage", JSON.stringify({ prompt: "old", aspectRatio: "4:3" }));
    sessionStorage.setItem("prefill_image_prompt", "a lighthouse");
    sessionStorage.setItem("prefill_image_ar", "2:1");
    sessionStorage.setItem("prefill_image_auto", "1");
    expect(readImagePrefill()).toEqual({ prompt: "a lighthouse", aspectRatio: "4:3", autoStart: true });
    sessionStorage.setItem("prefill_image_ar", "portrait");
    sessionStorage.setItem("prefill_image_auto", "true");
    expect(readImagePrefill()).toMatchObject({ aspectRatio: "9:16", autoStart: false });
  });

  it("survives unreadable storage and is used once", () => {
    localStorage.setItem("selectedImage", "{not json");
    sessionStorage.setItem("prefill_image_prompt", "kept");
    expect(readImagePrefill()).toEqual({ prompt: "kept", autoStart: false });
    clearImagePrefill();
    expect(readImagePrefill()).toEqual({ autoStart: false });
    expect(localStorage.getItem("selectedImage")).toBeNull();
  });
});
