// Dictation (spec 000 §2 Voice dictation button, §4 Dictation, §7 transcribe-audio, §8, §9): what the
// server takes beside the recording and what it answers; the settings are in dictation.ts.
import { z } from "zod";

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
