// One model call as a stream of text and sources, with the guards every caller needs: an idle and an
// overall timeout, the caller's abort, timings, and an outcome that says how it ended. A 429 that asks
// for a short wait (Retry-After up to 5 s) before any text is tried once more, and so is a connection
// that closed before any answer (a kept-alive connection the provider had just let go); a bare 429
// or a longer wait is reported at once. Chat and comparison both stream through here; what they store and send
// is theirs.
import {
  APICallError,
  type LanguageModelV3,
  type LanguageModelV3Prompt,
  type LanguageModelV3StreamPart,
} from "@ai-sdk/provider";
import type { ModelMessage } from "ai";
import { CHAT_ERROR_MESSAGES } from "@tessera/contracts";
import { classifyLlmError, ModelUnavailableError, type LlmErrorKind } from "./llm-errors";
import { statusOf, type ModelStatus } from "./model-status";
import { reportModelCall } from "../../observability/model-calls";

export interface ModelStreamOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** Sampling and stop sequences as a program asks for them (the OpenAI-compatible API). */
  topP?: number;
  stopSequences?: string[];
  /** The caller's abort (the person pressed Stop or left). */
  signal: AbortSignal;
  /** Upstream silence after which the call is abandoned, and the overall cap. */
  idleMs: number;
  totalMs: number;
}

/**
 * A piece of the answer's text, and the whole text so far (this piece included): the same string the
 * outcome ends with, so a caller that stores drafts keeps no second copy of the answer as it grows.
 */
export type ModelStreamPart =
  | { type: "text"; text: string; sofar: string }
  | { type: "source"; title: string; url: string }
  /** Before the first word of a model that runs here: its line, its loading (model-status.ts). */
  | { type: "status"; status: ModelStatus };

export interface ModelStreamOutcome {
  text: string;
  /** As the provider reported it; null when it did not. */
  outputTokens: number | null;
  inputTokens: number | null;
  /** Set when the call failed: why, in the spec's terms, or a timeout. */
  failure: LlmErrorKind | "timeout" | null;
  /** The caller aborted; the text so far stands. */
  interrupted: boolean;
  timeToFirstTokenMs: number | null;
  totalMs: number;
  /** US dollars, when the provider reports it in its metadata (OpenRouter does). */
  cost: number | null;
  /** The upstream HTTP status of a failure, for logs. */
  upstreamStatus?: number;
  /** The failure in the model's own words for people, when it has some (ModelUnavailableError). */
  message?: string;
  errorName?: string;
}

const FAILURE_CODES = {
  rateLimited: "RATE_LIMITED",
  unavailable: "MODEL_UNAVAILABLE",
  failed: "STREAM_FAILED",
  timeout: "TIMEOUT",
} as const;

/** The wire error of a failed call: a code, and the spec's message (a timeout reads as unavailable). */
export function describeFailure(
  kind: NonNullable<ModelStreamOutcome["failure"]>,
  message?: string,
): {
  code: string;
  message: string;
} {
  return {
    code: FAILURE_CODES[kind],
    message: message ?? CHAT_ERROR_MESSAGES[kind === "timeout" ? "unavailable" : kind],
  };
}

/** When a provider reports no usage: about four characters a token. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function reportedCost(metadata: unknown): number | null {
  const cost = (metadata as { openrouter?: { usage?: { cost?: unknown } } } | undefined)?.openrouter?.usage
    ?.cost;
  return typeof cost === "number" && Number.isFinite(cost) ? cost : null;
}

/** The longest Retry-After a rate-limited call waits out (once) before giving the person the error. */
export const RATE_LIMIT_RETRY_MAX_MS = 5_000;

/** How long a 429 asks to wait (Retry-After-Ms or Retry-After in seconds), when that is short. */
function shortRetryAfter(error: unknown): number | null {
  if (!APICallError.isInstance(error) || error.statusCode !== 429) return null;
  const headers = error.responseHeaders ?? {};
  const ms = headers["retry-after-ms"]
    ? Number(headers["retry-after-ms"])
    : headers["retry-after"]
      ? Number(headers["retry-after"]) * 1000
      : Number.NaN;
  return Number.isFinite(ms) && ms >= 0 && ms <= RATE_LIMIT_RETRY_MAX_MS ? ms : null;
}

/**
 * The call never got an answer: the connection failed before any status came back. A provider that
 * closes an idle kept-alive connection as the request goes out looks like this, and asking again on a
 * fresh connection is what a browser would do. Never after a status or any text.
 */
function connectionFailedBeforeAnswer(error: unknown): boolean {
  return APICallError.isInstance(error) && error.statusCode === undefined && error.responseBody === undefined;
}

/** Our messages as the provider interface's prompt: text, and pictures as files. */
export function toPrompt(system: string, messages: ModelMessage[]): LanguageModelV3Prompt {
  const prompt: LanguageModelV3Prompt = system ? [{ role: "system", content: system }] : [];
  for (const m of messages) {
    if (m.role === "user") {
      const content =
        typeof m.content === "string" ? [{ type: "text" as const, text: m.content }] : m.content;
      prompt.push({
        role: "user",
        content: content.map((part) => {
          if (part.type === "text") return { type: "text", text: part.text };
          if (part.type === "image" && (part.image instanceof Uint8Array || typeof part.image === "string"))
            return { type: "file", data: part.image, mediaType: part.mediaType ?? "image/png" };
          throw new Error(`A ${part.type} part is not sent to models.`);
        }),
      });
    } else if (m.role === "assistant") {
      const text =
        typeof m.content === "string"
          ? m.content
          : m.content.map((part) => (part.type === "text" ? part.text : "")).join("");
      prompt.push({ role: "assistant", content: [{ type: "text", text }] });
    } else if (m.role === "system") prompt.push({ role: "system", content: m.content });
    else throw new Error("Tool messages are not sent to models.");
  }
  return prompt;
}

