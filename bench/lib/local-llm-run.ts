// One process of bench row 10: loads a GGUF file through the server's own llama.cpp runtime
// (apps/server/src/providers/llm/gguf), asks it `answers` times through streamModel as the chat does,
// each with a prompt of about 400 tokens and a fresh context, and prints what it measured as JSON:
// llama.cpp's start and the model's load, time to first token, tokens a second while answering, and
// the memory the model adds. llama.cpp is started first with a tiny model (then unloaded), so that the
// RSS before the model is that of a server already running local models. Its own process, so that
// peak RSS is this model's alone. Usage: tsx local-llm-run.ts <file> <threads> <answers> <tokens>
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Writable } from "node:stream";
import { serverModule } from "./database";

const [file, threadsArg, answersArg, tokensArg] = process.argv.slice(2);
const root = resolve(import.meta.dirname, "../..");
const threads = Number(threadsArg);

interface Runtime {
  acquire(file: unknown, signal: undefined, onStatus: () => void): Promise<{ release(): void }>;
  unload(path: string): Promise<void>;
  close(): Promise<void>;
}
const { createLlamaRuntime } = await serverModule<{
  createLlamaRuntime: (settings: unknown, deps: unknown) => Runtime;
}>(root, "providers/llm/gguf/llama-runtime.ts");
const { createGgufLanguageModel } = await serverModule<{
  createGgufLanguageModel: (opts: unknown) => unknown;
}>(root, "providers/llm/gguf/gguf-language-model.ts");
const { streamModel } = await serverModule<{
  streamModel: (
    opts: unknown,
  ) => AsyncGenerator<
    { type: string },
    { inputTokens: number | null; outputTokens: number | null; failure: string | null }
  >;
}>(root, "providers/llm/stream-model.ts");
const { writeTinyGguf } = await serverModule<{ writeTinyGguf: (path: string) => Promise<number> }>(
  root,
  "test/tiny-gguf.ts",
);
const { pino } = await import("pino");
// The runtime's own log lines say how long llama.cpp took to start and the model to load.
const events: { event?: string; ms?: number }[] = [];
const logger = pino(
  { level: "info" },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      events.push(JSON.parse(chunk.toString()) as { event?: string; ms?: number });
      done();
    },
  }),
);
const loggedMs = (event: string) => events.findLast((e) => e.event === event)?.ms ?? null;

const kb = (field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? 0) *
  1024;

const model = { name: "bench", path: file!, sizeBytes: statSync(file!).size };
const runtime = createLlamaRuntime(
  { threads, concurrency: 1, idleMs: 600_000, contextSize: 4096, gpu: "off" },
  { logger },
);
const scratch = mkdtempSync(join(tmpdir(), "tessera-bench-tiny-"));
const tiny = { name: "tiny", path: join(scratch, "tiny.gguf"), sizeBytes: 0 };
tiny.sizeBytes = await writeTinyGguf(tiny.path);
(await runtime.acquire(tiny, undefined, () => {})).release();
await new Promise((r) => setTimeout(r, 100)); // the sequence is handed back asynchronously
await runtime.unload(tiny.path);
rmSync(scratch, { recursive: true, force: true });
const llamaStartMs = loggedMs("llm.llama_cpp.ready");
const rssBefore = kb("VmRSS");
(await runtime.acquire(model, undefined, () => {})).release();
const loadMs = loggedMs("llm.local.loaded");
let started: number;

// About 400 tokens: the file's tokenizer spells these out a character at a time.
const prompt = Array.from({ length: 20 }, (_, i) => `Sentence ${i} of the question.`)
  .join(" ")
  .slice(0, 390);
const answers = [];
for (let i = 0; i < Number(answersArg); i++) {
  started = performance.now();
  let first: number | null = null;
  const stream = streamModel({
    model: createGgufLanguageModel({ modelId: "gguf/bench", file: model, runtime }),
    system: "",
    messages: [{ role: "user", content: `${i} ${prompt}` }],
    maxOutputTokens: Number(tokensArg),
    temperature: 0.7,
    signal: new AbortController().signal,
    idleMs: 120_000,
    totalMs: 600_000,
  });
  let next = await stream.next();
  for (; !next.done; next = await stream.next())
    if (next.value.type === "text") first ??= performance.now() - started;
  const totalMs = performance.now() - started;
  const { inputTokens, outputTokens, failure } = next.value;
  answers.push({
    ttftMs: first,
    inputTokens,
    outputTokens,
    failure,
    // After the first token: the pace of answering.
    tokensPerSecond: first !== null && outputTokens ? ((outputTokens - 1) * 1000) / (totalMs - first) : null,
  });
}
await runtime.close();
process.stdout.write(
  `${JSON.stringify({ fileBytes: model.sizeBytes, threads, llamaStartMs, loadMs, rssBefore, peakRss: kb("VmHWM"), answers })}\n`,
);
