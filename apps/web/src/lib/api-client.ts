// The one door to the server. Every call goes through `apiRequest`: it adds the bearer token, sends
// JSON, enforces a timeout and turns the server's error shape into an `ApiError`.
import { DEFAULT_API_TIMEOUT_MS, errorResponseSchema } from "@tessera/contracts";
import type { z } from "zod";
import { readStoredSession } from "./auth-storage";

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

export interface RequestOptions<T> {
  method?: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  body?: unknown;
  /** Validates the answer; without it the parsed JSON is returned as is. */
  schema?: z.ZodType<T>;
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
  const {
    method = "GET",
    body,
    schema,
    auth = true,
    credentials = "omit",
    timeoutMs = DEFAULT_API_TIMEOUT_MS,
  } = options;
  const token = typeof auth === "string" ? auth : auth ? readStoredSession()?.token : undefined;
  const headers: Record<string, string> = { accept: "application/json" };
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException("timeout", "TimeoutError")), timeoutMs);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener("abort", forwardAbort, { once: true });

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (cause) {
    if (options.signal?.aborted) throw cause;
    throw controller.signal.aborted
      ? new ApiError(0, "TIMEOUT", "The server took too long to answer. Try again.", { cause })
      : new ApiError(0, "NETWORK_ERROR", "Could not reach the server. Check your connection and try again.", {
          cause,
        });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", forwardAbort);
  }

  const payload = await readJson(response);
  if (!response.ok) {
    const error = toApiError(response, payload);
    if (error.status === 401 && token && !path.startsWith("/api/auth/")) {
      for (const listener of unauthorizedListeners) listener();
    }
    throw error;
  }
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

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

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
