// Tessera Local: the embedded language model. A real LanguageModelV3, so the chat feature streams it
// through the AI SDK exactly like a remote model. It answers in process from the caller's retrieval
// (help, catalogue, their documents) with citations, and never claims to be another model.
//
// Stream order: stream-start, response-metadata, one `source` per cited passage (before the text, so
// sources are known even if the person stops the answer early), text-start, text-delta chunks of a
// few words `paceMs` apart, text-end, finish. On abort nothing more is emitted and the stream ends
// with an AbortError, as fetch does, which makes streamText emit its `abort` part.
import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3StreamPart,
  LanguageModelV3Usage,
  SharedV3Warning,
} from "@ai-sdk/provider";
import { setTimeout as sleep } from "node:timers/promises";
import { LOCAL_MODEL_ID, splitAttachments, type LanguageCode } from "@tessera/contracts";
import { composeLocalAnswer, LOCAL_MODEL_NAME, type LocalVoice } from "./local-answer";
import { citedChunkOf } from "./cited-chunk";
import { abortError } from "./llm-errors";
import { lastUserText, promptChars } from "./prompt-text";
import type { Passage, Retrieve } from "./types";

const RETRIEVE_LIMIT = 6;
const WORDS_PER_CHUNK = 4;
const TEXT_ID = "text-0";
const STOP = { unified: "stop", raw: "stop" } as const;

export function createTesseraLocal(opts: {
  retrieve: Retrieve;
  paceMs: number;
  /** Who it answers as and to (the chat's persona, an admin or not); Tessera Local to a member if unset. */
  voice?: Partial<LocalVoice>;
  /** The reader's language, for the answer's own words (the passages stay as written); English if unset. */
  language?: LanguageCode;
}): LanguageModelV3 {
  const voice: LocalVoice = { speaker: LOCAL_MODEL_NAME, admin: false, ...opts.voice };
  async function answer(options: LanguageModelV3CallOptions) {
    // The question is the person's words; files sent with it are read first, not searched for.
    const { text: question, attachments: files } = splitAttachments(lastUserText(options.prompt));
    const query = question.trim();
    const passages = query && files.length === 0 ? await opts.retrieve(query, RETRIEVE_LIMIT) : [];
    if (options.abortSignal?.aborted) throw abortError(options.abortSignal);
    const { text, cited } = composeLocalAnswer(query, passages, { files, voice, language: opts.language });
    return {
      text,
      cited,
      usage: usageOf(promptChars(options.prompt), text.length),
      warnings: warningsFor(options),
    };
  }

  return {
    specificationVersion: "v3",
    provider: "tessera",
    modelId: LOCAL_MODEL_ID,
    supportedUrls: {},

    async doGenerate(options) {
      const { text, cited, usage, warnings } = await answer(options);
      return {
        content: [...cited.map(toSource), { type: "text", text }],
        finishReason: STOP,
        usage,
        warnings,
        response: { modelId: LOCAL_MODEL_ID },
      };
    },

    async doStream(options) {
      const { text, cited, usage, warnings } = await answer(options);
      const deltas = chunkWords(text);
      const parts: LanguageModelV3StreamPart[] = [
        { type: "stream-start", warnings },
        { type: "response-metadata", modelId: LOCAL_MODEL_ID },
        ...cited.map(toSource),
        { type: "text-start", id: TEXT_ID },
        ...deltas.map((delta): LanguageModelV3StreamPart => ({ type: "text-delta", id: TEXT_ID, delta })),
        { type: "text-end", id: TEXT_ID },
        { type: "finish", usage, finishReason: STOP },
      ];
      return { stream: pacedStream(parts, opts.paceMs, options.abortSignal) };
    },
  };
}

/** Emits `parts` in order, waiting `paceMs` before each text delta after the first. */
function pacedStream(
  parts: LanguageModelV3StreamPart[],
  paceMs: number,
  signal: AbortSignal | undefined,
): ReadableStream<LanguageModelV3StreamPart> {
  let next = 0;
  let deltasSent = 0;
  let ended = false;
  let onAbort = () => {};
  return new ReadableStream<LanguageModelV3StreamPart>({
    start(controller) {
      onAbort = () => {
        if (ended) return;
        ended = true;
        controller.error(abortError(signal));
      };
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    },
    async pull(controller) {
      const part = parts[next++];
      if (ended) return;
      if (!part) {
        ended = true;
        signal?.removeEventListener("abort", onAbort);
        return controller.close();
      }
      if (part.type === "text-delta" && deltasSent++ > 0 && paceMs > 0) {
        // Rejects at once on abort; onAbort has already ended the stream, so there is nothing to do.
        const waited = await sleep(paceMs, undefined, { signal }).then(
          () => true,
          () => false,
        );
        if (!waited || ended) return;
      }
      controller.enqueue(part);
    },
    cancel() {
      ended = true;
      signal?.removeEventListener("abort", onAbort);
    },
  });
}

/** A few words per chunk, whitespace kept with the word before it, so joining gives the text back. */
function chunkWords(text: string): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += WORDS_PER_CHUNK)
    chunks.push(words.slice(i, i + WORDS_PER_CHUNK).join(""));
  return chunks;
}

const toSource = (p: Passage) => {
  const cited = citedChunkOf(p);
  return {
    type: "source",
    sourceType: "url",
    id: p.id,
    url: p.url,
    title: p.title,
    ...(cited.chunkId ? { providerMetadata: { tessera: cited } } : {}),
  } as const;
};

/** Tokens estimated as ceil(chars / 4): there is no tokenizer, and the figure feeds usage charts only. */
function usageOf(inputChars: number, outputChars: number): LanguageModelV3Usage {
  const input = Math.ceil(inputChars / 4);
  const output = Math.ceil(outputChars / 4);
  return {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  };
}

function warningsFor(options: LanguageModelV3CallOptions): SharedV3Warning[] {
  const warnings: SharedV3Warning[] = [];
  if (options.tools?.length) warnings.push({ type: "unsupported", feature: "tools" });
  if (options.responseFormat?.type === "json")
    warnings.push({ type: "unsupported", feature: "responseFormat" });
  return warnings;
}
