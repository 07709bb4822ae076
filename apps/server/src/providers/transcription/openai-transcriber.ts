// Any OpenAI-compatible `/audio/transcriptions` endpoint (OpenAI's whisper-1, or a self-hosted
// Whisper server): the recording goes up as multipart with model and language, `{text}` comes back.
// The endpoint is the operator's configuration, not user input, so it is called directly.
import { z } from "zod";
import { TranscriptionError, type Transcriber, type TranscriptionRequest } from "./types";

export interface OpenAiTranscriberConfig {
  baseURL: string;
  apiKey?: string;
  /** The operator's model; without it the client's choice, else whisper-1. */
  model?: string;
  timeoutMs: number;
  /** The global fetch unless given (a connection's test call passes the guarded one). */
  fetch?: typeof fetch;
}

const DEFAULT_MODEL = "whisper-1";
const answerSchema = z.object({ text: z.string() });

export function createOpenAiTranscriber(config: OpenAiTranscriberConfig): Transcriber {
  const endpoint = `${config.baseURL.replace(/\/+$/, "")}/audio/transcriptions`;
  return {
    engine: "openai-compatible",
    model: config.model ?? DEFAULT_MODEL,
    basic: false,
    async transcribe(request) {
      const res = await post(endpoint, config, request);
      if (!res.ok) throw await refusal(res);
      let body: unknown;
      try {
        body = await res.json();
      } catch (cause) {
        throw new TranscriptionError(
          "unavailable",
          "The transcription service sent an answer that is not JSON.",
          {
            cause,
          },
        );
      }
      const parsed = answerSchema.safeParse(body);
      if (!parsed.success)
        throw new TranscriptionError("unavailable", "The transcription service sent an unexpected answer.", {
          cause: parsed.error,
        });
      return parsed.data.text.trim();
    },
  };
}

async function post(endpoint: string, config: OpenAiTranscriberConfig, request: TranscriptionRequest) {
  const form = new FormData();
  // Hosted services tell the format by the file name, so it is named for what it really is.
  const file = new Blob([request.bytes], { type: request.format.mime });
  form.append("file", file, `recording.${request.format.ext}`);
  form.append("model", config.model ?? request.model ?? DEFAULT_MODEL);
  // Whisper takes ISO-639-1 codes: `en-US` is sent as `en`.
  if (request.language) form.append("language", request.language.slice(0, 2).toLowerCase());
  form.append("response_format", "json");
  const signals = [AbortSignal.timeout(config.timeoutMs), ...(request.signal ? [request.signal] : [])];
  try {
    // The operator's configured endpoint (TRANSCRIBE_BASE_URL), never an address a user supplied.
    return await (config.fetch ?? fetch)(endpoint, {
      method: "POST",
      headers: {
        accept: "application/json",
        ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
      },
      body: form,
      signal: AbortSignal.any(signals),
    });
  } catch (cause) {
    if (request.signal?.aborted) throw cause;
    throw new TranscriptionError("unavailable", "The transcription service could not be reached.", { cause });
  }
}

async function refusal(res: Response): Promise<TranscriptionError> {
  const detail = (await res.text().catch(() => "")).slice(0, 500);
  const cause = new Error(`transcription service answered ${res.status}: ${detail}`);
  if (res.status === 400 || res.status === 413 || res.status === 415 || res.status === 422)
    return new TranscriptionError(
      "unreadable",
      "Could not convert speech to text: the transcription service refused the recording.",
      {
        cause,
      },
    );
  if (res.status === 429)
    return new TranscriptionError(
      "rate-limited",
      "The transcription service is rate limiting. Try again shortly.",
      {
        cause,
      },
    );
  if (res.status === 401 || res.status === 403)
    return new TranscriptionError("unavailable", "The transcription service refused Tessera's key.", {
      cause,
    });
  return new TranscriptionError(
    "unavailable",
    `The transcription service failed (it answered ${res.status}).`,
    {
      cause,
    },
  );
}
