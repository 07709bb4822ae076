// Errors at /v1 in OpenAI's shape ({error: {message, type, code, param}}), which its clients read and
// turn into their own exception types. Our AppErrors map onto it by status.
import type { OpenAiErrorBody } from "@tessera/contracts";
import { AppError } from "../../lib/errors";

const TYPE_BY_STATUS: Record<number, [type: string, code: string | null]> = {
  400: ["invalid_request_error", null],
  401: ["authentication_error", "invalid_api_key"],
  402: ["insufficient_quota", "insufficient_quota"],
  403: ["permission_error", "permission_denied"],
  404: ["invalid_request_error", "not_found"],
  409: ["invalid_request_error", "conflict"],
  413: ["invalid_request_error", "request_too_large"],
  429: ["rate_limit_exceeded", "rate_limit_exceeded"],
  503: ["server_error", "service_unavailable"],
};

const QUOTA = "insufficient_quota";

export class OpenAiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string | null = TYPE_BY_STATUS[status]?.[1] ?? null,
    readonly param: string | null = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  body(): OpenAiErrorBody {
    const type =
      this.code === QUOTA
        ? QUOTA
        : (TYPE_BY_STATUS[this.status]?.[0] ??
          (this.status >= 500 ? "server_error" : "invalid_request_error"));
    return { error: { message: this.message, type, code: this.code, param: this.param } };
  }
}

export const invalidKey = () =>
  new OpenAiError(
    401,
    "Incorrect or missing API key. Create one under Account → API keys, and send it as `Authorization: Bearer tsr_…`.",
  );

/** Any error thrown on the way, as OpenAI's clients expect to read it. */
export function toOpenAiError(err: unknown): OpenAiError {
  if (err instanceof OpenAiError) return err;
  // A spent monthly budget is OpenAI's own 429 for a spent quota, which clients do not retry.
  if (err instanceof AppError && err.code === "BUDGET_EXCEEDED")
    return new OpenAiError(err.status, err.message, QUOTA, null, err.headers);
  if (err instanceof AppError) return new OpenAiError(err.status, err.message, undefined, null, err.headers);
  return new OpenAiError(500, "The server failed to answer. Try again.", "internal_error");
}
