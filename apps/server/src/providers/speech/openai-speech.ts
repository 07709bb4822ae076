// OpenAI TTS (POST {baseURL}/audio/speech) or any server that speaks its dialect. Its input limit is
// 4,096 characters, so longer scripts are sent in sentence-aligned pieces, one after another, and their
// MP3 frames joined. What comes back must be MP3 frames; anything else is a failure.
import type { VoiceId } from "@tessera/contracts";
import { readMp3 } from "./mp3-frames";
import { splitScript } from "./split-script";
import { NothingToSpeakError, SpeechProviderError, type SpeechProvider } from "./types";

export const OPENAI_DEFAULT_BASE_URL = "https://api.openai.com/v1";
export const OPENAI_DEFAULT_TTS_MODEL = "gpt-4o-mini-tts";
const PIECE_MAX = 4000;
const MAX_AUDIO_BYTES = 64 * 1024 * 1024;

/**
 * The spec's voices on OpenAI's: the same names where OpenAI has them; "vibe" as shimmer. Models that
 * take instructions (gpt-4o-mini-tts) are also told the character; tts-1 lacks verse, so fable.
 */
const OPENAI_VOICES: Record<VoiceId, { voice: string; tts1?: string; instructions: string }> = {
  alloy: { voice: "alloy", instructions: "Speak in a neutral, even tone." },
  verse: { voice: "verse", tts1: "fable", instructions: "Speak warmly, at an unhurried pace." },
  coral: { voice: "coral", instructions: "Speak in a friendly, welcoming tone." },
  sage: { voice: "sage", instructions: "Speak calmly, slowly and softly." },
  vibe: { voice: "shimmer", instructions: "Speak with energy and enthusiasm, at a lively pace." },
  nova: { voice: "nova", instructions: "Speak brightly and clearly." },
};

export interface OpenAiSpeechConfig {
  apiKey?: string;
  baseURL?: string;
  model?: string;
  timeoutMs: number;
  fetch?: typeof fetch;
}

export function createOpenAiSpeech(config: OpenAiSpeechConfig): SpeechProvider {
  const baseURL = (config.baseURL ?? OPENAI_DEFAULT_BASE_URL).replace(/\/+$/, "");
  const model = config.model ?? OPENAI_DEFAULT_TTS_MODEL;
  const takesInstructions = model.startsWith("gpt-");
  const doFetch = config.fetch ?? fetch;
  const host = new URL(baseURL).host;
  const fail = (message: string, options?: { cause?: unknown; status?: number }) =>
    new SpeechProviderError("openai", message, options);

  async function speakPiece(input: string, voice: VoiceId, signal?: AbortSignal) {
    const preset = OPENAI_VOICES[voice];
    const body = {
      model,
      input,
      voice: model.startsWith("tts-1") ? (preset.tts1 ?? preset.voice) : preset.voice,
      response_format: "mp3",
      ...(takesInstructions ? { instructions: preset.instructions } : {}),
    };
    const timeout = AbortSignal.timeout(config.timeoutMs);
    let res: Response;
    try {
      res = await doFetch(`${baseURL}/audio/speech`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "audio/mpeg",
          ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
      });
    } catch (cause) {
      if (timeout.aborted) throw fail(`The speech service at ${host} did not answer in time.`, { cause });
      throw fail(`The speech service at ${host} could not be reached.`, { cause });
    }
    if (!res.ok) {
      const detail = await res.text().catch(() => "");
      throw fail(`The speech service at ${host} answered ${res.status}: ${upstreamMessage(detail)}`, {
        status: res.status,
      });
    }
    const declared = Number(res.headers.get("content-length") ?? 0);
    if (declared > MAX_AUDIO_BYTES) throw fail(`The speech service at ${host} sent too much audio.`);
    const bytes = await readCapped(res, MAX_AUDIO_BYTES).catch((cause: unknown) => {
      throw fail(`The speech service at ${host} broke off its answer or sent too much.`, { cause });
    });
    const mp3 = readMp3(bytes);
    if (!mp3) throw fail(`The speech service at ${host} sent something that is not MP3 audio.`);
    return { frames: bytes.subarray(mp3.offset, mp3.end), durationMs: mp3.durationMs };
  }

  return {
    id: "openai",
    engine: {
      id: "openai",
      name: "OpenAI TTS",
      offline: false,
      note: `Natural voices from ${model}; scripts are sent to the speech service to be read.`,
    },
    async speak(text, voice, options = {}) {
      const pieces = splitScript(text.trim(), PIECE_MAX);
      if (pieces.length === 0) throw new NothingToSpeakError();
      const parts = [];
      for (const piece of pieces) parts.push(await speakPiece(piece, voice, options.signal));
      const mp3 = new Uint8Array(parts.reduce((n, p) => n + p.frames.byteLength, 0));
      let at = 0;
      for (const p of parts) {
        mp3.set(p.frames, at);
        at += p.frames.byteLength;
      }
      return { mp3, durationMs: parts.reduce((n, p) => n + p.durationMs, 0) };
    },
  };
}

async function readCapped(res: Response, max: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of (res.body ?? []) as AsyncIterable<Uint8Array>) {
    total += chunk.byteLength;
    if (total > max) throw new Error(`more than ${max} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The upstream's own error message (OpenAI's {error: {message}}), short and without echoed keys. */
function upstreamMessage(body: string): string {
  let message = body;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string };
    const m = typeof parsed.error === "string" ? parsed.error : parsed.error?.message;
    if (typeof m === "string") message = m;
  } catch {
    // not JSON: the text as it came
  }
  return (
    message
      .replace(/sk-[A-Za-z0-9_-]{6,}/g, "sk-…")
      .replace(/\s+/g, " ")
      .trim()
      .slice(0, 200) || "no detail"
  );
}
