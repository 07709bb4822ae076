// The one door to the server. Every call goes through `apiRequest` (or `apiStream` for a streamed
// answer): it adds the bearer token, sends JSON or a multipart form, enforces a timeout, tries a read
// again when it failed on the way, and turns the server's error shape into an `ApiError`.
import { API_RETRY_ATTEMPTS, API_RETRY_BASE_MS, DEFAULT_API_TIMEOUT_MS } from "@tessera/contracts";
import i18next from "i18next";
import { readStoredSession } from "./auth-storage";
import { object, string, validator, type Validator } from "./guards";
import { sleep } from "./sleep";

/** What the app says itself when the server could not: in the reader's language (`errors` is loaded first). */
const clientText = (
  key: "network" | "timeout" | "badResponse" | "streamFailed" | "requestFailed" | "unknown",
) => i18next.t(`client.${key}`, { ns: "errors" });

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown; attempts?: number },
  ) {
    super(message, options);
    this.name = "ApiError";
    this.attempts = options?.attempts ?? 1;
  }

  /** How many times the request was sent before this error was given up on. */
  readonly attempts: number;

  /** The server could not be reached or did not answer in time (no HTTP status). */
  get isNetworkError() {
    return this.status === 0;
  }
}

/**
 * A stored thing asked for by its id is not there for this person: deleted, someone else's (both a
 * 404), or an id that cannot be one (a 400).
 */
export const isNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  /** A multipart upload instead of JSON (the browser sets its content type and boundary). */
  form?: FormData;
  /** Validates the answer (a zod schema or a `guards` validator); without it the JSON is returned as is. */
  schema?: Validator<T>;
  /** `true` (default) sends the stored bearer token, `false` none, a string that exact token. */
  auth?: boolean | string;
  /** Cookies are only for Better Auth's own flows (two-factor challenge, cookie adoption, sign-out). */
  credentials?: RequestCredentials;
  /** Each try's own limit. */
  timeoutMs?: number;
  signal?: AbortSignal;
  /**
   * Try again (up to API_RETRY_ATTEMPTS in all, waiting 1 s then 2 s, or the Retry-After a busy
   * server asks for, up to 10 s) when the server could not be reached or answered 502, 503 or 504.
   * On by default for GET, which changes nothing on the server; off for everything else, where a
   * lost answer may hide a change that was made. A timeout is not tried again: the wait was long.
   */
  retry?: boolean;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called when one of our own endpoints answers 401 to a bearer call: the session is gone. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

export async function apiRequest<T = unknown>(
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const { response, token, attempts } = await sendWithRetry(path, options);
  const payload = await readJson(response);
  if (!response.ok) throw failure(path, token, response, payload, attempts);
  const { schema } = options;
  if (!schema) return { data: payload as T, headers: response.headers };
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(response.status, "BAD_RESPONSE", clientText("badResponse"), { cause: parsed.error });
  }
  return { data: parsed.data, headers: response.headers };
}

/**
 * Opens a streamed answer (text/event-stream). The timeout covers the wait for the first byte only;
 * after that the body stays tied to `signal`, so aborting it ends the stream. Errors before the
 * stream starts are the same `ApiError`s as `apiRequest` throws.
 */
export async function apiStream(
  path: string,
  options: Omit<RequestOptions<never>, "schema" | "form"> = {},
): Promise<ReadableStream<Uint8Array>> {
  const { response, token } = await send(path, { method: "POST", ...options }, true);
  if (!response.ok) throw failure(path, token, response, await readJson(response));
  // No content: a stream with no events.
  if (response.status === 204) return new ReadableStream({ start: (controller) => controller.close() });
  if (!response.body) throw new ApiError(response.status, "BAD_RESPONSE", clientText("streamFailed"));
  return response.body;
}

/** The name a Content-Disposition header gives a file (its UTF-8 form first), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8) {
    try {
      return decodeURIComponent(utf8[1]!.trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  return /filename="([^"]*)"/i.exec(disposition)?.[1] ?? null;
}

/** A file the API sends (an export): its bytes and the name the server gave it. */
export async function apiFile(
  path: string,
  options: Omit<RequestOptions<never>, "schema" | "form" | "body"> = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  const { response, token, attempts } = await sendWithRetry(path, options);
  if (!response.ok) throw failure(path, token, response, await readJson(response), attempts);
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition")) };
}

/** Statuses a gateway or a restarting server answers with, that say nothing of the request itself. */
const PASSING_FAILURES = new Set([502, 503, 504]);

/** Whether `error` (thrown by `send`) is worth another try: the request never reached an answer. */
const unreached = (error: unknown) => error instanceof ApiError && error.code === "NETWORK_ERROR";

