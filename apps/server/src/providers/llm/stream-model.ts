// One model call as a stream of text and sources, with the guards every caller needs: an idle and an
// overall timeout, the caller's abort, timings, and an outcome that says how it ended. A 429 that asks
// for a short wait (Retry-After up to 5 s) before any text is tried once more, and so is a connection
// that closed before any answer (a kept-alive connection the provider had just let go); a bare 429
// or a longer wait is reported at once. Chat and comparison both stream through here; what they store and send
// is theirs.
import type { LanguageModelV3 } from "@ai-sdk/provider";
import { APICallError, streamText, type ModelMessage } from "ai";
import { CHAT_ERROR_MESSAGES } from "@tessera/contracts";
import { classifyLlmError, type LlmErrorKind } from "./llm-errors";

export interface ModelStreamOptions {
  model: LanguageModelV3;
  system: string;
  messages: ModelMessage[];
  temperature?: number;
  maxOutputTokens?: number;
  /** The caller's abort (the person pressed Stop or left). */
  signal: AbortSignal;
  /** Upstream silence after which the call is abandoned, and the overall cap. */
  idleMs: number;
  totalMs: number;
}

export type ModelStreamPart = { type: "text"; text: string } | { type: "source"; title: string; url: string };

export interface ModelStreamOutcome {
  text: string;
  /** As the provider reported it; null when it did not. */
  outputTokens: number | null;
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
  errorName?: string;
}

const FAILURE_CODES = {
  rateLimited: "RATE_LIMITED",
  unavailable: "MODEL_UNAVAILABLE",
  failed: "STREAM_FAILED",
  timeout: "TIMEOUT",
} as const;

/** The wire error of a failed call: a code, and the spec's message (a timeout reads as unavailable). */
export function describeFailure(kind: NonNullable<ModelStreamOutcome["failure"]>): {
  code: string;
  message: string;
} {
  return {
    code: FAILURE_CODES[kind],
    message: CHAT_ERROR_MESSAGES[kind === "timeout" ? "unavailable" : kind],
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
  const touch = () => {
    clearTimeout(idle);
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
    failure: null,
    interrupted: false,
    timeToFirstTokenMs: null,
    totalMs: 0,
    cost: null,
  };
  try {
    for (let attempt = 1; ; attempt++) {
      touch();
      const result = streamText({
        model: options.model,
        system: options.system,
        temperature: options.temperature,
        maxOutputTokens: options.maxOutputTokens,
        messages: options.messages,
        maxRetries: 0,
        abortSignal: upstream.signal,
        // Errors arrive as `error` parts below; the SDK's default handler would print raw upstream text.
        onError: () => undefined,
      });
      let retryIn: number | null = null;
      for await (const part of result.fullStream) {
        touch();
        if (part.type === "text-delta" && part.text) {
          outcome.timeToFirstTokenMs ??= Math.round(performance.now() - started);
          outcome.text += part.text;
          yield { type: "text", text: part.text };
        } else if (part.type === "source" && part.sourceType === "url") {
          yield { type: "source", title: part.title ?? part.url, url: part.url };
        } else if (part.type === "finish-step") {
          outcome.cost = reportedCost(part.providerMetadata) ?? outcome.cost;
        } else if (part.type === "finish") {
          outcome.outputTokens = part.totalUsage.outputTokens ?? null;
        } else if (part.type === "error") {
          outcome.failure = classifyLlmError(part.error);
          outcome.upstreamStatus = APICallError.isInstance(part.error) ? part.error.statusCode : undefined;
          outcome.errorName = part.error instanceof Error ? part.error.name : "unknown";
          if (attempt === 1 && !outcome.text)
            retryIn = connectionFailedBeforeAnswer(part.error) ? 0 : shortRetryAfter(part.error);
          // The answer ends at its first error: whatever a provider sends after one (a malformed
          // chunk, an error object mid-stream) would leave a hole in the text.
          break;
        } else if (part.type === "abort") {
          outcome.interrupted = !timedOut;
        }
      }
      if (retryIn === null || signal.aborted || timedOut) break;
      // A 429 that names a short wait, or a connection lost before any answer: wait, then ask again.
      clearTimeout(idle);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, retryIn);
        upstream.signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
      });
      if (upstream.signal.aborted) break;
      outcome.failure = null;
      outcome.upstreamStatus = undefined;
      outcome.errorName = undefined;
    }
    // Stop reading a provider that failed mid-stream: its connection is closed, not left to drain.
    if (outcome.failure && !upstream.signal.aborted) upstream.abort(new Error("upstream failed"));
  } catch (err) {
    if (signal.aborted) outcome.interrupted = true;
    else {
      outcome.failure = timedOut ? "timeout" : classifyLlmError(err);
      outcome.errorName = err instanceof Error ? err.name : "unknown";
    }
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    signal.removeEventListener("abort", onClientAbort);
  }
  if (timedOut && !outcome.failure && !outcome.interrupted) outcome.failure = "timeout";
  if (signal.aborted) outcome.interrupted = true;
  outcome.totalMs = Math.round(performance.now() - started);
  return outcome;
}
