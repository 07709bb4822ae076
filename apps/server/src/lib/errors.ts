// Typed application errors. Routes and services throw these; app.ts's one onError turns them into
// {error: {code, message, requestId}} with the status below.
export const errorStatus = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  UNAUTHORIZED: 401,
  /** A monthly allowance of the plan is used up (images). */
  QUOTA_EXCEEDED: 402,
  FORBIDDEN: 403,
  /** The caller's plan does not include this (a model, voice, custom assistants…). */
  PLAN_REQUIRED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  /** A connection's test call failed, so it was not saved (Admin → Connections can save it untested). */
  CONNECTION_FAILED: 400,
  /** It existed but can no longer be used (a spent or expired invitation). */
  GONE: 410,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** A file that hit a reading limit (time, memory, pages, nesting): it is not read at all. */
  TOO_COMPLEX: 422,
  /** The disk lacks room for what was asked (a model download). */
  INSUFFICIENT_STORAGE: 507,
  RATE_LIMITED: 429,
  /** The person's monthly budget (Admin → Budgets) is spent: no model calls until the month ends. */
  BUDGET_EXCEEDED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  override name = "AppError";
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = errorStatus[code];
    this.headers = options?.headers ?? {};
  }
  readonly headers: Record<string, string>;
}

export const notFound = (what = "Not found") => new AppError("NOT_FOUND", what);
export const unauthorized = (message = "Sign in to continue.") => new AppError("UNAUTHORIZED", message);

export type ErrorBody = { error: { code: string; message: string; requestId: string } };

export function errorBody(code: string, message: string, requestId: string): ErrorBody {
  return { error: { code, message, requestId } };
}

/**
 * True when the error, or one of the errors it was caused by (drivers and Drizzle wrap what the
 * database said a few levels deep), passes `test`.
 */
export function someCause(err: unknown, test: (e: Error & { code?: unknown }) => boolean): boolean {
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (test(e)) return true;
  return false;
}
