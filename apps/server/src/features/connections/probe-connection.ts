// A connection's Test: one real call through the same provider code that will serve it (a model
// list, a search, a spoken sentence, a transcribed one, an SMTP sign-in), over the guarded client
// with a time and size cap. What came back is reported, or the upstream's own error, never a key.
import {
  CONNECTION_KIND_INFO,
  type ConnectionKind,
  type ConnectionOptions,
  type ConnectionTest,
} from "@tessera/contracts";
import { guardedFetchAsFetch } from "../../lib/guarded-fetch";
import { checkFalKey } from "../../providers/images/fal";
import { verifySmtp } from "../../providers/mail/mailer";
import { OPENAI_DEFAULT_BASE_URL } from "../../providers/llm/routing";
import type { LlmEndpointKind } from "../../providers/llm/types";
import { checkOpenRouterKey, listUpstreamModels, upstreamReason } from "../../providers/llm/upstream-models";
import { createSearchProvider } from "../../providers/search/registry";
import { synthesizeWav } from "../../providers/speech/espeak";
import { createOpenAiSpeech } from "../../providers/speech/openai-speech";
import { createOpenAiTranscriber } from "../../providers/transcription/openai-transcriber";
import { smtpUrlWith } from "./environment-providers";

/** What is tested: a stored connection, or one about to be saved. */
export interface Candidate {
  kind: ConnectionKind;
  baseUrl: string | null;
  apiKey?: string;
  options: ConnectionOptions;
}

export interface ProbeOptions {
  timeoutMs: number;
  /** The largest answer read (OpenRouter's model list runs to megabytes). */
  maxBytes: number;
  /** Development and tests only (OUTBOUND_ALLOW_PRIVATE). */
  allowPrivate?: boolean;
}

export const PROBE_DEFAULTS: ProbeOptions = { timeoutMs: 20_000, maxBytes: 16 * 1024 * 1024 };

const SHOWN = 8;
const SEARCH_QUERY = "self-hosted AI workspace";

/**
 * A fetch for one connection: its own address is reachable even when private (an admin may point at
 * Ollama on localhost), every other hop is judged as any outbound call is. The last refusal's body is
 * kept, so a failure can quote the upstream even where the provider's error does not.
 */
export function connectionFetch(baseUrl: string | null, opts: ProbeOptions) {
  let origin: string | null = null;
  try {
    origin = baseUrl ? new URL(baseUrl).origin : null;
  } catch {
    origin = null;
  }
  const guarded = guardedFetchAsFetch({
    timeoutMs: opts.timeoutMs,
    maxBytes: opts.maxBytes,
    allowPrivate: opts.allowPrivate,
    trustedOrigins: origin ? [origin] : [],
  });
  const seen = { refusal: null as string | null };
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const res = await guarded(input, init);
    if (!res.ok) {
      const text = await res
        .clone()
        .text()
        .catch(() => "");
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      seen.refusal = `${res.status}${upstreamReason(body) ? `: ${upstreamReason(body)}` : ""}`;
    }
    return res;
  };
  return { fetch, seen };
}

export async function probeConnection(
  candidate: Candidate,
  opts: ProbeOptions = PROBE_DEFAULTS,
): Promise<ConnectionTest> {
  const started = performance.now();
  const { fetch, seen } = connectionFetch(candidate.baseUrl, opts);
  const secrets = [candidate.apiKey].filter((k): k is string => Boolean(k));
  const done = (
    ok: boolean,
    message: string,
    items: string[] = [],
    total: number | null = null,
  ): ConnectionTest => ({
    ok,
    message: redact(message, secrets),
    items: items.slice(0, SHOWN).map((i) => redact(i, secrets)),
    total,
    ms: Math.round(performance.now() - started),
  });
  try {
    const found = await call(candidate, fetch, opts);
    return done(true, found.message, found.items, found.total ?? null);
  } catch (err) {
    return done(false, describeFailure(err, seen.refusal));
  }
}

interface Found {
  message: string;
  items: string[];
  total?: number;
}

