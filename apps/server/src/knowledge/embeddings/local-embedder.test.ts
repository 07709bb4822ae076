// The offline model's worker pool, with the real model: a backlog is shared by a second worker that
// ends once idle, and a call's vectors come back in its texts' order whichever worker made them.
import { afterAll, afterEach, describe, expect, it } from "vitest";
import {
  configureLocalEmbedder,
  localEmbedder,
  localEmbedderWorkers,
  stopLocalEmbedder,
} from "./local-embedder";

const dot = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const texts = Array.from(
  { length: 64 },
  (_, i) =>
    `Note ${i}: the ${["harbour", "orchard", "library", "foundry"][i % 4]} keeps its ledger number ${i * 7}.`,
);

afterEach(() => stopLocalEmbedder());
afterAll(() => configureLocalEmbedder({ maxWorkers: 2, idleMs: 30_000 }));

describe("the offline embedder's workers", () => {
  it("shares a backlog with a second worker, keeps the texts' order, and lets it go once idle", async () => {
    configureLocalEmbedder({ maxWorkers: 2, idleMs: 300 });
    const one = await localEmbedder.embed([texts[0]!, texts[17]!]);
    expect(localEmbedderWorkers()).toBe(1);

    const backlog = localEmbedder.embed(texts);
    // The call's second batch finds the first worker busy and starts another.
    expect(localEmbedderWorkers()).toBe(2);
    const all = await backlog;
    expect(all).toHaveLength(texts.length);
    // The same text gives the same vector from either worker, in its own place.
    expect(dot(all[0]!, one[0]!)).toBeGreaterThan(0.999);
    expect(dot(all[17]!, one[1]!)).toBeGreaterThan(0.999);
    expect(dot(all[0]!, all[17]!)).toBeLessThan(0.99);
    for (const v of all) expect(Math.abs(dot(v, v) - 1)).toBeLessThan(1e-5);

    await expect.poll(localEmbedderWorkers, { timeout: 10_000 }).toBe(1);
    // The first worker stays, and still answers.
    expect(dot((await localEmbedder.embed([texts[17]!]))[0]!, one[1]!)).toBeGreaterThan(0.999);
  });

  it("gives each text its own vector when a call mixes long and short texts", async () => {
    // Batched by length inside, handed back in the call's order.
    const mixed = Array.from({ length: 40 }, (_, i) =>
      i % 3 === 0
        ? `${texts[i]!} ${texts[i + 1]!} ${texts[i + 2]!} ${texts[i + 3]!}`
        : `Item ${i}: ${["lamp", "gate", "kiln"][i % 3]}.`,
    );
    const together = await localEmbedder.embed(mixed);
    for (const i of [0, 1, 2, 3, 20, 39]) {
      const [alone] = await localEmbedder.embed([mixed[i]!]);
      expect(dot(together[i]!, alone!)).toBeGreaterThan(0.999);
    }
  });

  it("keeps to one worker where the pool allows one", async () => {
    configureLocalEmbedder({ maxWorkers: 1 });
    expect(await localEmbedder.embed(texts)).toHaveLength(texts.length);
    expect(localEmbedderWorkers()).toBe(1);
  });
});
