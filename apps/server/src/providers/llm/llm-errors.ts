// Upstream failures as the chat feature sees them: never retryable (one request per message, so a
// 429 is not tripled), never carrying a provider key, and sorted into the spec's three messages.
import { APICallError } from "@ai-sdk/provider";
import type { CHAT_ERROR_MESSAGES } from "@tessera/contracts";

/** A stream that broke after it started (socket closed, body cut short); the partial text stands. */
export class StreamInterruptedError extends Error {
  override name = "StreamInterruptedError";
  constructor(cause: unknown) {
    super("The model's response stream ended before it finished.", { cause });
  }
}

/**
 * A model that cannot answer for a reason of this server's own that a person can act on (a local
 * model too large for the memory free now): its message is written for them and shown as it is.
 */
export class ModelUnavailableError extends Error {
  override name = "ModelUnavailableError";
}

export type LlmErrorKind = Exclude<keyof typeof CHAT_ERROR_MESSAGES, "unsupported">;

/** Which of the spec's chat messages (CHAT_ERROR_MESSAGES) an error from `fullStream` deserves. */
export function classifyLlmError(error: unknown): LlmErrorKind {
  if (APICallError.isInstance(error)) return error.statusCode === 429 ? "rateLimited" : "unavailable";
  if (error instanceof ModelUnavailableError) return "unavailable";
  return "failed";
}

/** Replaces every configured key in `text`; short values are skipped so that nothing common is hidden. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 8) out = out.split(s).join("[redacted]");
  return out;
}

/**
 * The same error, made safe to pass on: APICallErrors are rebuilt as not retryable (the AI SDK retries
 * only retryable ones, so `maxRetries` cannot multiply requests) and any key an upstream echoed back is
 * redacted from the message, body and data.
 */
export function sanitizeUpstreamError(error: unknown, secrets: readonly string[]): unknown {
  const clean = (s: string) => redactSecrets(s, secrets);
  if (APICallError.isInstance(error)) {
    return new APICallError({
      message: clean(error.message),
      url: clean(error.url),
      requestBodyValues: error.requestBodyValues,
      statusCode: error.statusCode,
      responseHeaders: error.responseHeaders,
      responseBody: error.responseBody === undefined ? undefined : clean(error.responseBody),
      cause: error.cause,
      isRetryable: false,
      data: cleanData(error.data, clean),
    });
  }
  if (error instanceof Error && clean(error.message) !== error.message) {
    const safe = new Error(clean(error.message));
    safe.name = error.name;
    return safe;
  }
  return error;
}

function cleanData(data: unknown, clean: (s: string) => string): unknown {
  if (data === undefined) return undefined;
  const json = JSON.stringify(data);
  if (json === undefined || clean(json) === json) return data;
  return JSON.parse(clean(json)) as unknown;
}

/**
 * The error that ends a stream the caller aborted. The signal's reason when it is abort-like, else an
 * AbortError: streamText turns only abort-like errors into its `abort` part, and callers often abort
 * with a plain `new Error("…")` reason, which would otherwise surface as a failure.
 */
export function abortError(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  const abortLike =
    reason instanceof Error && (reason.name === "AbortError" || reason.name === "TimeoutError");
  return abortLike ? reason : new DOMException("This operation was aborted", "AbortError");
}