/**
 * Reads the model's own stream (the provider interface's `doStream`), not the AI SDK's `streamText`:
 * the chat needs text, sources, usage and how it ended, and `streamText`'s stages (steps, tools,
 * telemetry, a tee) cost about 4 ms a call and a third of a millisecond a chunk for none of them.
 */
export async function* streamModel(
  options: ModelStreamOptions,
): AsyncGenerator<ModelStreamPart, ModelStreamOutcome> {
  const { signal } = options;
  const started = performance.now();
  const upstream = new AbortController();
  const onClientAbort = () => upstream.abort(new Error("client aborted"));
  signal.addEventListener("abort", onClientAbort, { once: true });
  let idle: NodeJS.Timeout | undefined;
  let timedOut = false;
  // One timer for the call, pushed back on every part instead of a new timer a chunk.
  const touch = () => {
    if (idle) idle.refresh();
    else
      idle = setTimeout(() => {
        timedOut = true;
        upstream.abort(new Error("upstream idle"));
      }, options.idleMs);
  };
  const total = setTimeout(() => {
    timedOut = true;
    upstream.abort(new Error("upstream too slow"));
  }, options.totalMs);

  const outcome: ModelStreamOutcome = {
    text: "",
    outputTokens: null,
    inputTokens: null,
    failure: null,
    interrupted: false,
    timeToFirstTokenMs: null,
    totalMs: 0,
    cost: null,
  };
  const prompt = toPrompt(options.system, options.messages);
  let lastError: unknown;
  const failed = (error: unknown) => {
    lastError = error;
    outcome.failure = classifyLlmError(error);
    outcome.upstreamStatus = APICallError.isInstance(error) ? error.statusCode : undefined;
    outcome.errorName = error instanceof Error ? error.name : "unknown";
    outcome.message = error instanceof ModelUnavailableError ? error.message : undefined;
  };
  try {
    for (let attempt = 1; ; attempt++) {
      touch();
      let reader: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | null = null;
      try {
        const { stream } = await options.model.doStream({
          prompt,
          temperature: options.temperature,
          maxOutputTokens: options.maxOutputTokens,
          topP: options.topP,
          stopSequences: options.stopSequences,
          abortSignal: upstream.signal,
        });
        reader = stream.getReader();
        for (;;) {
          const { done, value: part } = await reader.read();
          if (done) break;
          touch();
          if (part.type === "text-delta") {
            if (!part.delta) continue;
            outcome.timeToFirstTokenMs ??= Math.round(performance.now() - started);
            outcome.text += part.delta;
            yield { type: "text", text: part.delta, sofar: outcome.text };
          } else if (part.type === "raw") {
            const status = statusOf(part);
            if (status && !outcome.text) yield { type: "status", status };
          } else if (part.type === "source" && part.sourceType === "url") {
            yield { type: "source", title: part.title ?? part.url, url: part.url };
          } else if (part.type === "finish") {
            outcome.outputTokens = part.usage.outputTokens.total ?? null;
            outcome.inputTokens = part.usage.inputTokens.total ?? null;
            outcome.cost = reportedCost(part.providerMetadata) ?? outcome.cost;
          } else if (part.type === "error") {
            failed(part.error);
            // The answer ends at its first error: whatever a provider sends after one (a malformed
            // chunk, an error object mid-stream) would leave a hole in the text.
            break;
          }
        }
      } catch (error) {
        // The call was refused (an HTTP error, no connection) or its stream broke or was aborted.
        if (upstream.signal.aborted) {
          if (!timedOut) outcome.interrupted = true;
        } else failed(error);
      } finally {
        // Stop reading a provider that failed mid-stream: its connection is closed, not left to drain.
        void reader?.cancel().catch(() => undefined);
      }
      const retryIn =
        outcome.failure && attempt === 1 && !outcome.text && !upstream.signal.aborted
          ? connectionFailedBeforeAnswer(lastError)
            ? 0
            : shortRetryAfter(lastError)
          : null;
      if (retryIn === null || signal.aborted || timedOut) break;
      // A 429 that names a short wait, or a connection lost before any answer: wait, then ask again.
      clearTimeout(idle);
      idle = undefined;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryIn);
        upstream.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (upstream.signal.aborted) break;
      outcome.failure = null;
      outcome.upstreamStatus = undefined;
      outcome.errorName = undefined;
      outcome.message = undefined;
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    signal.removeEventListener("abort", onClientAbort);
    if (!upstream.signal.aborted && outcome.failure) upstream.abort(new Error("upstream failed"));
  }
  if (timedOut && !outcome.interrupted) outcome.failure ??= "timeout";
  if (signal.aborted) outcome.interrupted = true;
  outcome.totalMs = Math.round(performance.now() - started);
  reportModelCall(options.model, outcome);
  return outcome;
}
