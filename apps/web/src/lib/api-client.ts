// The one door to the server. Every call goes through `apiRequest` (or `apiStream` for a streamed
// answer): it adds the bearer token, sends JSON or a multipart form, enforces a timeout and turns the
// server's error shape into an `ApiError`.
import { DEFAULT_API_TIMEOUT_MS } from "@tessera/contracts";
import { readStoredSession } from "./auth-storage";
import { object, string, validator, type Validator } from "./guards";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ApiError";
  }

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
  timeoutMs?: number;
  signal?: AbortSignal;
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
  const { response, token } = await send(path, options, false);
  const payload = await readJson(response);
  if (!response.ok) throw failure(path, token, response, payload);
  const { schema } = options;
  if (!schema) return { data: payload as T, headers: response.headers };
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(
      response.status,
      "BAD_RESPONSE",
      "The server sent an answer this page does not understand.",
      { cause: parsed.error },
    );
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
  if (!response.body) throw new ApiError(response.status, "BAD_RESPONSE", "Failed to start stream");
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
  const { response, token } = await send(path, options, false);
  if (!response.ok) throw failure(path, token, response, await readJson(response));
  return { blob: await response.blob(), fileName: fileNameOf(response.headers.get("content-disposition")) };
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
      ? new ApiError(0, "TIMEOUT", "The server took too long to answer. Try again.", { cause })
      : new ApiError(0, "NETWORK_ERROR", "Could not reach the server. Check your connection and try again.", {
          cause,
        });
  } finally {
    clearTimeout(timer);
    // A stream keeps listening: Stop must still end the body after the headers arrived.
    if (!streaming) options.signal?.removeEventListener("abort", forwardAbort);
  }
}

function failure(path: string, token: string | undefined, response: Response, payload: unknown): ApiError {
  const error = toApiError(response, payload);
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

function toApiError(response: Response, payload: unknown): ApiError {
  const parsed = errorResponseSchema.safeParse(payload);
  if (parsed.success) return new ApiError(response.status, parsed.data.error.code, parsed.data.error.message);
  const fallback =
    typeof payload === "string" && payload.trim() ? payload.trim() : response.statusText || "Request failed.";
  return new ApiError(response.status, `HTTP_${response.status}`, fallback);
}

/** A message fit for a toast, whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  return "Something went wrong. Try again.";
}
