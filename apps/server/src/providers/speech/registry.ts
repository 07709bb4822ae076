// Which engine speaks, from configuration alone: OpenAI TTS when it is configured, else the embedded
// eSpeak NG. One engine serves every voice; a failing remote engine is never silently replaced.
import { espeakProvider } from "./espeak";
import { createOpenAiSpeech, OPENAI_DEFAULT_BASE_URL } from "./openai-speech";
import type { SpeechProvider } from "./types";

export interface SpeechConfig {
  /** Speech over OpenAI's /audio/speech: OpenAI itself or a server that speaks its dialect. */
  openai?: { apiKey?: string; baseURL?: string; model?: string };
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function createSpeechProvider(config: SpeechConfig): SpeechProvider {
  if (!config.openai) return espeakProvider;
  return createOpenAiSpeech({ ...config.openai, timeoutMs: config.timeoutMs, fetch: config.fetch });
}

/**
 * OpenAI TTS is on with a speech server of its own (OPENAI_TTS_BASE_URL, keyed by OPENAI_TTS_API_KEY
 * or OPENAI_API_KEY), with OPENAI_TTS_API_KEY (OpenAI itself), or with OPENAI_API_KEY when
 * OPENAI_BASE_URL is unset or OpenAI's: a self-hosted chat server there rarely speaks.
 */
export function speechSettings(env: {
  OPENAI_API_KEY?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_TTS_BASE_URL?: string;
  OPENAI_TTS_API_KEY?: string;
  OPENAI_TTS_MODEL?: string;
}): SpeechConfig["openai"] {
  const model = env.OPENAI_TTS_MODEL;
  if (env.OPENAI_TTS_BASE_URL)
    return { apiKey: env.OPENAI_TTS_API_KEY ?? env.OPENAI_API_KEY, baseURL: env.OPENAI_TTS_BASE_URL, model };
  if (env.OPENAI_TTS_API_KEY) return { apiKey: env.OPENAI_TTS_API_KEY, model };
  if (!env.OPENAI_API_KEY) return undefined;
  const base = env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL;
  if (new URL(base).hostname !== new URL(OPENAI_DEFAULT_BASE_URL).hostname) return undefined;
  return { apiKey: env.OPENAI_API_KEY, baseURL: base, model };
}