async function call(c: Candidate, fetch: typeof globalThis.fetch, opts: ProbeOptions): Promise<Found> {
  const baseURL = c.baseUrl ?? undefined;
  const capability = CONNECTION_KIND_INFO[c.kind].capability;
  if (capability === "language") {
    const endpoint = {
      id: "probe",
      kind: c.kind as LlmEndpointKind,
      name: c.kind,
      baseURL,
      apiKey: c.apiKey,
    };
    const key = c.kind === "openrouter" ? `${await checkOpenRouterKey(endpoint, fetch)}. ` : "";
    const models = await listUpstreamModels(endpoint, fetch);
    if (models.length === 0)
      return {
        message: `${key}It answered, but lists no models yet (pull or load one on the server).`,
        items: [],
        total: 0,
      };
    return {
      message: `${key}It lists ${count(models.length, "model")}.`,
      items: models.map((m) => m.id),
      total: models.length,
    };
  }
  switch (c.kind) {
    case "searxng":
    case "tavily":
    case "brave":
    case "jigsawstack": {
      const settings = c.kind === "searxng" ? { url: c.baseUrl ?? "" } : { apiKey: c.apiKey ?? "", baseURL };
      const provider = createSearchProvider(
        { timeoutMs: opts.timeoutMs, [c.kind]: settings },
        () => Promise.resolve({ results: [], images: [] }),
        fetch,
      );
      const { results } = await provider.search({
        query: SEARCH_QUERY,
        safeSearch: "moderate",
        limit: 5,
        userId: "probe",
      });
      return {
        message: `It found ${count(results.length, "result")} for “${SEARCH_QUERY}”.`,
        items: results.map((r) => r.title || r.url),
        total: results.length,
      };
    }
    case "fal": {
      const status = await checkFalKey({ key: c.apiKey ?? "", baseURL, fetch });
      return {
        message: `fal accepted the key (asked about a request that does not exist, it answered ${status}).`,
        items: [],
      };
    }
    case "openai-images": {
      const endpoint = {
        id: "probe",
        kind: "openai-compatible" as const,
        name: "images",
        baseURL: baseURL ?? OPENAI_DEFAULT_BASE_URL,
        apiKey: c.apiKey,
      };
      const models = (await listUpstreamModels(endpoint, fetch)).map((m) => m.id);
      const named = c.options.models ?? [];
      const missing = named.filter((m) => !models.includes(m));
      // Image models first: a general server lists its chat models too.
      const drawing = models.filter((m) => /image|dall|flux|diffusion|sd/i.test(m));
      const note = missing.length ? ` It does not list ${missing.join(", ")}.` : "";
      return {
        message: `It lists ${count(models.length, "model")}.${note}`,
        items: [...drawing, ...models.filter((m) => !drawing.includes(m))],
        total: models.length,
      };
    }
    case "openai-speech": {
      const speech = createOpenAiSpeech({
        apiKey: c.apiKey,
        baseURL,
        model: c.options.model,
        timeoutMs: opts.timeoutMs,
        fetch,
      });
      const audio = await speech.speak("Tessera is connected.", "alloy");
      return {
        message: `It spoke ${(audio.durationMs / 1000).toFixed(1)} s of audio (${Math.max(1, Math.round(audio.mp3.length / 1024))} KB of MP3).`,
        items: [],
      };
    }
    case "openai-transcription": {
      const spoken = "Hello from Tessera";
      const wav = await synthesizeWav(spoken, "alloy");
      const transcriber = createOpenAiTranscriber({
        baseURL: c.baseUrl ?? OPENAI_DEFAULT_BASE_URL,
        apiKey: c.apiKey,
        model: c.options.model,
        timeoutMs: opts.timeoutMs,
        fetch,
      });
      const text = await transcriber.transcribe({
        bytes: wav.wav,
        format: { ext: "wav", mime: "audio/wav", demuxer: "wav" },
        language: "en",
      });
      const heard = text ? `it heard: ${text}${/[.!?]$/.test(text) ? "" : "."}` : "it heard nothing.";
      return { message: `Played “${spoken}” to it; ${heard}`, items: [] };
    }
    case "smtp":
      await verifySmtp(smtpUrlWith(c.baseUrl ?? "", c.apiKey));
      return { message: "The mail server answered and accepted the sign-in.", items: [] };
    default:
      throw new Error(`no test for ${c.kind}`);
  }
}

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

/** Socket failures in words; the rest of an error chain is the upstream's or the provider's own. */
const SOCKET_REASONS: Record<string, string> = {
  ECONNREFUSED: "the connection was refused: is the server running, and on that port?",
  ENOTFOUND: "no such host",
  EAI_AGAIN: "its name could not be looked up",
  ETIMEDOUT: "it timed out",
  ECONNRESET: "the connection was reset",
  EHOSTUNREACH: "the host is unreachable",
  ENETUNREACH: "the network is unreachable",
  DEPTH_ZERO_SELF_SIGNED_CERT: "its certificate is self-signed",
  SELF_SIGNED_CERT_IN_CHAIN: "its certificate is not trusted",
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: "its certificate is not trusted",
  CERT_HAS_EXPIRED: "its certificate has expired",
  ERR_TLS_CERT_ALTNAME_INVALID: "its certificate is for another name",
};

export function describeFailure(err: unknown, refusal: string | null): string {
  const messages: string[] = [];
  let code: string | null = null;
  for (let e: unknown = err, depth = 0; e instanceof Error && depth < 6; e = e.cause, depth++) {
    const c = (e as { code?: unknown }).code;
    if (typeof c === "string" && SOCKET_REASONS[c]) code = c;
    if (e.message && !messages.includes(e.message)) messages.push(e.message);
  }
  const first = messages[0] ?? "It failed.";
  const why = code ? SOCKET_REASONS[code] : null;
  // The upstream's own words, when the provider's error gave only a status.
  const reason = refusal?.includes(": ") ? refusal.slice(refusal.indexOf(": ") + 2) : null;
  const said = reason && !messages.some((m) => m.includes(reason)) ? `It answered ${refusal}.` : null;
  return [first.replace(/\.$/, "") + (why ? ` (${why})` : "") + ".", said]
    .filter(Boolean)
    .join(" ")
    .slice(0, 600);
}

/** Every key taken out of what an upstream said: some echo the key they were sent. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join("[key]");
  return out;
}
