// AI Voice Over (spec 001 §2 Voice page, §3 voices, §5, §7 text-to-voice, §8, §9): a script of up to
// 10,000 characters spoken in one of six voices and returned as a base64 MP3; kept voice-overs.
import { z } from "zod";

export const VOICE_SCRIPT_MAX = 10_000;
export const DEFAULT_VOICE = "alloy";
export const DEFAULT_VOICE_FILE_NAME = "voice-over.mp3";
const FILE_NAME_MAX = 120;

export const VOICE_IDS = ["alloy", "verse", "coral", "sage", "vibe", "nova"] as const;
export const voiceIdSchema = z.enum(VOICE_IDS, {
  error: `must be one of ${VOICE_IDS.join(", ")}`,
});
export type VoiceId = z.infer<typeof voiceIdSchema>;

/** The six voices of the spec, in its order, with the character each is meant to have. */
export const VOICES: readonly { id: VoiceId; name: string; description: string }[] = [
  { id: "alloy", name: "Alloy", description: "Neutral" },
  { id: "verse", name: "Verse", description: "Warm" },
  { id: "coral", name: "Coral", description: "Friendly" },
  { id: "sage", name: "Sage", description: "Calm" },
  { id: "vibe", name: "Vibe", description: "Energetic" },
  { id: "nova", name: "Nova", description: "Bright" },
];

/** The words of the voice page (spec §8). */
export const VOICE_MESSAGES = {
  unavailable: "Voice generation is temporarily unavailable. Please try again in a few minutes.",
  noAudio: "No audio returned",
  failedTitle: "Generation failed",
  failedFallback: "Please try again.",
  doneTitle: "Voice generated",
  doneDescription: "Your MP3 is ready to preview or download.",
  empty: "Generate a voice first to preview and download here.",
} as const;

// Control characters end or garble a speech engine's input; line breaks and tabs are kept as spacing.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A script as an engine may read it: control characters and broken characters removed. */
export const cleanScript = (text: string) => text.replace(CONTROL, "").replace(LONE_SURROGATE, "");

/**
 * A download name that is safe on every system and ends in .mp3: path parts, reserved characters and
 * leading dots removed, spaces kept; empty becomes voice-over.mp3.
 */
export function voiceFileName(raw: string | undefined | null): string {
  const base = cleanScript(raw ?? "")
    .replace(/^.*[\\/]/, "")
    .replace(/[<>:"|?*\\/]/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/\.mp3$/i, "")
    .replace(/^[.\s]+|[.\s]+$/g, "")
    .slice(0, FILE_NAME_MAX - 4)
    .trim();
  return base ? `${base}.mp3` : DEFAULT_VOICE_FILE_NAME;
}

const scriptSchema = z
  .string({ error: "must be text" })
  .transform(cleanScript)
  .pipe(
    z
      .string()
      .trim()
      .min(1, "write something to read aloud")
      .refine((v) => v.length <= VOICE_SCRIPT_MAX, {
        error: (issue) =>
          `is ${(issue.input as string).length.toLocaleString("en-US")} characters long; the limit is ${VOICE_SCRIPT_MAX.toLocaleString("en-US")}`,
      }),
  );

/** POST /api/text-to-voice: the spec's body (text, voice) and an optional file name. */
export const textToVoiceSchema = z
  .object({
    text: scriptSchema,
    voice: voiceIdSchema.default(DEFAULT_VOICE),
    fileName: z
      .string()
      .max(1000)
      .nullish()
      .transform((v) => voiceFileName(v)),
  })
  .strict();
export type TextToVoiceInput = z.input<typeof textToVoiceSchema>;

/** Which engine speaks: the offline eSpeak NG presets, or OpenAI's voices when configured. */
export const speechEngineSchema = z.object({
  id: z.enum(["espeak", "openai"]),
  name: z.string(),
  /** True for the embedded engine that runs on this server without any network. */
  offline: z.boolean(),
  /** A line about what the engine is (and, offline, what would give natural voices). */
  note: z.string(),
});
export type SpeechEngine = z.infer<typeof speechEngineSchema>;

export const voiceOptionSchema = z.object({
  id: voiceIdSchema,
  name: z.string(),
  description: z.string(),
  provider: z.enum(["espeak", "openai"]),
  available: z.boolean(),
});
export type VoiceOption = z.infer<typeof voiceOptionSchema>;

/** GET /api/voices. */
export const voicesResponseSchema = z.object({
  engine: speechEngineSchema,
  voices: z.array(voiceOptionSchema),
});
export type VoicesResponse = z.infer<typeof voicesResponseSchema>;

/** A kept voice-over (GET /api/voice-overs, newest first). */
export const voiceOverSchema = z.object({
  id: z.string(),
  voice: voiceIdSchema,
  fileName: z.string(),
  /** The script's first words. */
  excerpt: z.string(),
  characters: z.number().int().nonnegative(),
  durationMs: z.number().int().nonnegative(),
  bytes: z.number().int().nonnegative(),
  provider: z.string(),
  /** Same-origin address of the MP3, to play or download. */
  url: z.string(),
  createdAt: z.string(),
});
export type VoiceOver = z.infer<typeof voiceOverSchema>;

/** POST /api/text-to-voice answers the spec's audioContent (base64 MP3) with the kept voice-over. */
export const textToVoiceResponseSchema = voiceOverSchema.extend({ audioContent: z.string() });
export type TextToVoiceResponse = z.infer<typeof textToVoiceResponseSchema>;
