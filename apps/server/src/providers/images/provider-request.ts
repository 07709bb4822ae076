// The one HTTP helper of the image providers: operator-configured endpoints (not user input), JSON in
// and out, the job's signal as the time cap, and failures that name the provider, its status and its
// own short reason, never the key.
import { ImageProviderError, type ImageProviderId } from "./types";

const NAMES: Record<ImageProviderId, string> = {
  procedural: "Tessera Sketch",
  fal: "fal",
  openai: "OpenAI",
  "openai-compatible": "The image server",
};

export const providerName = (id: ImageProviderId) => NAMES[id];

export async function requestProviderJson(
  provider: ImageProviderId,
  url: string,
  init: { method?: "GET" | "POST"; headers: Record<string, string>; body?: unknown; signal: AbortSignal },
  fetchImpl: typeof fetch = fetch,
): Promise<unknown> {
  let res: Response;
  try {
    res = await fetchImpl(url, {
      method: init.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (cause) {
    if (init.signal.aborted) throw cause;
    throw new ImageProviderError(provider, null, `${NAMES[provider]} could not be reached.`, { cause });
  }
  const text = await res.text().catch(() => "");
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const reason = upstreamReason(body);
    throw new ImageProviderError(
      provider,
      res.status,
      `${NAMES[provider]} answered ${res.status}${reason ? `: ${reason}` : "."}`,
    );
  }
  if (body === null)
    throw new ImageProviderError(provider, res.status, `${NAMES[provider]} sent an answer that is not JSON.`);
  return body;
}

/** The provider's own short explanation, from the shapes OpenAI and fal use for errors. */
function upstreamReason(body: unknown): string | null {
  const pick = (v: unknown): string | null => {
    if (typeof v === "string") return v;
    if (Array.isArray(v)) return pick(v[0]);
    if (v && typeof v === "object") {
      const o = v as Record<string, unknown>;
      return pick(o.message ?? o.msg ?? o.detail ?? o.error);
    }
    return null;
  };
  const reason = pick(body)?.replace(/\s+/g, " ").trim();
  if (!reason) return null;
  // Some servers echo the key they were sent; never repeat anything that looks like one.
  const cleaned = reason.replace(/\b(sk|key)[-_][A-Za-z0-9_-]{8,}/g, "[redacted]");
  return cleaned.length > 200 ? `${cleaned.slice(0, 199)}…` : cleaned;
}
