// The one HTTP helper of the search providers: operator-configured endpoints (not user input), a time
// cap, JSON in and out, and errors that say which provider failed without repeating its key.
import type { z } from "zod";
import { SearchProviderError, type SearchProviderId } from "./types";

export async function requestJson<S extends z.ZodType>(
  provider: SearchProviderId,
  url: string,
  init: {
    method?: "GET" | "POST";
    headers?: Record<string, string>;
    body?: unknown;
    timeoutMs: number;
    signal?: AbortSignal;
    fetch?: typeof fetch;
  },
  schema: S,
): Promise<z.infer<S>> {
  const signals = [AbortSignal.timeout(init.timeoutMs), ...(init.signal ? [init.signal] : [])];
  let res: Response;
  try {
    res = await (init.fetch ?? fetch)(url, {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: AbortSignal.any(signals),
    });
  } catch (cause) {
    throw new SearchProviderError(provider, null, `${provider} could not be reached.`, { cause });
  }
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined);
    throw new SearchProviderError(provider, res.status, `${provider} answered ${res.status}.`);
  }
  let body: unknown;
  try {
    body = await res.json();
  } catch (cause) {
    throw new SearchProviderError(provider, res.status, `${provider} sent a body that is not JSON.`, {
      cause,
    });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success)
    throw new SearchProviderError(provider, res.status, `${provider} sent an unexpected answer.`, {
      cause: parsed.error,
    });
  return parsed.data;
}

/** Only http(s) URLs survive; anything else a provider returns is dropped. */
export function httpUrl(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : undefined;
  } catch {
    return undefined;
  }
}
