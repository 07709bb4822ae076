// Dictation's settings (spec 000 §2 Voice dictation button, §4 Dictation, §7 transcribe-audio): where the
// recorder sends, what it sends, and the toasts the button raises. Apart from the schemas (transcribe.ts),
// so the chat's composer reads them without the schema library.

export const TRANSCRIBE_PATH = "/api/transcribe-audio";
export const TRANSCRIBE_STATUS_PATH = "/api/transcribe-audio/status";

/** The largest recording the server takes (the common limit of hosted transcription APIs). */
export const TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;

/** Spec §9 "Dictation audio". */
export const DICTATION_AUDIO = {
  mimeTypes: ["audio/webm", "audio/mp4"],
  sampleRate: 44_100,
  chunkMs: 1_000,
  language: "en",
  model: "whisper-1",
  /** Spec §7: the recording is sent named as a webm file, whatever the browser recorded. */
  fileName: "recording.webm",
  /** Recording stops by itself after this long; the offline recogniser takes no more. */
  maxSeconds: 300,
} as const;

/** Spec §8 Dictation, word for word. */
export const DICTATION_MESSAGES = {
  recordingFailed: "Recording failed",
  unsupported: "Voice recording is not supported in this browser",
  noMicrophone: "Could not access microphone",
  recordingStarted: "Recording started",
  processing: "Processing...",
  complete: "Transcription complete",
  transcriptionFailed: "Transcription failed",
  failedWithStatus: (status: number) => `Transcription failed: ${status}`,
  empty: "No transcription received",
  couldNotConvert: "Could not convert speech to text",
} as const;
