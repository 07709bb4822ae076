// Turning a script into a kept voice-over (spec §7 text-to-voice): the plan must include voice; the
// speech engine speaks; the MP3 is stored and its row written; the answer carries it as base64.
import { randomBytes } from "node:crypto";
import { VOICE_MESSAGES, type TextToVoiceResponse, type VoiceId } from "@tessera/contracts";
import { requireFeature } from "../../billing/plans";
import type { Database } from "../../db/client";
import { voiceOvers } from "../../db/schema";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { NothingToSpeakError, type SpeechAudio, type SpeechProvider } from "../../providers/speech/types";
import type { Storage } from "../../providers/storage/storage";
import { toVoiceOver } from "./voice-over-view";

export interface VoiceDeps {
  db: Database;
  storage: Storage;
  speech: SpeechProvider;
}

export async function createVoiceOver(
  deps: VoiceDeps & { logger: Logger },
  userId: string,
  input: { text: string; voice: VoiceId; fileName: string },
  signal?: AbortSignal,
): Promise<TextToVoiceResponse> {
  await requireFeature(deps.db, userId, "voice");
  const started = performance.now();
  let audio: SpeechAudio;
  try {
    audio = await deps.speech.speak(input.text, input.voice, { signal });
  } catch (cause) {
    if (cause instanceof NothingToSpeakError) throw new AppError("BAD_REQUEST", cause.message, { cause });
    throw new AppError("UNAVAILABLE", VOICE_MESSAGES.unavailable, { cause });
  }
  const key = `voice-overs/${Date.now()}-${randomBytes(12).toString("hex")}.mp3`;
  await deps.storage.put(key, audio.mp3, "audio/mpeg");
  let row: typeof voiceOvers.$inferSelect | undefined;
  try {
    [row] = await deps.db
      .insert(voiceOvers)
      .values({
        userId,
        text: input.text,
        voice: input.voice,
        fileName: input.fileName,
        provider: deps.speech.id,
        storageKey: key,
        durationMs: audio.durationMs,
        bytes: audio.mp3.byteLength,
      })
      .returning();
  } catch (err) {
    await deps.storage.remove(key).catch(() => undefined);
    throw err;
  }
  deps.logger.info(
    {
      event: "voice.generated",
      provider: deps.speech.id,
      voice: input.voice,
      characters: input.text.length,
      durationMs: audio.durationMs,
      bytes: audio.mp3.byteLength,
      ms: Math.round(performance.now() - started),
    },
    "voice-over generated",
  );
  return { ...toVoiceOver(row!, deps.storage), audioContent: Buffer.from(audio.mp3).toString("base64") };
}
