// Turns a recording into text with the configured recogniser, and its failures into the API's
// errors: audio it cannot decode is 400 ('Could not convert speech to text'), a missing or failing
// recogniser 503. The words themselves are never logged.
import type { Transcription } from "@tessera/contracts";
import { AppError, type ErrorCode } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import {
  TranscriptionError,
  type Transcriber,
  type TranscriptionErrorKind,
} from "../../providers/transcription/types";
import type { Recording } from "./read-recording";

const CODES: Record<TranscriptionErrorKind, ErrorCode> = {
  unreadable: "BAD_REQUEST",
  "too-long": "PAYLOAD_TOO_LARGE",
  "unsupported-language": "BAD_REQUEST",
  "rate-limited": "RATE_LIMITED",
  unavailable: "UNAVAILABLE",
};

export async function transcribeAudio(
  transcriber: Transcriber,
  recording: Recording,
  context: { logger: Logger; signal?: AbortSignal },
): Promise<Transcription> {
  const started = performance.now();
  const facts = { engine: transcriber.engine, format: recording.format.ext, bytes: recording.bytes.length };
  try {
    const text = await transcriber.transcribe({ ...recording, signal: context.signal });
    context.logger.info(
      {
        event: "transcribe.done",
        ...facts,
        ms: Math.round(performance.now() - started),
        words: countWords(text),
      },
      "recording transcribed",
    );
    return { text };
  } catch (err) {
    if (!(err instanceof TranscriptionError)) throw err;
    context.logger.warn({ event: "transcribe.failed", ...facts, kind: err.kind, err }, err.message);
    throw new AppError(CODES[err.kind], err.message, { cause: err });
  }
}

const countWords = (text: string) => (text ? text.split(/\s+/).length : 0);
