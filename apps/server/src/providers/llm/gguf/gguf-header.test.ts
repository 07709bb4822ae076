// What Tessera reads from a GGUF file without llama.cpp: its shape, and whether it is one at all.
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scratchDirs } from "../../../test/scratch-dirs";
import { writeTinyGguf } from "../../../test/tiny-gguf";
import { hasGgufMagic, NotGgufError, readGgufHeader } from "./gguf-header";
import { estimateMemory } from "./memory";

const dir = scratchDirs("tessera-gguf-header-");

describe("readGgufHeader", () => {
  it("reads a model's architecture, shape, vocabulary and chat template", async () => {
    const path = join(dir(), "tiny.gguf");
    const size = await writeTinyGguf(path);
    const header = await readGgufHeader(path);
    expect(header).toMatchObject({
      version: 3,
      architecture: "llama",
      name: "Tiny Test Model",
      contextLength: 2048,
      layers: 2,
      embedding: 32,
      heads: 4,
      kvHeads: 2,
      chatTemplate: true,
    });
    expect(header.vocabSize).toBeGreaterThan(256);
    expect(hasGgufMagic(await readFile(path))).toBe(true);
    // The file, a 512-token cache for one answer (2 layers × 512 × 2 heads × 16 values × 2 bytes), buffers.
    const needed = estimateMemory(header, size, { contextSize: 512, sequences: 1 });
    expect(needed).toBeGreaterThan(size + 2 * 512 * 2 * 16 * 2);
    expect(needed).toBeLessThan(size + 100 * 2 ** 20);
  });

  it("refuses what is not a GGUF file, or one cut short inside its header", async () => {
    const at = dir();
    writeFileSync(join(at, "page.gguf"), "<!DOCTYPE html><html></html>");
    await expect(readGgufHeader(join(at, "page.gguf"))).rejects.toThrow(NotGgufError);
    const whole = await readFile(
      await writeTinyGguf(join(at, "tiny.gguf")).then(() => join(at, "tiny.gguf")),
    );
    writeFileSync(join(at, "cut.gguf"), whole.subarray(0, 2000));
    await expect(readGgufHeader(join(at, "cut.gguf"))).rejects.toThrow(
      "The file ends inside its GGUF header.",
    );
    expect(hasGgufMagic(Buffer.from("GGU"))).toBe(false);
  });
});
