// A real GGUF model run by llama.cpp in process (a tiny one written here: two layers, random weights,
// an answer known in advance), streamed the way the chat streams every model: the chat template from
// the file, token counts, Stop keeping the partial text, one answer at a time with the others told
// their place, Stop while waiting, a refusal when memory is short, and unloading when idle.
import { join } from "node:path";
import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { scratchDirs } from "../../../test/scratch-dirs";
import { TINY_SENTENCE, writeTinyGguf } from "../../../test/tiny-gguf";
import { streamModel, type ModelStreamPart } from "../stream-model";
import { createGgufLanguageModel } from "./gguf-language-model";
import { createLlamaRuntime, type LlamaRuntime, type LlamaRuntimeSettings } from "./llama-runtime";

const dir = scratchDirs("tessera-gguf-");
const lines: Record<string, unknown>[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);

const SETTINGS: LlamaRuntimeSettings = {
  threads: 1,
  concurrency: 1,
  idleMs: 60_000,
  contextSize: 512,
  gpu: "off",
};
let finite: { name: string; path: string; sizeBytes: number };
let endless: { name: string; path: string; sizeBytes: number };
const runtimes: LlamaRuntime[] = [];

const runtime = (overrides: Partial<LlamaRuntimeSettings> = {}, freeMemory?: () => number) => {
  const made = createLlamaRuntime({ ...SETTINGS, ...overrides }, { logger, freeMemory });
  runtimes.push(made);
  return made;
};

beforeAll(async () => {
  const at = dir();
  finite = {
    name: "tiny",
    path: join(at, "tiny.gguf"),
    sizeBytes: await writeTinyGguf(join(at, "tiny.gguf")),
  };
  endless = {
    name: "tiny-endless",
    path: join(at, "endless.gguf"),
    sizeBytes: await writeTinyGguf(join(at, "endless.gguf"), { endless: true }),
  };
});
afterAll(async () => {
  for (const r of runtimes) await r.close();
});

/** Streams one answer; `onPart` may stop it. */
async function ask(
  rt: LlamaRuntime,
  file: typeof finite,
  opts: { signal?: AbortSignal; onPart?: (part: ModelStreamPart) => void; maxOutputTokens?: number } = {},
) {
  const model = createGgufLanguageModel({ modelId: `gguf/${file.name}`, file, runtime: rt });
  const stream = streamModel({
    model,
    system: "You answer briefly.",
    messages: [{ role: "user", content: "Who are you?" }],
    maxOutputTokens: opts.maxOutputTokens,
    signal: opts.signal ?? new AbortController().signal,
    idleMs: 15_000,
    totalMs: 60_000,
  });
  const parts: ModelStreamPart[] = [];
  let next = await stream.next();
  for (; !next.done; next = await stream.next()) {
    parts.push(next.value);
    opts.onPart?.(next.value);
  }
  return { parts, outcome: next.value };
}

describe("a GGUF model run in process", () => {
  it("streams its answer through the chat template inside the file, with token counts", async () => {
    const rt = runtime();
    const { parts, outcome } = await ask(rt, finite);
    expect(outcome.failure).toBeNull();
    expect(outcome.text.trim()).toBe(TINY_SENTENCE);
    expect(parts.filter((p) => p.type === "text").length).toBeGreaterThan(3);
    expect(outcome.outputTokens).toBeGreaterThanOrEqual(TINY_SENTENCE.split(" ").length);
    expect(parts[0]).toEqual({ type: "status", status: { kind: "loading" } });
    // The file's ChatML template is what formats the conversation.
    expect(lines.find((l) => l.event === "llm.local.loaded")).toMatchObject({ chatWrapper: "ChatML" });
    expect(rt.isLoaded(finite.path)).toBe(true);
  });

  it("keeps the text so far when stopped, and ends at the length asked for", async () => {
    const rt = runtime();
    const stop = new AbortController();
    let texts = 0;
    const stopped = await ask(rt, endless, {
      signal: stop.signal,
      onPart: (p) => {
        if (p.type === "text" && ++texts === 12) stop.abort();
      },
    });
    expect(stopped.outcome.interrupted).toBe(true);
    expect(stopped.outcome.failure).toBeNull();
    expect(stopped.outcome.text).toMatch(new RegExp(`^\\s*${TINY_SENTENCE.replace(".", "\\.")} Hello`));
    const capped = await ask(rt, endless, { maxOutputTokens: 20 });
    expect(capped.outcome.outputTokens).toBe(20);
    expect(capped.outcome.failure).toBeNull();
  });

  it("answers one at a time: the next waits, told how many are ahead, and Stop takes it out of line", async () => {
    const rt = runtime();
    const first = new AbortController();
    let firstTexts = 0;
    let secondQueued: ModelStreamPart | undefined;
    const third = new AbortController();
    const firstRun = ask(rt, endless, {
      signal: first.signal,
      onPart: (p) => {
        // Once it answers, two more ask: the second waits behind it, the third behind both.
        if (p.type === "text" && ++firstTexts === 2) {
          void secondRun.start();
          void thirdRun.start();
        }
      },
    });
    const lazy = <T>(run: () => Promise<T>) => {
      let promise: Promise<T> | undefined;
      return { start: () => (promise ??= run()), get: () => promise! };
    };
    const secondRun = lazy(() =>
      ask(rt, endless, {
        maxOutputTokens: 5,
        onPart: (p) => {
          if (p.type === "status" && !secondQueued) secondQueued = p;
        },
      }),
    );
    const thirdStatuses: ModelStreamPart[] = [];
    const thirdRun = lazy(() =>
      ask(rt, endless, {
        signal: third.signal,
        onPart: (p) => {
          thirdStatuses.push(p);
          // Seen in line behind two: stopped there, and the first answer may end.
          if (p.type === "status" && p.status.kind === "queued") {
            third.abort();
            setTimeout(() => first.abort(), 50);
          }
        },
      }),
    );
    await firstRun;
    const [second, thirdResult] = await Promise.all([secondRun.get(), thirdRun.get()]);
    expect(secondQueued).toEqual({ type: "status", status: { kind: "queued", ahead: 1 } });
    expect(thirdStatuses[0]).toEqual({ type: "status", status: { kind: "queued", ahead: 2 } });
    expect(thirdResult.outcome).toMatchObject({ interrupted: true, text: "" });
    // The second got its turn once the first was stopped, with the third gone from the line.
    expect(second.outcome.failure).toBeNull();
    expect(second.outcome.outputTokens).toBe(5);
  });

  it("refuses a model that would not fit in the memory free now, saying how much it needs", async () => {
    const rt = runtime({}, () => 10_000_000);
    const { outcome } = await ask(rt, finite);
    expect(outcome.failure).toBe("unavailable");
    expect(outcome.message).toMatch(
      /^Not enough memory to load tiny: it needs about \d+ MB and the server has 10 MB free\.$/,
    );
    expect(rt.isLoaded(finite.path)).toBe(false);
  });

  it("unloads a model nobody asked for in LOCAL_LLM_IDLE_S", async () => {
    const rt = runtime({ idleMs: 300 });
    await ask(rt, finite);
    expect(rt.isLoaded(finite.path)).toBe(true);
    await expect.poll(() => rt.isLoaded(finite.path), { timeout: 5_000 }).toBe(false);
    // And loads it again when asked.
    const again = await ask(rt, finite);
    expect(again.outcome.text.trim()).toBe(TINY_SENTENCE);
  });
});
