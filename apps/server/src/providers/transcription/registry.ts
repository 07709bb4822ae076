// Chooses the recogniser once, from configuration and what is installed on the host:
//   1. TRANSCRIBE_BASE_URL: any OpenAI-compatible /audio/transcriptions endpoint;
//   2. OPENAI_API_KEY talking to OpenAI itself (a base URL elsewhere, such as a local chat server,
//      is not assumed to transcribe; point TRANSCRIBE_BASE_URL at it if it does);
//   3. PocketSphinx with ffmpeg on this host, labelled as basic offline recognition;
// else none, and the status names what to set up.
import type { TranscriptionStatus } from "@tessera/contracts";
import type { Env } from "../../env";
import { OPENAI_DEFAULT_BASE_URL, isOpenAiBaseURL } from "../llm/routing";
import { createOpenAiTranscriber, type OpenAiTranscriberConfig } from "./openai-transcriber";
import { createPocketsphinxTranscriber } from "./pocketsphinx-transcriber";
import { findProgram } from "./run-program";
import type { Transcriber } from "./types";

export interface TranscriptionConfig {
  remote?: Omit<OpenAiTranscriberConfig, "timeoutMs">;
  /** Programs found on the host (null when missing). */
  offline: { ffmpeg: string | null; pocketsphinx: string | null };
  timeoutMs: number;
}

export interface Transcription {
  transcriber: Transcriber | null;
  status: TranscriptionStatus;
}

type TranscriptionEnv = Pick<
  Env,
  | "TRANSCRIBE_BASE_URL"
  | "TRANSCRIBE_API_KEY"
  | "TRANSCRIBE_MODEL"
  | "TRANSCRIBE_TIMEOUT_MS"
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "FFMPEG_PATH"
  | "POCKETSPHINX_PATH"
  | "PATH"
>;

/** The remote recogniser the environment names (1 and 2 above), if any. */
export function remoteTranscription(
  env: Pick<
    TranscriptionEnv,
    "TRANSCRIBE_BASE_URL" | "TRANSCRIBE_API_KEY" | "TRANSCRIBE_MODEL" | "OPENAI_API_KEY" | "OPENAI_BASE_URL"
  >,
): TranscriptionConfig["remote"] {
  const openAi = env.OPENAI_API_KEY && (!env.OPENAI_BASE_URL || isOpenAiBaseURL(env.OPENAI_BASE_URL));
  if (env.TRANSCRIBE_BASE_URL)
    return { baseURL: env.TRANSCRIBE_BASE_URL, apiKey: env.TRANSCRIBE_API_KEY, model: env.TRANSCRIBE_MODEL };
  if (!openAi) return undefined;
  return {
    baseURL: env.OPENAI_BASE_URL ?? OPENAI_DEFAULT_BASE_URL,
    apiKey: env.OPENAI_API_KEY,
    model: env.TRANSCRIBE_MODEL,
  };
}

export function transcriptionConfig(env: TranscriptionEnv): TranscriptionConfig {
  return {
    remote: remoteTranscription(env),
    offline: {
      ffmpeg: findProgram(env.FFMPEG_PATH, ["ffmpeg"], env.PATH),
      pocketsphinx: findProgram(env.POCKETSPHINX_PATH, ["pocketsphinx_continuous", "pocketsphinx"], env.PATH),
    },
    timeoutMs: env.TRANSCRIBE_TIMEOUT_MS,
  };
}

export function createTranscription(config: TranscriptionConfig): Transcription {
  if (config.remote) {
    const transcriber = createOpenAiTranscriber({ ...config.remote, timeoutMs: config.timeoutMs });
    return {
      transcriber,
      status: {
        available: true,
        engine: transcriber.engine,
        model: transcriber.model,
        basic: false,
        description: `Speech is transcribed by ${transcriber.model}.`,
      },
    };
  }
  const { ffmpeg, pocketsphinx } = config.offline;
  if (ffmpeg && pocketsphinx) {
    const transcriber = createPocketsphinxTranscriber({ ffmpeg, pocketsphinx, timeoutMs: config.timeoutMs });
    return {
      transcriber,
      status: {
        available: true,
        engine: transcriber.engine,
        model: transcriber.model,
        basic: true,
        description:
          "Basic offline recognition (PocketSphinx): speak clearly in English and check the words before sending.",
      },
    };
  }
  const missing = [ffmpeg ? null : "ffmpeg", pocketsphinx ? null : "pocketsphinx (with pocketsphinx-en-us)"];
  return {
    transcriber: null,
    status: {
      available: false,
      engine: null,
      model: null,
      basic: false,
      // Members read this: it names no variable (admins connect transcription on the Connections page).
      description: `Dictation is not enabled on this server: it needs a transcription connection, or ${missing.filter(Boolean).join(" and ")} installed on the server.`,
    },
  };
}
