// Discovers the models installed on a self-hosted OpenAI-compatible server (Ollama, vLLM, LM Studio,
// llama.cpp) through GET {baseURL}/models. The model picker calls this often, so answers are cached
// and concurrent callers share one request; a server that is down never breaks the picker.
import { z } from "zod";
import type { Logger } from "../../lib/logger";
import { hostOf } from "./routing";

export interface LocalModelList {
  names: string[];
  /** False when the server could not be asked; its models are then unknown, not absent. */
  reachable: boolean;
}

const modelsSchema = z.object({ data: z.array(z.object({ id: z.string().min(1) })) });

const LIST_TIMEOUT_MS = 3_000;
const CACHE_MS = 60_000;
// A failure is cached briefly: long enough not to wait 3 s on every page load while the server is
// down, short enough that a freshly started Ollama shows up soon.
const FAILURE_CACHE_MS = 10_000;

export function createLocalModelListing(opts: {
  baseURL: string;
  apiKey?: string;
  fetch: typeof globalThis.fetch;
  logger: Logger;
  now?: () => number;
}): () => Promise<LocalModelList> {
  const now = opts.now ?? Date.now;
  let cached: { value: LocalModelList; until: number } | null = null;
  let inFlight: Promise<LocalModelList> | null = null;

  const ask = async (): Promise<LocalModelList> => {
    const url = `${opts.baseURL.replace(/\/+$/, "")}/models`;
    try {
      const res = await opts.fetch(url, {
        headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {},
        signal: AbortSignal.timeout(LIST_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      const body = modelsSchema.parse(await res.json());
      const names = [...new Set(body.data.map((m) => m.id))];
      cached = { value: { names, reachable: true }, until: now() + CACHE_MS };
    } catch (cause) {
      // Only the host and the error's message: never the URL's credentials or the key.
      const reason =
        cause instanceof z.ZodError
          ? "unexpected response"
          : cause instanceof Error
            ? cause.message
            : String(cause);
      opts.logger.warn(
        { event: "llm.local_models.failed", host: hostOf(opts.baseURL), reason },
        "could not list models on the OpenAI-compatible server",
      );
      cached = { value: { names: [], reachable: false }, until: now() + FAILURE_CACHE_MS };
    }
    return cached.value;
  };

  return () => {
    if (cached && cached.until > now()) return Promise.resolve(cached.value);
    inFlight ??= ask().finally(() => (inFlight = null));
    return inFlight;
  };
}