/** `send`, tried again as `options.retry` says (see there); a response is returned whatever its status. */
async function sendWithRetry<T>(path: string, options: RequestOptions<T>) {
  const retry = options.retry ?? (options.method ?? "GET") === "GET";
  for (let attempt = 1; ; attempt++) {
    const last = !retry || attempt >= API_RETRY_ATTEMPTS;
    let sent: Awaited<ReturnType<typeof send>>;
    try {
      sent = await send(path, options, false);
    } catch (error) {
      if (last || !unreached(error) || !online()) throw attemptsOn(error, attempt);
      await pause(attempt, options.signal);
      continue;
    }
    if (last || !PASSING_FAILURES.has(sent.response.status)) return { ...sent, attempts: attempt };
    // The body is not read: it is dropped so the connection can be reused.
    await sent.response.body?.cancel().catch(() => undefined);
    await pause(attempt, options.signal, retryAfterMs(sent.response.headers.get("retry-after")));
  }
}

/** A browser that knows it is offline will not reach the server by waiting a second. */
const online = () => typeof navigator === "undefined" || navigator.onLine !== false;

/** The longest wait a server's Retry-After is followed for; a longer one gets the usual back-off. */
const RETRY_AFTER_CAP_MS = 10_000;

/** A Retry-After in seconds (a busy server sends one with its 503), as a wait worth making. */
function retryAfterMs(header: string | null): number | undefined {
  const seconds = header && /^\d+$/.test(header.trim()) ? Number(header) : NaN;
  const ms = seconds * 1000;
  return ms > 0 && ms <= RETRY_AFTER_CAP_MS ? ms : undefined;
}

async function pause(attempt: number, signal: AbortSignal | undefined, asked?: number) {
  await sleep(asked ?? API_RETRY_BASE_MS * 2 ** (attempt - 1), signal);
  signal?.throwIfAborted();
}

function attemptsOn(error: unknown, attempts: number): unknown {
  if (!(error instanceof ApiError) || attempts === 1) return error;
  return new ApiError(error.status, error.code, error.message, { cause: error.cause, attempts });
}

async function send<T>(path: string, options: RequestOptions<T>, streaming: boolean) {
  const { method = "GET", body, form, auth = true, credentials = "omit" } = options;
  const timeoutMs = options.timeoutMs ?? DEFAULT_API_TIMEOUT_MS;
  const token = typeof auth === "string" ? auth : auth ? readStoredSession()?.token : undefined;
  const headers: Record<string, string> = {
    accept: streaming ? "text/event-stream" : "application/json",
  };
  if (body !== undefined && !form) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  // The server words its errors in the language the page is in.
  if (i18next.language) headers["accept-language"] = i18next.language;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) forwardAbort();
  options.signal?.addEventListener("abort", forwardAbort, { once: true });

  try {
    const response = await fetch(path, {
      method,
      headers,
      credentials,
      body: form ?? (body === undefined ? undefined : JSON.stringify(body)),
      signal: controller.signal,
    });
    return { response, token };
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw controller.signal.aborted
      ? new ApiError(0, "TIMEOUT", clientText("timeout"), { cause })
      : new ApiError(0, "NETWORK_ERROR", clientText("network"), { cause });
  } finally {
    clearTimeout(timer);
    // A stream keeps listening: Stop must still end the body after the headers arrived.
    if (!streaming) options.signal?.removeEventListener("abort", forwardAbort);
  }
}

function failure(
  path: string,
  token: string | undefined,
  response: Response,
  payload: unknown,
  attempts = 1,
): ApiError {
  const error = toApiError(response, payload, attempts);
  if (error.status === 401 && token && !path.startsWith("/api/auth/")) {
    for (const listener of unauthorizedListeners) listener();
  }
  return error;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The one error shape every /api/* failure answers with (contracts' errorResponseSchema). */
const errorResponseSchema = validator((value) => {
  const error = object(object(value, "").error, "error");
  return {
    error: {
      code: string(error.code, "error.code"),
      message: string(error.message, "error.message"),
      requestId: string(error.requestId, "error.requestId"),
    },
  };
});

function toApiError(response: Response, payload: unknown, attempts: number): ApiError {
  const parsed = errorResponseSchema.safeParse(payload);
  if (parsed.success) {
    return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message, { attempts });
  }
  const fallback =
    typeof payload === "string" && payload.trim()
      ? payload.trim()
      : response.statusText || clientText("requestFailed");
  return new ApiError(response.status, `HTTP_${response.status}`, fallback, { attempts });
}

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return clientText("unknown");
}
