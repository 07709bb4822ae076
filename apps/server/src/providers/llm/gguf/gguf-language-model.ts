// A GGUF model run by llama.cpp in this process, as a LanguageModelV3 like every other model: the chat
// streams it through streamModel with the same timeouts, Stop and token counts. The conversation is
// formatted by the chat template inside the file (node-llama-cpp resolves it). Before its first word
// the stream tells where the answer stands (its place in line, loading, reading a long message) as
// status parts, again every few seconds, so that a long wait is not taken for a dead model.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Prompt,
  LanguageModelV3StreamPart,
  SharedV3Warning,
} from "@ai-sdk/provider";
import type { ChatHistoryItem, LlamaChat } from "node-llama-cpp";
import { abortError } from "../llm-errors";
import { statusPart, type ModelStatus } from "../model-status";
import type { LlamaRuntime, LocalModelFile, ModelLease } from "./llama-runtime";

/** How often a waiting answer says so again (well inside the chat's 15 s idle timeout). */
export const STATUS_EVERY_MS = 4_000;
/** A first word later than this after the model's turn came: it is reading a long message. */
const READING_AFTER_MS = 1_500;
/** An answer's length when the caller sets none: long answers, but not a context's worth. */
const DEFAULT_MAX_TOKENS = 2_048;
const TEXT_ID = "text-0";

export function createGgufLanguageModel(opts: {
  /** The picker's id, `gguf/<name>`. */
  modelId: string;
  file: LocalModelFile;
  runtime: LlamaRuntime;
}): LanguageModelV3 {
  const { modelId } = opts;

  async function answer(
    options: LanguageModelV3CallOptions,
    signal: AbortSignal,
    push: (part: LanguageModelV3StreamPart) => void,
  ) {
    push({ type: "stream-start", warnings: warningsFor(options) });
    push({ type: "response-metadata", modelId });
    let last: ModelStatus | null = null;
    const say = (status: ModelStatus) => {
      last = status;
      push(statusPart(status));
    };
    const again = setInterval(() => last && push(statusPart(last)), STATUS_EVERY_MS);
    let reading: NodeJS.Timeout | undefined;
    let lease: ModelLease | undefined;
    let chat: LlamaChat | undefined;
    try {
      lease = await opts.runtime.acquire(opts.file, signal, say);
      reading = setTimeout(() => say({ kind: "reading" }), READING_AFTER_MS);
      chat = new lease.bindings.LlamaChat({
        contextSequence: lease.sequence,
        chatWrapper: lease.chatWrapper,
      });
      const meter = lease.sequence.tokenMeter;
      const before = meter.getState();
      let started = false;
      const result = await chat.generateResponse(toHistory(options.prompt), {
        signal,
        // Stop keeps what was said: the answer so far comes back instead of an error.
        stopOnAbortSignal: true,
        maxTokens: options.maxOutputTokens ?? DEFAULT_MAX_TOKENS,
        temperature: options.temperature ?? 0.7,
        topP: options.topP ?? 0.95,
        topK: options.topK ?? 40,
        minP: 0.05,
        seed: options.seed,
        repeatPenalty: {
          penalty: 1.1,
          frequencyPenalty: options.frequencyPenalty,
          presencePenalty: options.presencePenalty,
        },
        customStopTriggers: options.stopSequences,
        onTextChunk: (delta) => {
          if (!delta) return;
          if (!started) {
            started = true;
            clearTimeout(reading);
            clearInterval(again);
            push({ type: "text-start", id: TEXT_ID });
          }
          push({ type: "text-delta", id: TEXT_ID, delta });
        },
      });
      if (signal.aborted) throw abortError(signal);
      if (!started) push({ type: "text-start", id: TEXT_ID });
      push({ type: "text-end", id: TEXT_ID });
      const after = meter.getState();
      const input = after.usedInputTokens - before.usedInputTokens;
      const output = after.usedOutputTokens - before.usedOutputTokens;
      const reason = result.metadata.stopReason;
      push({
        type: "finish",
        finishReason: {
          unified: reason === "maxTokens" ? "length" : "stop",
          raw: reason,
        },
        usage: {
          inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
          outputTokens: { total: output, text: output, reasoning: undefined },
        },
      });
    } finally {
      clearInterval(again);
      clearTimeout(reading);
      chat?.dispose({ disposeSequence: false });
      lease?.release();
    }
  }

  return {
    specificationVersion: "v3",
    provider: "llama-cpp",
    modelId,
    supportedUrls: {},

    async doGenerate(options) {
      const parts: LanguageModelV3StreamPart[] = [];
      const signal = options.abortSignal ?? new AbortController().signal;
      await answer(options, signal, (p) => parts.push(p));
      const text = parts.flatMap((p) => (p.type === "text-delta" ? [p.delta] : [])).join("");
      const finish = parts.find((p) => p.type === "finish");
      return {
        content: [{ type: "text", text }],
        finishReason: finish?.finishReason ?? { unified: "stop", raw: undefined },
        usage: finish!.usage,
        warnings: warningsFor(options),
        response: { modelId },
      };
    },

    doStream(options) {
      // Its own signal too: a reader that cancels (the caller stopped reading) ends the generation.
      const cancelled = new AbortController();
      const signal = options.abortSignal
        ? AbortSignal.any([options.abortSignal, cancelled.signal])
        : cancelled.signal;
      let ended = false;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        start(controller) {
          const push = (part: LanguageModelV3StreamPart) => {
            if (!ended) controller.enqueue(part);
          };
          answer(options, signal, push).then(
            () => {
              if (ended) return;
              ended = true;
              controller.close();
            },
            (error: unknown) => {
              if (ended) return;
              ended = true;
              if (signal.aborted) controller.error(abortError(options.abortSignal ?? signal));
              else {
                controller.enqueue({ type: "error", error });
                controller.close();
              }
            },
          );
        },
        cancel() {
          ended = true;
          cancelled.abort();
        },
      });
      return Promise.resolve({ stream });
    },
  };
}

/** The provider interface's prompt as node-llama-cpp's chat history, ending with the answer to write. */
export function toHistory(prompt: LanguageModelV3Prompt): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = [];
  const textOf = (parts: readonly { type: string; text?: string }[]) =>
    parts.flatMap((p) => (p.type === "text" && p.text ? [p.text] : [])).join("\n");
  for (const m of prompt) {
    if (m.role === "system") history.push({ type: "system", text: m.content });
    else if (m.role === "user") history.push({ type: "user", text: textOf(m.content) });
    else if (m.role === "assistant") history.push({ type: "model", response: [textOf(m.content)] });
  }
  history.push({ type: "model", response: [] });
  return history;
}

function warningsFor(options: LanguageModelV3CallOptions): SharedV3Warning[] {
  const warnings: SharedV3Warning[] = [];
  if (options.tools?.length) warnings.push({ type: "unsupported", feature: "tools" });
  if (options.responseFormat?.type === "json")
    warnings.push({ type: "unsupported", feature: "responseFormat" });
  if (options.prompt.some((m) => m.role === "user" && m.content.some((p) => p.type === "file")))
    warnings.push({ type: "unsupported", feature: "images" });
  return warnings;
}
