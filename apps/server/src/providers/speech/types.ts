// The contract between the voice feature and speech engines. Only providers/speech names a speech
// vendor; the feature asks for "the" speech provider and always gets an MP3 and its duration.
import type { SpeechEngine, VoiceId } from "@tessera/contracts";

export type SpeechProviderId = SpeechEngine["id"];

export interface SpeechAudio {
  /** MPEG audio frames (an ID3 tag may come first). */
  mp3: Uint8Array;
  durationMs: number;
}

export interface SpeechProvider {
  id: SpeechProviderId;
  engine: SpeechEngine;
  speak(text: string, voice: VoiceId, options?: { signal?: AbortSignal }): Promise<SpeechAudio>;
}

/** The engine could not speak (down, refused, timed out, sent no audio): the caller's 503. */
export class SpeechProviderError extends Error {
  override name = "SpeechProviderError";
  constructor(
    readonly provider: SpeechProviderId,
    message: string,
    options?: { cause?: unknown; status?: number | null },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.status = options?.status ?? null;
  }
  /** The upstream's HTTP status, when there was one. */
  readonly status: number | null;
}

/** The script has nothing an engine can say (only punctuation, symbols or space): the caller's 400. */
export class NothingToSpeakError extends Error {
  override name = "NothingToSpeakError";
  constructor() {
    super("There is nothing to read aloud in this script. Add some words.");
  }
}
