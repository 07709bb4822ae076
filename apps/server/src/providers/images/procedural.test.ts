import { IMAGE_ASPECT_RATIOS } from "@tessera/contracts";
import { describe, expect, it } from "vitest";
import { dimensionsFor, imageSize } from "./image-size";
import { renderProcedural } from "./procedural";
import { keyWords, proceduralSvg } from "./procedural-svg";

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("Tessera Sketch, the procedural renderer", () => {
  it("draws the same prompt and ratio to identical PNG bytes", async () => {
    const a = await renderProcedural("A lighthouse on a cliff at sunset", "16:9");
    const b = await renderProcedural("A lighthouse on a cliff at sunset", "16:9");
    expect([...a.bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(Buffer.from(a.bytes).equals(Buffer.from(b.bytes))).toBe(true);
  });

  it("draws different prompts differently, and ignores case and spacing", async () => {
    const lighthouse = proceduralSvg("A lighthouse on a cliff at sunset", "1:1").svg;
    expect(proceduralSvg("  a LIGHTHOUSE on a cliff   at sunset ", "1:1").svg).toBe(lighthouse);
    const forest = proceduralSvg("A quiet forest path in spring", "1:1").svg;
    expect(forest).not.toBe(lighthouse);
    const [x, y] = await Promise.all([
      renderProcedural("A lighthouse on a cliff at sunset", "1:1"),
      renderProcedural("A quiet forest path in spring", "1:1"),
    ]);
    expect(Buffer.from(x.bytes).equals(Buffer.from(y.bytes))).toBe(false);
  });

  it.each(IMAGE_ASPECT_RATIOS)("renders %s with the long side 1024 at that ratio", async (ratio) => {
    const image = await renderProcedural("ocean waves at night", ratio);
    const [w, h] = ratio.split(":").map(Number) as [number, number];
    expect(imageSize(image.bytes)).toEqual({ width: image.width, height: image.height });
    expect(Math.max(image.width, image.height)).toBe(1024);
    expect(Math.abs(image.width / image.height - w / h)).toBeLessThan(0.01);
    expect(dimensionsFor(ratio)).toEqual({ width: image.width, height: image.height });
  });

  it("captions the prompt's key words, escaped, and draws a prompt without any", () => {
    expect(keyWords("Make an image of a <red> fox & a hound in the snow")).toEqual([
      "red",
      "fox",
      "hound",
      "snow",
    ]);
    const { svg } = proceduralSvg("<script> & friends", "1:1");
    expect(svg).toContain("SCRIPT · FRIENDS");
    expect(svg).not.toContain("<script>");
    expect(proceduralSvg("!!", "1:1").svg).not.toContain("<text");
  });
});
