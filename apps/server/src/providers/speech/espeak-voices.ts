// The six voices of the spec as eSpeak NG presets: a voice variant, pitch (0–99), speed (words per
// minute) and gap between words (10 ms units). Each is audibly different; their median pitches on a
// test sentence are about 104, 85, 199, 93, 216 and 256 Hz, and sage is the slowest.
import type { VoiceId } from "@tessera/contracts";

interface Preset {
  variant: string;
  pitch: number;
  speed: number;
  wordGap?: number;
}

export const ESPEAK_PRESETS: Record<VoiceId, Preset> = {
  /** Neutral: a plain American voice at an ordinary pace. */
  alloy: { variant: "en-us+m3", pitch: 50, speed: 165 },
  /** Warm: a lower, unhurried British voice. */
  verse: { variant: "en-gb-x-rp+m1", pitch: 38, speed: 155 },
  /** Friendly: a lighter voice, a touch brisk. */
  coral: { variant: "en-us+f2", pitch: 58, speed: 170 },
  /** Calm: low and slow, with room between words. */
  sage: { variant: "en-us+m7", pitch: 32, speed: 140, wordGap: 2 },
  /** Energetic: quick and high. */
  vibe: { variant: "en-us+f4", pitch: 70, speed: 200 },
  /** Bright: the highest voice, clear and lively. */
  nova: { variant: "en-us+f3", pitch: 78, speed: 175 },
};

/** eSpeak NG command-line options of a voice. */
export function espeakArgs(voice: VoiceId): string[] {
  const p = ESPEAK_PRESETS[voice];
  return [
    "-v",
    p.variant,
    "-p",
    String(p.pitch),
    "-s",
    String(p.speed),
    ...(p.wordGap ? ["-g", String(p.wordGap)] : []),
  ];
}
