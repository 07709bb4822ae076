// Dictation (spec 000 §2 Voice dictation button, §4 Dictation, §7 transcribe-audio, §8, §9): what the
// recorder sends, what the server answers, and the toasts the button raises.
import { z } from "zod";

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

/** The form's text fields beside `file`. */
export const transcribeFieldsSchema = z.object({
  model: z.string().trim().min(1).max(100).optional(),
  language: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})?$/, "must be a language code such as en or en-US")
    .optional(),
});
export type TranscribeFields = z.infer<typeof transcribeFieldsSchema>;

/** An empty `text` means nothing was recognised (the client says 'No transcription received'). */
export const transcriptionSchema = z.object({ text: z.string() });
export type Transcription = z.infer<typeof transcriptionSchema>;

export const transcriptionEngineSchema = z.enum(["openai-compatible", "pocketsphinx"]);
export type TranscriptionEngine = z.infer<typeof transcriptionEngineSchema>;

/** Which recogniser answers, so the button can say what to expect before anyone speaks. */
export const transcriptionStatusSchema = z.object({
  available: z.boolean(),
  engine: transcriptionEngineSchema.nullable(),
  model: z.string().nullable(),
  /** True for the embedded offline recogniser: clear, unhurried English works best. */
  basic: z.boolean(),
  /** A sentence for people: what recognises speech here, or what an operator must set up. */
  description: z.string(),
});
export type TranscriptionStatus = z.infer<typeof transcriptionStatusSchema>;
