// The contract between dictation and speech recognisers. Only providers/transcription names a
// recogniser; the feature asks for "the" transcriber and gets plain text back.
import type { TranscriptionEngine } from "@tessera/contracts";
import type { AudioFormat } from "./audio-format";

export interface TranscriptionRequest {
  bytes: Uint8Array;
  /** Decided from the bytes, never from the name or type the browser sent. */
  format: AudioFormat;
  /** A model the client asked for; a model the operator configured wins. */
  model?: string;
  /** A language code such as `en` or `en-US`. */
  language?: string;
  signal?: AbortSignal;
}

export interface Transcriber {
  engine: TranscriptionEngine;
  /** The model named in status and logs (`pocketsphinx` for the offline recogniser). */
  model: string;
  /** The embedded recogniser: expect rough results. */
  basic: boolean;
  /** The recognised words; an empty string when nothing was recognised. */
  transcribe(request: TranscriptionRequest): Promise<string>;
}

export type TranscriptionErrorKind =
  /** The recording could not be decoded or was refused as audio. */
  | "unreadable"
  | "too-long"
  | "unsupported-language"
  | "rate-limited"
  /** The recogniser is missing, broken, overloaded or unreachable. */
  | "unavailable";

export class TranscriptionError extends Error {
  override name = "TranscriptionError";
  constructor(
    readonly kind: TranscriptionErrorKind,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
